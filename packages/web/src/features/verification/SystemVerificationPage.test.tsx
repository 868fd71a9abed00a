import { beforeEach, describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { md5 } from 'js-md5';
import { MSG, verificationEndpoints, type TwoStepSettings } from '@agora/contract';
import { fixture, stubApi } from '@/test/api';
import type { SentRequest } from '@/test/network';
import { renderPage, signIn } from '@/test/pageHarness';
import SystemVerificationPage from './SystemVerificationPage';

const BASE = verificationEndpoints.settings.path;

/** Verification settings as the server keeps them; writes need a passed check once a method is on. */
function serve(initial: TwoStepSettings): SentRequest[] {
  let settings = initial;
  let passed = false;
  const guarded = () => (settings.message_auth === 1 || settings.password_auth === 1) && !passed;
  const refuse = { status: 428, data: { code: 'TWO_STEP_REQUIRED', message: '请先完成二次身份验证' } };
  /** A write once the check is passed (or no method is on): the new settings, or the refusal. */
  const write = (change: () => TwoStepSettings | typeof refuse) => () => {
    if (guarded()) return refuse;
    const next = change();
    if ('status' in next) return next;
    settings = next;
    return settings;
  };
  return stubApi(
    fixture(verificationEndpoints.settings, () => settings),
    fixture(verificationEndpoints.outbox, { data: [], page_no: 1, page_size: 20, data_total: 0 }),
    fixture(verificationEndpoints.checkPassword, () => {
      passed = true;
      return { expires_in: 300 };
    }),
    fixture(verificationEndpoints.sendBindingCode, () => (guarded() ? refuse : {})),
    fixture(verificationEndpoints.bindMobile, write(() => ({ ...settings, mobile: '138*****000' }))),
    fixture(verificationEndpoints.setPassword, ({ body }) =>
      write(() =>
        settings.has_password && !(body as { old_password?: string }).old_password
          ? { status: 400, data: { code: 'VERIFY_OLD_PASSWORD_REQUIRED', message: '请输入原验证密码' } }
          : { ...settings, has_password: true },
      )(),
    ),
    fixture(verificationEndpoints.save, ({ body }) => write(() => ({ ...settings, ...(body as Partial<TwoStepSettings>) }))()),
  );
}

const puts = (sent: SentRequest[], url: string) => sent.filter((entry) => entry.method === 'PUT' && entry.url === url);
const bodyOf = (request: SentRequest | undefined): unknown => (request ? JSON.parse(String(request.body)) : undefined);

// Each test drives whole antd forms in jsdom, which is slow on a busy machine.
describe('second-step verification settings', { timeout: 15_000 }, () => {
  beforeEach(() => {
    signIn();
  });

  it('offers a method only once what it needs is set up', async () => {
    serve({ message_auth: 0, password_auth: 0, mobile: '', has_password: false });
    renderPage(<SystemVerificationPage />);

    const sms = (await screen.findByRole('switch', { name: '短信验证' })) as HTMLButtonElement;
    expect(sms.disabled).toBe(true);
    expect((screen.getByRole('switch', { name: '密码验证' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('sets the verification password as its MD5 after checking the confirmation', async () => {
    const sent = serve({ message_auth: 0, password_auth: 0, mobile: '', has_password: false });
    const user = userEvent.setup();
    renderPage(<SystemVerificationPage />);

    await user.type(await screen.findByPlaceholderText('6-20位英文或数字'), 'verify1');
    await user.type(screen.getByPlaceholderText('请再次输入验证密码'), 'verify2');
    await user.click(screen.getByRole('button', { name: '保存验证密码' }));
    expect(await screen.findByText(MSG.passwordMismatch)).toBeTruthy();
    expect(puts(sent, `${BASE}/update-password`)).toHaveLength(0);

    await user.clear(screen.getByPlaceholderText('请再次输入验证密码'));
    await user.type(screen.getByPlaceholderText('请再次输入验证密码'), 'verify1');
    await user.click(screen.getByRole('button', { name: '保存验证密码' }));
    await waitFor(() => expect(puts(sent, `${BASE}/update-password`)).toHaveLength(1));
    expect(bodyOf(puts(sent, `${BASE}/update-password`)[0])).toEqual({ password: md5('verify1') });
    await waitFor(() => expect((screen.getByRole('switch', { name: '密码验证' }) as HTMLButtonElement).disabled).toBe(false));
  });

  it('asks for the old verification password before replacing one', async () => {
    const sent = serve({ message_auth: 0, password_auth: 0, mobile: '', has_password: true });
    const user = userEvent.setup();
    renderPage(<SystemVerificationPage />);

    expect(await screen.findByText('修改验证密码')).toBeTruthy();
    await user.type(screen.getByPlaceholderText('6-20位英文或数字'), 'verify2');
    await user.type(screen.getByPlaceholderText('请再次输入验证密码'), 'verify2');
    await user.click(screen.getByRole('button', { name: '保存验证密码' }));
    expect(await screen.findByText('请输入原验证密码')).toBeTruthy();
    expect(puts(sent, `${BASE}/update-password`)).toHaveLength(0);

    await user.type(screen.getByPlaceholderText('请输入原验证密码'), 'verify1');
    await user.click(screen.getByRole('button', { name: '保存验证密码' }));
    await waitFor(() => expect(puts(sent, `${BASE}/update-password`)).toHaveLength(1));
    expect(bodyOf(puts(sent, `${BASE}/update-password`)[0])).toEqual({ password: md5('verify2'), old_password: md5('verify1') });
    expect(await screen.findByText('验证密码已保存')).toBeTruthy();
  });

  it('binding a mobile while a method is on passes the second step first, then sends the code', async () => {
    const sent = serve({ message_auth: 0, password_auth: 1, mobile: '', has_password: true });
    const user = userEvent.setup();
    renderPage(<SystemVerificationPage />);

    await user.type(await screen.findByPlaceholderText('请输入要绑定的手机号'), '13800138000');
    await user.click(screen.getByRole('button', { name: /获取验证码/ }));
    await user.type(await screen.findByPlaceholderText('请输入验证密码'), 'verify1');
    await user.click(screen.getByRole('button', { name: /^验\s?证$/ }));

    expect(await screen.findByText(MSG.smsSent)).toBeTruthy();
    expect(puts(sent, `${BASE}/smscode/13800138000`)).toHaveLength(2);
    expect(await screen.findByRole('button', { name: /60秒后重新获取/ })).toBeTruthy();

    await user.type(screen.getByPlaceholderText('6位数字验证码'), '123456');
    await user.click(screen.getByRole('button', { name: /^绑\s?定$/ }));
    await waitFor(() => expect(puts(sent, `${BASE}/valid/code`)).toHaveLength(1));
    expect(bodyOf(puts(sent, `${BASE}/valid/code`)[0])).toEqual({ mobile: '13800138000', sms_code: '123456' });
    expect(await screen.findByText('138*****000')).toBeTruthy();
  });

  it('refuses a malformed mobile number without sending a code', async () => {
    const sent = serve({ message_auth: 0, password_auth: 0, mobile: '', has_password: false });
    const user = userEvent.setup();
    renderPage(<SystemVerificationPage />);

    await user.type(await screen.findByPlaceholderText('请输入要绑定的手机号'), '12ab');
    await user.click(screen.getByRole('button', { name: /获取验证码/ }));

    expect(await screen.findByText(MSG.mobileInvalid)).toBeTruthy();
    expect(sent.filter((entry) => entry.method === 'PUT')).toHaveLength(0);
  });
});
