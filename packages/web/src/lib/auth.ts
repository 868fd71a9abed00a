import { md5 } from 'js-md5';
import { preLoginEndpoints } from '@agora/contract';
import { api } from './api';
import { clearSession, getRefreshToken, getUser } from './session';

export { login } from './sign-in';

/** Lowercase hex MD5 of a typed password: the "hashed password" every call sends (spec §7). */
export const hashPassword = (plain: string): string => md5(plain);

/** Ends the session on the server (when there still is one) and forgets it here. */
export async function logout(): Promise<void> {
  const user = getUser();
  if (user && getRefreshToken()) {
    // An unreachable server must not keep the operator signed in on this machine.
    await api(preLoginEndpoints.logout, { query: { uid: user.uid } }, { message: false }).catch(() => undefined);
  }
  clearSession();
}

export const isLoggedIn = (): boolean => Boolean(getRefreshToken());
