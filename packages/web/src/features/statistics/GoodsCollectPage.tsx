import { RankReportPage } from './RankReportPage';

export default function GoodsCollectPage() {
  return <RankReportPage report="goodsCollect" />;
}
