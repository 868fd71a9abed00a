import { TimeReportPage } from './TimeReportPage';

export default function OrderStatisticsPage() {
  return <TimeReportPage report="orders" />;
}
