import { beforeEach, describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { oauth2Endpoints, type OAuth2Client } from '@agora/contract';
import { fixture, stubApi } from '@/test/api';
import { currentUrl, renderPage, signIn } from '@/test/pageHarness';
import OAuth2ClientPage from './OAuth2ClientPage';

const CLIENT: OAuth2Client = {
  id: 1,
  client_name: '仓储管理系统',
  client_id: 'agora_wms0000000000000000001',
  status: 1,
  access_token_validity: 7200,
  refresh_token_validity: 2_592_000,
  grant_types: ['authorization_code', 'refresh_token'],
  redirect_uris: ['https://wms.example.com/cb'],
  shops: [{ shop_id: 3, shop_name: '三号店' }],
  brands: [],
  categories: [],
  create_time: 1_763_000_000,
  secret_time: 1_763_000_000,
};
const SECRET = 'N3w-s3cret-shown-only-once-0123456789abcdefgh';

const list = fixture(oauth2Endpoints.list, { data: [CLIENT], page_no: 1, page_size: 20, data_total: 1 });

describe('OAuth2 clients', { timeout: 60_000 }, () => {
  beforeEach(() => {
    signIn();
  });

  it('lists clients with their grants and lifetimes', async () => {
    stubApi(list);
    renderPage(<OAuth2ClientPage />, { path: '/clients' });
    expect(await screen.findByText('仓储管理系统')).toBeTruthy();
    expect(screen.getByText('授权码')).toBeTruthy();
    expect(screen.getByText('访问 2 小时')).toBeTruthy();
    expect(screen.getByText('刷新 30 天')).toBeTruthy();
    expect(screen.getByText('店铺 1 · 品牌 0')).toBeTruthy();
    expect(screen.getByText('分类 0')).toBeTruthy();
    // The integrators' reference opens beside the console (the server's page, signed in with this session).
    const reference = screen.getByRole('link', { name: /接口文档/ });
    expect(reference.getAttribute('href')).toBe('/api/docs');
    expect(reference.getAttribute('target')).toBe('_blank');
  });

  it('refuses a redirect URI that is not a URL, then shows the new secret once and never puts it in the URL', async () => {
    const sent = stubApi(list, fixture(oauth2Endpoints.create, { id: 2, client_id: 'agora_new', client_secret: SECRET }));
    const user = userEvent.setup();
    renderPage(<OAuth2ClientPage />, { path: '/clients' });
    await user.click(await screen.findByRole('button', { name: '添加客户端' }));
    expect(currentUrl()).toContain('edit=new');
    await user.click(screen.getByLabelText('客户端名称'));
    await user.paste('开放平台');
    await user.click(screen.getByPlaceholderText('https://example.com/oauth/callback'));
    await user.paste('not a url');
    await user.click(screen.getByRole('button', { name: /保\s*存/ }));
    expect(await screen.findByText('请输入以 http:// 或 https:// 开头、不含 # 的完整地址')).toBeTruthy();
    expect(sent.some((request) => request.method === 'POST')).toBe(false);

    await user.clear(screen.getByPlaceholderText('https://example.com/oauth/callback'));
    await user.click(screen.getByPlaceholderText('https://example.com/oauth/callback'));
    await user.paste('https://open.example.com/cb');
    await user.click(screen.getByRole('button', { name: /保\s*存/ }));
    expect(await screen.findByText(SECRET)).toBeTruthy();
    const posted = sent.find((request) => request.method === 'POST')!;
    expect(JSON.parse(String(posted.body))).toMatchObject({ client_name: '开放平台', status: 1, redirect_uris: ['https://open.example.com/cb'], grant_types: ['authorization_code', 'refresh_token'] });
    await waitFor(() => expect(currentUrl()).not.toContain('edit'));
    expect(currentUrl()).not.toContain(SECRET);

    await user.click(screen.getByRole('button', { name: '我已保存' }));
    await waitFor(() => expect(screen.queryByText(SECRET)).toBeNull());
  });

  it('rotates a secret from the client’s dialog after confirming and shows the new one', async () => {
    const sent = stubApi(list, fixture(oauth2Endpoints.rotateSecret, { id: 1, client_id: CLIENT.client_id, client_secret: SECRET }));
    const user = userEvent.setup();
    renderPage(<OAuth2ClientPage />, { path: '/clients', url: '/clients?edit=1' });
    await user.click(await screen.findByRole('button', { name: '重置密钥' }));
    await user.click(await screen.findByRole('button', { name: /确\s*定|OK/ }));
    expect(await screen.findByText(SECRET)).toBeTruthy();
    expect(sent.some((request) => request.method === 'PUT' && request.url === 'admin/systems/oauth2-client/1/secret')).toBe(true);
    await waitFor(() => expect(currentUrl()).not.toContain('edit'));
  });
});
