import { MemberTable } from './MemberTable';

export default function MemberListPage() {
  return <MemberTable mode="list" />;
}
