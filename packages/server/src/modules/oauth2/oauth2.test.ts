import { beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { OAuth2Client, OAuth2ClientSecret, Page } from '@agora/contract';
import { insertCategory, insertShop } from '../../test/marketplace-fixtures.js';
import { type Session, type TestApp, withTestApp } from '../../test/harness.js';
import { brands } from '../goods/tables.js';
import { systemLogs } from '../system-logs/tables.js';
import { verifyClientSecret } from './service.js';
import { oauth2Clients } from './tables.js';

let t: TestApp;
let founder: Session;
withTestApp((app, session) => {
  t = app;
  founder = session;
});
// Every change of a client asks for the second step (docs/roles.md); these tests are about what comes after it.
beforeAll(async () => {
  founder = await t.verifiedSession(founder);
});

const URL_BASE = 'admin/systems/oauth2-client';
const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object, session: Session = founder) =>
  t.inject({ method, url: `/api/${url}`, payload, session });

const body = (overrides: object = {}) => ({
  client_name: '仓储系统',
  status: 1,
  access_token_validity: 3600,
  refresh_token_validity: 86_400,
  grant_types: ['authorization_code', 'refresh_token'],
  redirect_uris: ['https://wms.example.com/callback'],
  ...overrides,
});

describe('OAuth2 clients', () => {
  it('creates a client, shows its secret once, stores only a hash, and never answers it again', async () => {
    const shop = await insertShop(t.ctx);
    const category = await insertCategory(t.ctx);
    const [brand] = await t.ctx.db.insert(brands).values({ name: '授权品牌', logo: '/x.png' }).returning();
    const created = await call('POST', URL_BASE, body({ shop_ids: [shop.id], brand_ids: [brand.id], category_ids: [category.id] }));
    expect(created.statusCode, created.body).toBe(200);
    const secret = created.json() as OAuth2ClientSecret;
    expect(secret.client_id).toMatch(/^agora_[0-9a-f]{24}$/);
    expect(secret.client_secret.length).toBeGreaterThanOrEqual(40);

    const [stored] = await t.ctx.db.select().from(oauth2Clients).where(eq(oauth2Clients.id, secret.id));
    expect(stored.secretHash).not.toContain(secret.client_secret);
    expect(await verifyClientSecret(t.ctx.db, secret.client_id, secret.client_secret)).toBe(true);

    const detail = await call('GET', `${URL_BASE}/${secret.id}`);
    expect(detail.body).not.toContain(secret.client_secret);
    expect(detail.json()).toMatchObject({
      client_name: '仓储系统',
      client_id: secret.client_id,
      grant_types: ['authorization_code', 'refresh_token'],
      shops: [{ shop_id: shop.id, shop_name: shop.shopName }],
      brands: [{ brand_id: brand.id, name: '授权品牌' }],
      categories: [{ category_id: category.id, name: category.name }],
    } satisfies Partial<OAuth2Client>);
    const list = (await call('GET', `${URL_BASE}?keyword=仓储`)).json() as Page<OAuth2Client>;
    expect(list.data.map((client) => client.id)).toEqual([secret.id]);
    expect(JSON.stringify(list)).not.toContain(secret.client_secret);

    const [log] = await t.ctx.db.select().from(systemLogs).where(eq(systemLogs.operateDetail, '新增OAuth2客户端'));
    expect(log.level).toBe('important');
    expect(log.params).not.toContain(secret.client_secret);
  });

  it('rotates the secret: the new one is shown once and the old one stops working', async () => {
    const created = (await call('POST', URL_BASE, body({ client_name: '客服系统' }))).json() as OAuth2ClientSecret;
    const rotated = await call('PUT', `${URL_BASE}/${created.id}/secret`);
    expect(rotated.statusCode).toBe(200);
    const next = rotated.json() as OAuth2ClientSecret;
    expect(next.client_id).toBe(created.client_id);
    expect(next.client_secret).not.toBe(created.client_secret);
    expect(await verifyClientSecret(t.ctx.db, created.client_id, created.client_secret)).toBe(false);
    expect(await verifyClientSecret(t.ctx.db, created.client_id, next.client_secret)).toBe(true);

    const disabled = await call('PUT', `${URL_BASE}/${created.id}`, body({ client_name: '客服系统', status: 0 }));
    expect(disabled.json().status).toBe(0);
    expect(await verifyClientSecret(t.ctx.db, created.client_id, next.client_secret)).toBe(false);
    expect((await call('GET', `${URL_BASE}?status=0`)).json().data.map((client: OAuth2Client) => client.id)).toEqual([created.id]);
  });

  it('validates redirect URIs as URLs, grants, lifetimes and the scope', async () => {
    const refuse = async (payload: object, message: string) => {
      const response = await call('POST', URL_BASE, body({ client_name: '校验', ...payload }));
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toBe(message);
    };
    await refuse({ redirect_uris: ['not a url'] }, '回调地址不是有效的URL');
    await refuse({ redirect_uris: ['ftp://example.com/cb'] }, '回调地址须以 http:// 或 https:// 开头');
    await refuse({ redirect_uris: ['https://example.com/cb#x'] }, '回调地址不能包含 # 片段');
    await refuse({ redirect_uris: [] }, '授权码和简化模式需要至少一个回调地址');
    await refuse({ grant_types: [] }, '请至少选择一种授权方式');
    await refuse({ grant_types: ['magic'] }, '授权方式无效');
    await refuse({ access_token_validity: 10 }, '访问令牌有效期为60-86400秒');
    await refuse({ refresh_token_validity: 600 }, '刷新令牌有效期不能短于访问令牌有效期');
    await refuse({ shop_ids: [999_999] }, '授权范围中的店铺不存在：999999');
    const machine = await call('POST', URL_BASE, body({ client_name: '对账脚本', grant_types: ['client_credentials'], redirect_uris: [] }));
    expect(machine.statusCode, machine.body).toBe(200);
  });

  it('refuses a taken name, also when two operators create it at the same moment', async () => {
    expect((await call('POST', URL_BASE, body())).json().message).toBe('客户端名称已存在');
    const [first, second] = await Promise.all([call('POST', URL_BASE, body({ client_name: '并发' })), call('POST', URL_BASE, body({ client_name: '并发' }))]);
    expect([first.statusCode, second.statusCode].sort()).toEqual([200, 400]);
    expect([first, second].find((response) => response.statusCode === 400)!.json().message).toBe('客户端名称已存在');
    expect(await t.ctx.db.$count(oauth2Clients, eq(oauth2Clients.name, '并发'))).toBe(1);
  });

  it('deletes a client, and is for operators holding the OAuth2 client screen', async () => {
    const created = (await call('POST', URL_BASE, body({ client_name: '临时' }))).json() as OAuth2ClientSecret;
    const { session } = await t.adminWithPermissions(founder, ['memberList']);
    expect((await call('GET', URL_BASE, undefined, session)).statusCode).toBe(403);
    expect((await call('PUT', `${URL_BASE}/${created.id}/secret`, undefined, session)).statusCode).toBe(403);
    expect((await call('DELETE', `${URL_BASE}/${created.id}`)).statusCode).toBe(200);
    expect((await call('GET', `${URL_BASE}/${created.id}`)).json().message).toBe('OAuth2客户端不存在');
    expect((await call('DELETE', `${URL_BASE}/abc`)).statusCode).toBe(400);
  });
});
