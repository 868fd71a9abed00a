import { preLoginEndpoints, type AdminProfile } from '@agora/contract';
import { api } from './api';
import { getUuid, saveLogin } from './session';

/**
 * Signs in (spec §7: the password goes as its lowercase hex MD5). The hash's code loads on
 * submit, not with the sign-in page (issue 18's page weight); `hashPassword` in auth.ts is the same.
 */
export async function login(username: string, plainPassword: string, captcha: string): Promise<AdminProfile> {
  const { md5 } = await import('js-md5');
  const result = await api(preLoginEndpoints.login, { query: { username, password: md5(plainPassword), captcha, uuid: getUuid() } });
  return saveLogin(result);
}
