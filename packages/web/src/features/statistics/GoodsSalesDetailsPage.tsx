import { RankReportPage } from './RankReportPage';

export default function GoodsSalesDetailsPage() {
  return <RankReportPage report="goodsSales" />;
}
