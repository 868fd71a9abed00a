import { beforeEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { PLUGINS, smsPlatformEndpoints, type PluginConfig } from '@agora/contract';
import { fixture, stubApi } from '@/test/api';
import { currentUrl, renderPage, signIn } from '@/test/pageHarness';
import { SmsGatewayPage } from './PluginPage';

function plugins(openId: string, gatewaySecretSet: boolean): PluginConfig[] {
  return PLUGINS.SMS.map((plugin) => ({
    plugin_id: plugin.plugin_id,
    name: plugin.name,
    open: plugin.plugin_id === openId ? 1 : 0,
    builtin: plugin.builtin,
    items: [...plugin.items],
    config: Object.fromEntries(plugin.items.filter((item) => !item.secret).map((item) => [item.name, item.name === 'url' ? 'https://sms.example/send' : ''])),
    secrets_set: gatewaySecretSet && !plugin.builtin ? ['app_secret'] : [],
    update_time: 1_763_000_000,
  }));
}

describe('plugin-style config page (SMS gateways)', { timeout: 40_000 }, () => {
  beforeEach(() => signIn());

  it('shows which gateway is open, keeps secrets write-only and opens another after a confirmation', async () => {
    let openId = 'smsOutboxPlugin';
    let gatewayConfig: Record<string, string> | undefined;
    const stored = () => plugins(openId, true).map((plugin) => (gatewayConfig && plugin.plugin_id === 'smsHttpGatewayPlugin' ? { ...plugin, config: gatewayConfig } : plugin));
    const sent = stubApi(
      fixture(smsPlatformEndpoints.list, stored),
      fixture(smsPlatformEndpoints.save, ({ body }) => {
        gatewayConfig = (body as { config: Record<string, string> }).config;
        return stored()[1];
      }),
      fixture(smsPlatformEndpoints.open, ({ params }) => {
        openId = params.plugin_id;
        return stored().find((plugin) => plugin.plugin_id === openId)!;
      }),
    );
    const user = userEvent.setup();
    renderPage(<SmsGatewayPage />, { path: '/sms', url: '/sms' });

    const outboxRow = (await screen.findByText('开发环境发件箱')).closest('tr')!;
    expect(within(outboxRow).getByText('已开启')).toBeTruthy();
    expect(within(outboxRow).getByText('内置')).toBeTruthy();
    const gatewayRow = screen.getByText('HTTP 短信网关').closest('tr')!;
    expect(within(gatewayRow).getByText(/密钥已设置：1项/)).toBeTruthy();

    await user.click(within(gatewayRow).getByText('配置'));
    await waitFor(() => expect(currentUrl()).toContain('edit=smsHttpGatewayPlugin'));
    const secret = await screen.findByLabelText('应用密钥（签名用）');
    expect((secret as HTMLInputElement).value).toBe('');
    expect((secret as HTMLInputElement).placeholder).toBe('已设置（不显示）');
    await user.type(screen.getByLabelText('应用Key'), 'agora-app');
    await user.click(screen.getByRole('button', { name: /保\s*存/ }));
    await waitFor(() => expect(sent.some((request) => request.method === 'PUT' && request.url.endsWith('smsHttpGatewayPlugin'))).toBe(true));
    const saved = sent.find((request) => request.method === 'PUT' && request.url.endsWith('smsHttpGatewayPlugin'))!;
    expect(JSON.parse(String(saved.body))).toEqual({ config: { url: 'https://sms.example/send', app_key: 'agora-app', sign_name: '' }, secrets: {} });

    await user.click(within(screen.getByText('HTTP 短信网关').closest('tr')!).getByText('开启'));
    expect(await screen.findByText('开启“HTTP 短信网关”后，当前开启的“开发环境发件箱”将关闭，确定吗？')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: /确\s*定|OK/ }));
    await waitFor(() => expect(within(screen.getByText('HTTP 短信网关').closest('tr')!).getByText('已开启')).toBeTruthy());
  });
  it('asks for every required setting in the browser, even while the plugin is off, and offers no 开启 until they are filled', async () => {
    const blank = plugins('smsOutboxPlugin', false).map((plugin) => ({ ...plugin, config: Object.fromEntries(Object.keys(plugin.config).map((name) => [name, ''])) }));
    const sent = stubApi(fixture(smsPlatformEndpoints.list, () => blank));
    const user = userEvent.setup();
    renderPage(<SmsGatewayPage />, { path: '/sms', url: '/sms?edit=smsHttpGatewayPlugin' });

    const gatewayRow = (await screen.findByText('HTTP 短信网关')).closest('tr')!;
    expect((within(gatewayRow).getByRole('button', { name: /开\s*启/ }) as HTMLButtonElement).disabled).toBe(true);
    for (const required of ['网关地址', '应用Key', '应用密钥（签名用）']) expect(screen.getByText(required, { selector: 'label' }).classList.contains('ant-form-item-required')).toBe(true);
    expect(screen.getByText('短信签名', { selector: 'label' }).classList.contains('ant-form-item-required')).toBe(false);
    await user.type(screen.getByLabelText('网关地址'), 'https://sms.example/send');
    await user.click(screen.getByRole('button', { name: /保\s*存/ }));
    expect(await screen.findByText('未填写：应用Key')).toBeTruthy();
    expect(screen.getByText('未填写：应用密钥（签名用）')).toBeTruthy();
    expect(screen.queryByText('未填写：网关地址')).toBeNull();
    expect(sent.filter((request) => request.method === 'PUT')).toEqual([]);
  });
});
