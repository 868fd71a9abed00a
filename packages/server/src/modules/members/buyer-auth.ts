/**
 * The buyer's public calls carry the member's name and password (md5, as the storefront sends it),
 * checked through the same lockout as the console's sign-in, so no such endpoint is a password oracle.
 */
import { eq } from 'drizzle-orm';
import type { ErrorCode } from '@agora/contract';
import type { AppContext } from '../../platform/context.js';
import { badRequest } from '../../platform/errors.js';
import { verifyPassword } from '../../platform/passwords.js';
import { claimAttempt } from '../../platform/throttle.js';
import { members } from './tables.js';

export interface MemberCredentials {
  uname: string;
  password: string;
  ip: string;
}

/** The enabled member these credentials name, or SIGN_MEMBER_INVALID; `lockedCode` answers too many failures. */
export async function authenticateMember(ctx: AppContext, input: MemberCredentials, lockedCode: ErrorCode): Promise<{ id: number; uname: string }> {
  const attempt = await claimAttempt(ctx, `member:${input.uname}`, input.ip, lockedCode);
  const [member] = await ctx.db.select({ id: members.id, uname: members.uname, passwordHash: members.passwordHash, disabled: members.disabled }).from(members).where(eq(members.uname, input.uname));
  if (!member || member.disabled !== 0 || !member.passwordHash || !(await verifyPassword(member.passwordHash, input.password))) throw badRequest('SIGN_MEMBER_INVALID');
  await attempt.succeeded();
  return { id: member.id, uname: member.uname };
}
