import { useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { Button, Form, Input, theme } from 'antd';
import { LockOutlined, SafetyOutlined, UserOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { ROUTE_BY_NAME, preLoginEndpoints } from '@agora/contract';
import { redirectTarget } from '@/app/guard';
import { useSiteShow } from '@/app/site';
import { apiUrl } from '@/lib/api';
import { login } from '@/lib/sign-in';
import { toast } from '@/lib/feedback';
import { msg } from '@/lib/locale';
import { getUuid } from '@/lib/session';

interface LoginForm {
  username: string;
  password: string;
  captcha: string;
}

/** A new picture for every nonce (the browser would show the cached one). */
const captchaUrl = (nonce: number) => apiUrl(preLoginEndpoints.captcha, { params: { type: 'LOGIN', uuid: getUuid() }, query: { r: nonce } });

export default function LoginPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const site = useSiteShow();
  const [form] = Form.useForm<LoginForm>();
  const [nonce, setNonce] = useState(() => Math.random());
  const [submitting, setSubmitting] = useState(false);
  const { token } = theme.useToken();

  const refreshCaptcha = () => setNonce(Math.random());

  const submit = async ({ username, password, captcha }: LoginForm) => {
    setSubmitting(true);
    try {
      await login(username.trim(), password, captcha.trim());
    } catch {
      // The request client has shown the server's reason; a captcha answer is good for one try only.
      form.setFieldValue('captcha', '');
      refreshCaptcha();
      setSubmitting(false);
      return;
    }
    navigate(redirectTarget(params.get('redirect')), { replace: true });
  };

  return (
    <div className="agora-login">
      {/* A card drawn from the theme's tokens: antd's Card brings its tabs and menu, 10 KB the sign-in page does without. */}
      <section className="agora-login-card" style={{ background: token.colorBgContainer, borderRadius: token.borderRadiusLG, color: token.colorText }}>
        <h1 className="agora-login-title" style={{ color: token.colorTextHeading, fontSize: token.fontSizeLG, borderBottom: `1px solid ${token.colorBorderSecondary}`, padding: `0 ${token.paddingLG}px` }}>
          {site.data?.title || t('login.title')}
        </h1>
        <div style={{ padding: token.paddingLG }}>
        <Form<LoginForm>
          form={form}
          size="large"
          onFinish={submit}
          onFinishFailed={() => toast.error(msg('formInvalidLogin'))}
          autoComplete="off"
        >
          <Form.Item name="username" rules={[{ required: true, whitespace: true, message: t('login.usernameRequired') }]}>
            <Input prefix={<UserOutlined />} placeholder={t('login.username')} aria-label={t('login.username')} autoComplete="username" />
          </Form.Item>
          <Form.Item name="password" rules={[{ required: true, message: t('login.passwordRequired') }]}>
            <Input.Password
              prefix={<LockOutlined />}
              placeholder={t('login.password')}
              aria-label={t('login.password')}
              autoComplete="current-password"
            />
          </Form.Item>
          <Form.Item>
            <div className="agora-captcha-row">
              <Form.Item name="captcha" noStyle rules={[{ required: true, whitespace: true, message: t('login.captchaRequired') }]}>
                <Input prefix={<SafetyOutlined />} placeholder={t('login.captcha')} aria-label={t('login.captcha')} maxLength={10} />
              </Form.Item>
              <button type="button" className="agora-captcha" onClick={refreshCaptcha} title={t('login.captchaRefresh')}>
                <img src={captchaUrl(nonce)} alt={t('login.captcha')} />
              </button>
            </div>
          </Form.Item>
          <Button type="primary" htmlType="submit" block loading={submitting}>
            {t('login.submit')}
          </Button>
          <div style={{ marginTop: 12, textAlign: 'right' }}>
            <Link to={ROUTE_BY_NAME.get('findPassword')!.path}>{t('login.forgot')}</Link>
          </div>
        </Form>
        </div>
      </section>
    </div>
  );
}
