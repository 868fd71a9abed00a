import { afterEach, describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { md5 } from 'js-md5';
import { sessionEndpoints } from '@agora/contract';
import { AppProviders } from '@/app/providers';
import { getRefreshToken, saveTokens } from '@/lib/session';
import { fixture, stubApi } from '@/test/api';
import { fakeJwt } from '@/test/network';
import { ChangePasswordDialog } from './ChangePasswordDialog';

const changed = fixture(sessionEndpoints.changePassword, {});

function open() {
  const onClose = vi.fn();
  render(
    <AppProviders>
      <ChangePasswordDialog open onClose={onClose} />
    </AppProviders>,
  );
  return onClose;
}

async function fillIn(old: string, password: string, repeat: string) {
  const user = userEvent.setup();
  if (old) await user.type(screen.getByLabelText('原密码'), old);
  if (password) await user.type(screen.getByLabelText('新密码'), password);
  if (repeat) await user.type(screen.getByLabelText('确认新密码'), repeat);
  await user.click(screen.getByRole('button', { name: /确\s*定/ }));
}

afterEach(() => vi.unstubAllGlobals());

describe('change password dialog', { timeout: 15_000 }, () => {
  it('closes without a request when every field is empty', async () => {
    const sent = stubApi(changed);
    const onClose = open();
    await fillIn('', '', '');
    expect(onClose).toHaveBeenCalled();
    expect(sent).toHaveLength(0);
  });

  it('shows the spec messages and 表单填写有误，请核对！ for an invalid form', async () => {
    const sent = stubApi(changed);
    const onClose = open();
    await fillIn('', 'abc', 'abd');
    await waitFor(() => expect(document.body.textContent).toContain('表单填写有误，请核对！'));
    expect(document.body.textContent).toContain('请输入原密码！');
    expect(document.body.textContent).toContain('密码应为6-20位英文或数字！');
    expect(document.body.textContent).toContain('两次输入不一致！');
    expect(onClose).not.toHaveBeenCalled();
    expect(sent).toHaveLength(0);
  });

  it('sends both passwords hashed, then signs out and reloads to /login', async () => {
    saveTokens(fakeJwt(600), fakeJwt(3600));
    const replace = vi.fn();
    vi.stubGlobal('location', { ...window.location, replace });
    const sent = stubApi(changed);
    open();
    await fillIn('admin123', 'newpass1', 'newpass1');
    await waitFor(() => expect(replace).toHaveBeenCalledWith(`${import.meta.env.BASE_URL}login`));
    expect(sent[0]).toMatchObject({ method: 'PUT', url: sessionEndpoints.changePassword.path });
    expect(JSON.parse(sent[0].body as string)).toEqual({ old_passwprd: md5('admin123'), password: md5('newpass1') });
    expect(getRefreshToken()).toBeUndefined();
  });
});
