import { TimeReportPage } from './TimeReportPage';

export default function RefundStatisticsPage() {
  return <TimeReportPage report="refunds" />;
}
