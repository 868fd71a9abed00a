import { MarginFlows } from './MarginFlows';

/** /finance/earnest-money/examine-list: payments of earnest money waiting for the platform. */
export default function MarginAuditPage() {
  return <MarginFlows audited={false} />;
}
