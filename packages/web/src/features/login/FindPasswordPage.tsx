import { useEffect, useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { Alert, Button, Card, Form, Input } from 'antd';
import { LockOutlined, MessageOutlined, SafetyOutlined, UserOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { findPasswordEndpoints, PASSWORD_PATTERN, sessionEndpoints, SMS_RESEND_SECONDS } from '@agora/contract';
import { api, apiUrl } from '@/lib/api';
import { hashPassword } from '@/lib/auth';
import { toast } from '@/lib/feedback';
import { msg } from '@/lib/locale';
import { getUuid } from '@/lib/session';

interface FindPasswordForm {
  username: string;
  captcha: string;
  sms_code: string;
  password: string;
  confirm: string;
}

const captchaUrl = (nonce: number) => apiUrl(sessionEndpoints.captcha, { params: { type: 'FIND_PASSWORD', uuid: getUuid() }, query: { r: nonce } });

/** findPassword (hidden, public): an administrator resets a forgotten password by a code sent to the account's mobile. */
export default function FindPasswordPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [form] = Form.useForm<FindPasswordForm>();
  const [nonce, setNonce] = useState(() => Math.random());
  const [sentTo, setSentTo] = useState<string>();
  const [wait, setWait] = useState(0);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    if (wait <= 0) return;
    const timer = setTimeout(() => setWait(wait - 1), 1000);
    return () => clearTimeout(timer);
  }, [wait]);

  const sendCode = async () => {
    let values: Pick<FindPasswordForm, 'username' | 'captcha'>;
    try {
      values = await form.validateFields(['username', 'captcha']);
    } catch {
      // the form marks what is missing
      return;
    }
    setBusy(true);
    try {
      const sent = await api(findPasswordEndpoints.sendCode, { body: { username: values.username.trim(), captcha: values.captcha.trim(), uuid: getUuid() } });
      setSentTo(sent.mobile);
      setWait(SMS_RESEND_SECONDS);
      toast.success(msg('smsSent'));
    } catch {
      // The request client has shown the server's reason; a captcha answer is good for one try only.
      form.setFieldValue('captcha', '');
      setNonce(Math.random());
    }
    setBusy(false);
  };

  const submit = async ({ username, sms_code, password }: FindPasswordForm) => {
    setBusy(true);
    try {
      await api(findPasswordEndpoints.reset, { body: { username: username.trim(), sms_code: sms_code.trim(), password: hashPassword(password) } });
    } catch {
      // the request client has shown the server's reason (a wrong or used code)
      setBusy(false);
      return;
    }
    toast.success(t('login.find.done'));
    navigate('/login', { replace: true });
  };

  return (
    <div className="agora-login">
      <Card className="agora-login-card" title={t('login.find.title')}>
        <Form<FindPasswordForm> form={form} size="large" onFinish={submit} onFinishFailed={() => toast.error(msg('formInvalidLogin'))} autoComplete="off">
          <Form.Item name="username" rules={[{ required: true, whitespace: true, message: t('login.usernameRequired') }]}>
            <Input prefix={<UserOutlined />} placeholder={t('login.username')} aria-label={t('login.username')} disabled={sentTo !== undefined} />
          </Form.Item>
          {sentTo === undefined ? (
            <Form.Item>
              <div className="agora-captcha-row">
                <Form.Item name="captcha" noStyle rules={[{ required: true, whitespace: true, message: t('login.captchaRequired') }]}>
                  <Input prefix={<SafetyOutlined />} placeholder={t('login.captcha')} aria-label={t('login.captcha')} maxLength={10} />
                </Form.Item>
                <button type="button" className="agora-captcha" onClick={() => setNonce(Math.random())} title={t('login.captchaRefresh')}>
                  <img src={captchaUrl(nonce)} alt={t('login.captcha')} />
                </button>
              </div>
            </Form.Item>
          ) : (
            <>
              <Alert type="success" showIcon style={{ marginBottom: 16 }} message={t('login.find.sentTo', { mobile: sentTo })} />
              <Form.Item name="sms_code" rules={[{ required: true, pattern: /^\d{6}$/, message: t('login.find.codeRequired') }]}>
                <Input prefix={<MessageOutlined />} placeholder={t('login.find.code')} aria-label={t('login.find.code')} maxLength={6} inputMode="numeric" />
              </Form.Item>
              <Form.Item name="password" rules={[{ required: true, message: t('login.passwordRequired') }, { pattern: PASSWORD_PATTERN, message: msg('passwordRule') }]}>
                <Input.Password prefix={<LockOutlined />} placeholder={t('login.find.newPassword')} aria-label={t('login.find.newPassword')} autoComplete="new-password" />
              </Form.Item>
              <Form.Item
                name="confirm"
                dependencies={['password']}
                rules={[
                  { required: true, message: t('login.find.confirmRequired') },
                  ({ getFieldValue }) => ({ validator: (_, value) => (!value || value === getFieldValue('password') ? Promise.resolve() : Promise.reject(new Error(t('login.find.mismatch')))) }),
                ]}
              >
                <Input.Password prefix={<LockOutlined />} placeholder={t('login.find.confirm')} aria-label={t('login.find.confirm')} autoComplete="new-password" />
              </Form.Item>
            </>
          )}
          {sentTo === undefined ? (
            <Button type="primary" block loading={busy} onClick={() => void sendCode()}>
              {t('login.find.send')}
            </Button>
          ) : (
            <Button type="primary" htmlType="submit" block loading={busy}>
              {t('login.find.submit')}
            </Button>
          )}
          <div style={{ marginTop: 12, display: 'flex', justifyContent: 'space-between' }}>
            <Link to="/login">{t('login.find.back')}</Link>
            {sentTo !== undefined && (
              <Button type="link" size="small" disabled={wait > 0} onClick={() => { setSentTo(undefined); setWait(0); }}>
                {wait > 0 ? t('login.find.resendIn', { seconds: wait }) : t('login.find.resend')}
              </Button>
            )}
          </div>
        </Form>
      </Card>
    </div>
  );
}
