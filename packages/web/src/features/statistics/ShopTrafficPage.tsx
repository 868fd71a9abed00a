import { RankReportPage } from './RankReportPage';

export default function ShopTrafficPage() {
  return <RankReportPage report="trafficShop" />;
}
