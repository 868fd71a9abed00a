import { describe, expect, it } from 'vitest';
import { MSG } from './messages.js';
import { isPasswordFormEmpty, validatePasswordForm } from './password.js';

const form = (old_passwprd: string, password: string, rep_password: string) => ({ old_passwprd, password, rep_password });

describe('password change rules (spec §5)', () => {
  it('asks nothing while all three fields are empty', () => {
    expect(isPasswordFormEmpty(form('', '', ''))).toBe(true);
    expect(validatePasswordForm(form('', '', ''))).toEqual({});
  });

  it('requires every field once any is filled', () => {
    expect(validatePasswordForm(form('x', '', ''))).toEqual({ password: MSG.newPasswordRequired, rep_password: MSG.confirmPasswordRequired });
    expect(validatePasswordForm(form('', 'abc123', 'abc123'))).toEqual({ old_passwprd: MSG.oldPasswordRequired });
  });

  it('wants 6-20 letters or digits', () => {
    for (const bad of ['abc12', 'a'.repeat(21), 'abc 123', 'abc-123', '密码密码密码']) {
      expect(validatePasswordForm(form('old', bad, bad)).password, bad).toBe(MSG.passwordRule);
    }
    for (const good of ['abc123', 'A'.repeat(20), '123456']) expect(validatePasswordForm(form('old', good, good))).toEqual({});
  });

  it('wants the confirmation to match', () => {
    expect(validatePasswordForm(form('old', 'abc123', 'abc124'))).toEqual({ rep_password: MSG.passwordMismatch });
  });
});
