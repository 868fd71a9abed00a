import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { md5 } from 'js-md5';
import { MSG, verificationEndpoints, type TwoStepSettings } from '@agora/contract';
import { api } from '@/lib/api';
import { fixture, stubApi } from '@/test/api';
import type { SentRequest } from '@/test/network';
import { renderPage, signIn } from '@/test/pageHarness';
import { SecondStepGate, useTwoStep } from './TwoStepDialog';

const SAVE_URL = verificationEndpoints.save.path;
const { sendCode, checkSmsCode, checkPassword } = verificationEndpoints;

/** A sensitive action as a page would wire it. */
function SensitiveAction({ onOutcome }: { onOutcome: (outcome: 'saved' | 'refused') => void }) {
  const { run, dialog } = useTwoStep();
  const save = () =>
    run(() => api(verificationEndpoints.save, { body: { message_auth: 1, password_auth: 1 } })).then(
      () => onOutcome('saved'),
      () => onOutcome('refused'),
    );
  return (
    <>
      <button onClick={save}>save settings</button>
      {dialog}
    </>
  );
}

/** The server side of second-step verification: sensitive writes answer 428 until a check passes. */
function serve(settings: TwoStepSettings): SentRequest[] {
  let passed = false;
  const pass = () => {
    passed = true;
    return { expires_in: 300 };
  };
  return stubApi(
    fixture(verificationEndpoints.settings, settings),
    fixture(verificationEndpoints.save, () => (passed ? settings : { status: 428, data: { code: 'TWO_STEP_REQUIRED', message: '请先完成二次身份验证' } })),
    fixture(sendCode, {}),
    fixture(checkSmsCode, pass),
    fixture(checkPassword, pass),
  );
}

const bodyOf = (sent: SentRequest[], method: string, url: string): unknown => {
  const request = sent.find((entry) => entry.method === method && entry.url === url);
  return request && typeof request.body === 'string' ? JSON.parse(request.body) : request?.body;
};
const count = (sent: SentRequest[], method: string, url: string) => sent.filter((entry) => entry.method === method && entry.url === url).length;

const smsOnly: TwoStepSettings = { message_auth: 1, password_auth: 0, mobile: '138*****678', has_password: false };
const passwordOnly: TwoStepSettings = { message_auth: 0, password_auth: 1, mobile: '', has_password: true };

async function openDialog(user: ReturnType<typeof userEvent.setup>) {
  await user.click(screen.getByRole('button', { name: 'save settings' }));
  return screen.findByRole('dialog');
}

// Each test drives an antd dialog in jsdom, which is slow on a busy machine.
describe('second-step verification', { timeout: 15_000 }, () => {
  const onOutcome = vi.fn();

  beforeEach(() => {
    onOutcome.mockReset();
    signIn();
  });

  afterEach(() => vi.useRealTimers());

  it('checks the verification password as its MD5, then retries the refused action once', async () => {
    const sent = serve(passwordOnly);
    const user = userEvent.setup();
    renderPage(<SensitiveAction onOutcome={onOutcome} />);

    const dialog = await openDialog(user);
    await user.type(await within(dialog).findByPlaceholderText('请输入验证密码'), 'secret12');
    await user.click(within(dialog).getByRole('button', { name: /^验\s?证$/ }));

    await waitFor(() => expect(onOutcome).toHaveBeenCalledWith('saved'));
    expect(bodyOf(sent, 'POST', checkPassword.path)).toEqual({ password: md5('secret12') });
    expect(count(sent, 'PUT', SAVE_URL)).toBe(2);
  });

  it('is 31% of the window wide (spec §9)', async () => {
    serve(passwordOnly);
    const user = userEvent.setup();
    renderPage(<SensitiveAction onOutcome={onOutcome} />);
    const dialog = await openDialog(user);
    expect(dialog.closest<HTMLElement>('.ant-modal')!.style.width).toBe('31%');
  });

  it('disables the send button for 60 seconds after a code is sent, counting down', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const sent = serve(smsOnly);
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    renderPage(<SensitiveAction onOutcome={onOutcome} />);

    const dialog = await openDialog(user);
    expect(await within(dialog).findByText(/138\*{5}678/)).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: /获取验证码/ }));

    const waiting = await within(dialog).findByRole('button', { name: /60秒后重新获取/ });
    expect((waiting as HTMLButtonElement).disabled).toBe(true);
    expect(await screen.findByText(MSG.smsSent)).toBeTruthy();
    expect(count(sent, 'POST', sendCode.path)).toBe(1);

    act(() => vi.advanceTimersByTime(59_000));
    expect((within(dialog).getByRole('button', { name: /\b1秒后重新获取/ }) as HTMLButtonElement).disabled).toBe(true);

    act(() => vi.advanceTimersByTime(1_000));
    const again = within(dialog).getByRole('button', { name: /获取验证码/ }) as HTMLButtonElement;
    expect(again.disabled).toBe(false);

    await user.type(within(dialog).getByPlaceholderText('6位数字验证码'), '123456');
    await user.click(within(dialog).getByRole('button', { name: /^验\s?证$/ }));
    await waitFor(() => expect(onOutcome).toHaveBeenCalledWith('saved'));
    expect(bodyOf(sent, 'POST', checkSmsCode.path)).toEqual({ scene: 'TWO_STEP', sms_code: '123456' });
  });

  it('refuses a malformed code without asking the server', async () => {
    const sent = serve(smsOnly);
    const user = userEvent.setup();
    renderPage(<SensitiveAction onOutcome={onOutcome} />);

    const dialog = await openDialog(user);
    await user.type(await within(dialog).findByPlaceholderText('6位数字验证码'), '12ab');
    await user.click(within(dialog).getByRole('button', { name: /^验\s?证$/ }));

    expect(await within(dialog).findByText('请输入6位数字验证码')).toBeTruthy();
    expect(count(sent, 'POST', checkSmsCode.path)).toBe(0);
    expect(onOutcome).not.toHaveBeenCalled();
  });

  it('lets the operator choose when both methods are on', async () => {
    const sent = serve({ message_auth: 1, password_auth: 1, mobile: '138*****678', has_password: true });
    const user = userEvent.setup();
    renderPage(<SensitiveAction onOutcome={onOutcome} />);

    const dialog = await openDialog(user);
    expect(await within(dialog).findByPlaceholderText('6位数字验证码')).toBeTruthy();
    // antd hides the radio input itself; operators click its label.
    await user.click(within(dialog).getByRole('radio', { name: '验证密码' }).closest('label')!);
    await user.type(await within(dialog).findByPlaceholderText('请输入验证密码'), 'other99');
    await user.click(within(dialog).getByRole('button', { name: /^验\s?证$/ }));

    await waitFor(() => expect(onOutcome).toHaveBeenCalledWith('saved'));
    expect(bodyOf(sent, 'POST', checkPassword.path)).toEqual({ password: md5('other99') });
  });

  it('with no method configured warns and goes to the verification settings', async () => {
    const sent = serve({ message_auth: 0, password_auth: 0, mobile: '', has_password: false });
    const user = userEvent.setup();
    renderPage(<SensitiveAction onOutcome={onOutcome} />, { path: '/goods/goods-list' });

    await user.click(screen.getByRole('button', { name: 'save settings' }));

    const warning = await screen.findByText(MSG.twoStepNotConfigured);
    expect(warning.closest('.ant-message-notice')?.className).toContain('ant-message-notice-warning');
    await waitFor(() => expect(onOutcome).toHaveBeenCalledWith('refused'));
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/setting/system-verification'), { timeout: 3000 });
    expect(count(sent, 'PUT', SAVE_URL)).toBe(1);
  });

  it('in the signed-in console, any request the server answers 428 opens the dialog and goes again once it passes', async () => {
    const sent = serve(passwordOnly);
    const user = userEvent.setup();
    // A page that knows nothing of the second step: the endpoint's declaration is the contract's.
    const plainSave = () =>
      api(verificationEndpoints.save, { body: { message_auth: 1, password_auth: 1 } }).then(
        () => onOutcome('saved'),
        () => onOutcome('refused'),
      );
    renderPage(
      <>
        <button onClick={plainSave}>save settings</button>
        <SecondStepGate />
      </>,
    );
    const dialog = await openDialog(user);
    await user.type(await within(dialog).findByPlaceholderText('请输入验证密码'), 'secret12');
    await user.click(within(dialog).getByRole('button', { name: /^验\s?证$/ }));
    await waitFor(() => expect(onOutcome).toHaveBeenCalledWith('saved'));
    expect(count(sent, 'PUT', SAVE_URL)).toBe(2);
  });

  it('a page of its own asks once: cancelling the console\'s dialog does not open the page\'s', async () => {
    const sent = serve(passwordOnly);
    const user = userEvent.setup();
    renderPage(
      <>
        <SensitiveAction onOutcome={onOutcome} />
        <SecondStepGate />
      </>,
    );
    const dialog = await openDialog(user);
    await user.click(within(dialog).getByRole('button', { name: /^取\s?消$/ }));
    await waitFor(() => expect(onOutcome).toHaveBeenCalledWith('refused'));
    // A second dialog would read the methods again.
    expect(count(sent, 'GET', verificationEndpoints.settings.path)).toBe(1);
    expect(count(sent, 'PUT', SAVE_URL)).toBe(1);
  });

  it('cancelling leaves the action undone', async () => {
    const sent = serve(passwordOnly);
    const user = userEvent.setup();
    renderPage(<SensitiveAction onOutcome={onOutcome} />);

    const dialog = await openDialog(user);
    await user.click(within(dialog).getByRole('button', { name: /^取\s?消$/ }));

    await waitFor(() => expect(onOutcome).toHaveBeenCalledWith('refused'));
    expect(count(sent, 'PUT', SAVE_URL)).toBe(1);
  });
});
