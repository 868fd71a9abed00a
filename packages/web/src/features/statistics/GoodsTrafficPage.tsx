import { RankReportPage } from './RankReportPage';

export default function GoodsTrafficPage() {
  return <RankReportPage report="trafficGoods" />;
}
