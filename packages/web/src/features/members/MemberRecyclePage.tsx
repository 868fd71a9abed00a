import { MemberTable } from './MemberTable';

export default function MemberRecyclePage() {
  return <MemberTable mode="recycle" />;
}
