import { RankReportPage } from './RankReportPage';

export default function MemberOrderAmountPage() {
  return <RankReportPage report="memberOrders" />;
}
