import { MSG } from './messages.js';

/** Spec §5: 6-20 letters or digits. */
export const PASSWORD_PATTERN = /^[A-Za-z0-9]{6,20}$/;

export interface PasswordForm {
  old_passwprd: string;
  password: string;
  rep_password: string;
}

export type PasswordFormErrors = Partial<Record<keyof PasswordForm, string>>;

/**
 * Spec §5 password change rules: each field is required only once any of them is
 * filled; with all three empty nothing is asked (and nothing changes).
 */
export function validatePasswordForm(form: PasswordForm): PasswordFormErrors {
  const errors: PasswordFormErrors = {};
  const anyFilled = Boolean(form.old_passwprd || form.password || form.rep_password);
  if (!anyFilled) return errors;
  if (!form.old_passwprd) errors.old_passwprd = MSG.oldPasswordRequired;
  if (!form.password) errors.password = MSG.newPasswordRequired;
  else if (!PASSWORD_PATTERN.test(form.password)) errors.password = MSG.passwordRule;
  if (!form.rep_password) errors.rep_password = MSG.confirmPasswordRequired;
  else if (form.password && form.rep_password !== form.password) errors.rep_password = MSG.passwordMismatch;
  return errors;
}

export function isPasswordFormEmpty(form: PasswordForm): boolean {
  return !form.old_passwprd && !form.password && !form.rep_password;
}
