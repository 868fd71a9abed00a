import { TimeReportPage } from './TimeReportPage';

export default function AddedMemberPage() {
  return <TimeReportPage report="addedMembers" />;
}
