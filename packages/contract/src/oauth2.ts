import { z } from 'zod';
import { idOf, idParam, listQuery, type Page } from './common.js';
import { defineEndpoints, endpoint, returns } from './endpoint.js';

/** The grants an OAuth2 client may use (DOMAIN §2.29). */
export const OAUTH2_GRANT_TYPES = ['authorization_code', 'password', 'client_credentials', 'refresh_token', 'implicit'] as const;
export type OAuth2GrantType = (typeof OAUTH2_GRANT_TYPES)[number];
/** Grants that send the user back to the client: they need at least one redirect URI. */
export const REDIRECTING_GRANTS: readonly OAuth2GrantType[] = ['authorization_code', 'implicit'];

export const OAUTH2_CLIENT_STATUS = { DISABLED: 0, ENABLED: 1 } as const;

/** Token lifetimes in seconds: at least a minute, an access token at most a day, a refresh token at most a year. */
export const OAUTH2_TOKEN_LIMITS = { min: 60, accessMax: 86_400, refreshMax: 31_536_000 } as const;
export const OAUTH2_SCOPE_MAX = 100;
export const OAUTH2_REDIRECT_URIS_MAX = 10;

/** An absolute http(s) address without a fragment (RFC 6749 §3.1.2), as a redirect URI must be. */
export function redirectUriProblem(value: string): string | null {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return '回调地址不是有效的URL';
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return '回调地址须以 http:// 或 https:// 开头';
  if (url.hash) return '回调地址不能包含 # 片段';
  return null;
}

const redirectUri = z
  .string()
  .trim()
  .max(500, '回调地址最多500个字符')
  .superRefine((value, context) => {
    const problem = redirectUriProblem(value);
    if (problem) context.addIssue({ code: 'custom', message: problem });
  });

const scopeIds = (message: string) => z.array(idOf(message)).max(OAUTH2_SCOPE_MAX, `每类范围最多${OAUTH2_SCOPE_MAX}项`).default([]);

export const oauth2ClientBody = z
  .object({
    client_name: z.string().trim().min(1, '请输入客户端名称').max(50, '客户端名称最多50个字符'),
    status: z.coerce.number().int().min(0).max(1).default(OAUTH2_CLIENT_STATUS.ENABLED),
    access_token_validity: z.coerce
      .number({ message: '请输入访问令牌有效期' })
      .int('有效期应为整数秒')
      .min(OAUTH2_TOKEN_LIMITS.min, `访问令牌有效期为${OAUTH2_TOKEN_LIMITS.min}-${OAUTH2_TOKEN_LIMITS.accessMax}秒`)
      .max(OAUTH2_TOKEN_LIMITS.accessMax, `访问令牌有效期为${OAUTH2_TOKEN_LIMITS.min}-${OAUTH2_TOKEN_LIMITS.accessMax}秒`),
    refresh_token_validity: z.coerce
      .number({ message: '请输入刷新令牌有效期' })
      .int('有效期应为整数秒')
      .min(OAUTH2_TOKEN_LIMITS.min, `刷新令牌有效期为${OAUTH2_TOKEN_LIMITS.min}-${OAUTH2_TOKEN_LIMITS.refreshMax}秒`)
      .max(OAUTH2_TOKEN_LIMITS.refreshMax, `刷新令牌有效期为${OAUTH2_TOKEN_LIMITS.min}-${OAUTH2_TOKEN_LIMITS.refreshMax}秒`),
    grant_types: z
      .array(z.enum(OAUTH2_GRANT_TYPES, { message: '授权方式无效' }))
      .min(1, '请至少选择一种授权方式')
      .transform((grants) => OAUTH2_GRANT_TYPES.filter((grant) => grants.includes(grant))),
    redirect_uris: z.array(redirectUri).max(OAUTH2_REDIRECT_URIS_MAX, `回调地址最多${OAUTH2_REDIRECT_URIS_MAX}个`).default([]).transform((uris) => [...new Set(uris)]),
    shop_ids: scopeIds('店铺id格式有误'),
    brand_ids: scopeIds('品牌id格式有误'),
    category_ids: scopeIds('分类id格式有误'),
  })
  .superRefine((body, context) => {
    if (body.grant_types.some((grant) => REDIRECTING_GRANTS.includes(grant)) && body.redirect_uris.length === 0) {
      context.addIssue({ code: 'custom', path: ['redirect_uris'], message: '授权码和简化模式需要至少一个回调地址' });
    }
    if (body.refresh_token_validity < body.access_token_validity) {
      context.addIssue({ code: 'custom', path: ['refresh_token_validity'], message: '刷新令牌有效期不能短于访问令牌有效期' });
    }
  });
export type OAuth2ClientInput = z.infer<typeof oauth2ClientBody>;

export const oauth2ClientQuery = listQuery({
  keyword: z.string().trim().max(50).optional(),
  status: z.coerce.number().int().min(0).max(1).optional(),
});
export type OAuth2ClientQuery = z.output<typeof oauth2ClientQuery>;

export interface OAuth2Client {
  id: number;
  client_name: string;
  client_id: string;
  status: 0 | 1;
  access_token_validity: number;
  refresh_token_validity: number;
  grant_types: OAuth2GrantType[];
  redirect_uris: string[];
  /** the data the client may reach: none chosen in a kind means none of that kind */
  shops: { shop_id: number; shop_name: string }[];
  brands: { brand_id: number; name: string }[];
  categories: { category_id: number; name: string }[];
  create_time: number;
  /** when the current secret was issued */
  secret_time: number;
}

/** The secret, in the answer of a create and of a rotation only: it is stored hashed and never shown again. */
export interface OAuth2ClientSecret {
  id: number;
  client_id: string;
  client_secret: string;
}

export const oauth2Endpoints = defineEndpoints('oauth2Clients', {
  list: endpoint({ method: 'GET', path: 'admin/systems/oauth2-client', permission: 'oauth2Client', query: oauth2ClientQuery, response: returns<Page<OAuth2Client>>() }),
  detail: endpoint({ method: 'GET', path: 'admin/systems/oauth2-client/:id', permission: 'oauth2Client', params: idParam, response: returns<OAuth2Client>() }),
  create: endpoint({ method: 'POST', path: 'admin/systems/oauth2-client', permission: 'oauth2Client', twoStep: true, body: oauth2ClientBody, response: returns<OAuth2ClientSecret>() }),
  update: endpoint({ method: 'PUT', path: 'admin/systems/oauth2-client/:id', permission: 'oauth2Client', twoStep: true, params: idParam, body: oauth2ClientBody, response: returns<OAuth2Client>() }),
  rotateSecret: endpoint({ method: 'PUT', path: 'admin/systems/oauth2-client/:id/secret', permission: 'oauth2Client', twoStep: true, params: idParam, response: returns<OAuth2ClientSecret>() }),
  remove: endpoint({ method: 'DELETE', path: 'admin/systems/oauth2-client/:id', permission: 'oauth2Client', twoStep: true, params: idParam }),
});
