import { RankReportPage } from './RankReportPage';

export default function HotGoodsPage() {
  return <RankReportPage report="hotGoods" />;
}
