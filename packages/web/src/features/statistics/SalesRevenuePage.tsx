import { TimeReportPage } from './TimeReportPage';

export default function SalesRevenuePage() {
  return <TimeReportPage report="salesRevenue" />;
}
