import { MarginFlows } from './MarginFlows';

/** /finance/earnest-money/commit-record: payments of earnest money the platform passed or refused. */
export default function MarginRecordPage() {
  return <MarginFlows audited />;
}
