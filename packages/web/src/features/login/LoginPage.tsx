import { useState, type FormEvent, type ReactNode } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { Button, Input, theme } from 'antd';
import { LockOutlined, SafetyOutlined, UserOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { LOGIN_LIMITS, ROUTE_BY_NAME, preLoginEndpoints } from '@agora/contract';
import { isServerPage, redirectTarget } from '@/app/guard';
import { preloadShell } from '@/app/router';
import { useSiteShow } from '@/app/site';
import { apiUrl } from '@/lib/api';
import { login } from '@/lib/sign-in';
import { toast } from '@/lib/feedback';
import { msg } from '@/lib/locale';
import { getUuid } from '@/lib/session';
import { StartupProgress, useStartup } from './startup';

interface LoginForm {
  username: string;
  password: string;
  captcha: string;
}

type Field = keyof LoginForm;
const FIELDS: readonly Field[] = ['username', 'password', 'captcha'];

/** A new picture for every nonce (the browser would show the cached one). */
const captchaUrl = (nonce: number) => apiUrl(preLoginEndpoints.captcha, { params: { type: 'LOGIN', uuid: getUuid() }, query: { r: nonce } });

/**
 * The sign-in form holds its three fields itself: antd's Form (rc-field-form, async-validator and
 * the label tooltips) would weigh a fifth of the page (issue 18). Every field is required; the
 * name and the captcha answer must hold more than spaces; lengths are the contract's LOGIN_LIMITS.
 */
const blank = (field: Field, value: string): boolean => (field === 'password' ? value === '' : value.trim() === '');

export default function LoginPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const site = useSiteShow();
  const [values, setValues] = useState<LoginForm>({ username: '', password: '', captcha: '' });
  const [errors, setErrors] = useState<Partial<Record<Field, boolean>>>({});
  const [nonce, setNonce] = useState(() => Math.random());
  const [submitting, setSubmitting] = useState(false);
  const { token } = theme.useToken();
  // While the server writes the demo the form stays closed: a sign-in (and its captcha, a database
  // row) would wait on the database until the demo is written.
  const { ready, waiting, startup } = useStartup();

  const refreshCaptcha = () => setNonce(Math.random());
  const requiredText: Record<Field, string> = { username: t('login.usernameRequired'), password: t('login.passwordRequired'), captcha: t('login.captchaRequired') };

  const change = (field: Field, value: string) => {
    setValues((current) => ({ ...current, [field]: value }));
    // A field once found empty is checked again as it is typed in.
    if (errors[field] !== undefined) setErrors((current) => ({ ...current, [field]: blank(field, value) }));
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const found = Object.fromEntries(FIELDS.map((field) => [field, blank(field, values[field])])) as Record<Field, boolean>;
    setErrors(found);
    if (FIELDS.some((field) => found[field])) {
      toast.error(msg('formInvalidLogin'));
      return;
    }
    setSubmitting(true);
    try {
      await login(values.username.trim(), values.password, values.captcha.trim());
    } catch {
      // The request client has shown the server's reason; a captcha answer is good for one try only.
      setValues((current) => ({ ...current, captcha: '' }));
      refreshCaptcha();
      setSubmitting(false);
      return;
    }
    const target = redirectTarget(params.get('redirect'));
    if (isServerPage(target)) window.location.replace(target);
    else navigate(target, { replace: true });
  };

  const item = (field: Field, input: ReactNode, extra?: ReactNode) => (
    <div className="agora-login-field">
      {extra ? <div className="agora-captcha-row">{input}{extra}</div> : input}
      {errors[field] && (
        <div className="agora-login-error" role="alert" style={{ color: token.colorError }}>
          {requiredText[field]}
        </div>
      )}
    </div>
  );
  const status = (field: Field) => (errors[field] ? 'error' : undefined);

  return (
    <div className="agora-login">
      {/* A card drawn from the theme's tokens: antd's Card brings its tabs and menu, 10 KB the sign-in page does without. */}
      <section className="agora-login-card" style={{ background: token.colorBgContainer, borderRadius: token.borderRadiusLG, color: token.colorText }}>
        <h1 className="agora-login-title" style={{ color: token.colorTextHeading, fontSize: token.fontSizeLG, borderBottom: `1px solid ${token.colorBorderSecondary}`, padding: `0 ${token.paddingLG}px` }}>
          {site.data?.title || t('login.title')}
        </h1>
        {waiting && startup && (
          <div style={{ padding: `${token.paddingLG}px ${token.paddingLG}px 0` }}>
            <StartupProgress startup={startup} />
          </div>
        )}
        <form style={{ padding: token.paddingLG }} onSubmit={(event) => void submit(event)} onFocus={preloadShell} autoComplete="off" noValidate>
          {item(
            'username',
            <Input size="large" disabled={!ready} status={status('username')} prefix={<UserOutlined />} placeholder={t('login.username')} aria-label={t('login.username')} autoComplete="username" maxLength={LOGIN_LIMITS.username} value={values.username} onChange={(event) => change('username', event.target.value)} />,
          )}
          {item(
            'password',
            <Input.Password size="large" disabled={!ready} status={status('password')} prefix={<LockOutlined />} placeholder={t('login.password')} aria-label={t('login.password')} autoComplete="current-password" value={values.password} onChange={(event) => change('password', event.target.value)} />,
          )}
          {item(
            'captcha',
            <Input size="large" disabled={!ready} status={status('captcha')} prefix={<SafetyOutlined />} placeholder={t('login.captcha')} aria-label={t('login.captcha')} maxLength={LOGIN_LIMITS.captcha} value={values.captcha} onChange={(event) => change('captcha', event.target.value)} />,
            <button type="button" className="agora-captcha" disabled={!ready} onClick={refreshCaptcha} title={t('login.captchaRefresh')}>
              {ready && <img src={captchaUrl(nonce)} alt={t('login.captcha')} />}
            </button>,
          )}
          <Button type="primary" size="large" htmlType="submit" block disabled={!ready} loading={submitting}>
            {t('login.submit')}
          </Button>
          <div style={{ marginTop: 12, textAlign: 'right' }}>
            <Link to={ROUTE_BY_NAME.get('findPassword')!.path}>{t('login.forgot')}</Link>
          </div>
        </form>
      </section>
    </div>
  );
}
