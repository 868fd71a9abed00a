import { Alert, Button, Card, Descriptions, Flex, Form, Input, Space, Spin, Switch, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { PASSWORD_PATTERN, bindMobileBody, verifyMobileParams, type TwoStepSettings } from '@agora/contract';
import { hashPassword } from '@/lib/auth';
import { msg } from '@/lib/locale';
import { useTwoStep } from '@/components/TwoStepDialog';
import { useCountdown } from '@/components/useCountdown';
import { useVerificationSettings } from '@/components/verificationSettings';
import { zodRule } from '@/components/zodRule';
import { useBindMobile, useSaveVerificationSettings, useSendBindingCode, useSetVerifyPassword } from './queries';
import { SmsOutboxCard } from './SmsOutboxCard';

interface MobileForm {
  mobile: string;
  sms_code: string;
}

interface PasswordForm {
  /** asked only once a verification password exists */
  old_password?: string;
  password: string;
  rep_password: string;
}

type Toggle = 'message_auth' | 'password_auth';

export default function SystemVerificationPage() {
  const { t } = useTranslation();
  const settings = useVerificationSettings();
  const { attempt, dialog } = useTwoStep();

  return (
    <Flex vertical gap={16}>
      {settings.isPending ? (
        <Card>
          <Spin style={{ display: 'block', padding: 48 }} />
        </Card>
      ) : settings.data ? (
        <>
          <MethodsCard settings={settings.data} attempt={attempt} />
          <MobileCard settings={settings.data} attempt={attempt} />
          <PasswordCard settings={settings.data} attempt={attempt} />
          <SmsOutboxCard />
        </>
      ) : (
        <Alert type="error" showIcon title={t('common.loadFailed')} action={<Button onClick={() => settings.refetch()}>{t('common.retry')}</Button>} />
      )}
      {dialog}
    </Flex>
  );
}

/** A failed write keeps the form as typed: the request client said why, or the check was cancelled. */
type Attempt = ReturnType<typeof useTwoStep>['attempt'];

interface CardProps {
  settings: TwoStepSettings;
  attempt: Attempt;
}

function MethodsCard({ settings, attempt }: CardProps) {
  const { t } = useTranslation();
  const save = useSaveVerificationSettings();

  const toggle = (key: Toggle, on: boolean) => {
    const next = { message_auth: settings.message_auth, password_auth: settings.password_auth, [key]: on ? 1 : 0 };
    attempt(() => save.mutateAsync({ body: next }));
  };

  return (
    <Card title={t('verification.methods.title')}>
      <Alert type="info" showIcon style={{ marginBottom: 16 }} title={t('verification.methods.hint')} />
      <Descriptions
        column={1}
        bordered
        styles={{ label: { width: 160 } }}
        items={[
          {
            key: 'message_auth',
            label: t('verification.methods.sms'),
            children: (
              <Space>
                <Switch
                  aria-label={t('verification.methods.sms')}
                  checked={settings.message_auth === 1}
                  disabled={!settings.mobile && settings.message_auth !== 1}
                  loading={save.isPending}
                  onChange={(on) => toggle('message_auth', on)}
                />
                {settings.mobile ? (
                  <span>{t('verification.methods.boundMobile', { mobile: settings.mobile })}</span>
                ) : (
                  <Tag>{t('verification.methods.needMobile')}</Tag>
                )}
              </Space>
            ),
          },
          {
            key: 'password_auth',
            label: t('verification.methods.password'),
            children: (
              <Space>
                <Switch
                  aria-label={t('verification.methods.password')}
                  checked={settings.password_auth === 1}
                  disabled={!settings.has_password && settings.password_auth !== 1}
                  loading={save.isPending}
                  onChange={(on) => toggle('password_auth', on)}
                />
                {settings.has_password ? <span>{t('verification.methods.passwordSet')}</span> : <Tag>{t('verification.methods.needPassword')}</Tag>}
              </Space>
            ),
          },
        ]}
      />
    </Card>
  );
}

function MobileCard({ settings, attempt }: CardProps) {
  const { t } = useTranslation();
  const [form] = Form.useForm<MobileForm>();
  const countdown = useCountdown();
  const sendCode = useSendBindingCode();
  const bind = useBindMobile();

  // The form shows why a mobile is refused before anything is sent.
  const send = () =>
    form.validateFields(['mobile']).then(
      ({ mobile }) => attempt(() => sendCode.mutateAsync({ params: { mobile: mobile.trim() } }), countdown.start),
      () => undefined,
    );

  const submit = (values: MobileForm) =>
    attempt(() => bind.mutateAsync({ body: { mobile: values.mobile.trim(), sms_code: values.sms_code.trim() } }), () => form.resetFields());

  return (
    <Card title={t('verification.mobile.title')}>
      <Form form={form} layout="horizontal" labelCol={{ flex: '140px' }} style={{ maxWidth: 560 }} onFinish={submit}>
        <Form.Item label={t('verification.mobile.current')}>
          {settings.mobile || <Tag>{t('verification.mobile.none')}</Tag>}
        </Form.Item>
        <Form.Item
          name="mobile"
          label={t('verification.fields.mobile')}
          rules={[{ required: true, message: msg('mobileRequired') }, zodRule(verifyMobileParams.shape.mobile)]}
        >
          <Input maxLength={16} autoComplete="tel" placeholder={t('verification.placeholders.mobile')} />
        </Form.Item>
        <Form.Item label={t('verification.fields.smsCode')} required>
          <Space.Compact style={{ width: '100%' }}>
            <Form.Item
              name="sms_code"
              noStyle
              rules={[{ required: true, message: t('verification.rules.smsCodeRequired') }, zodRule(bindMobileBody.shape.sms_code)]}
            >
              <Input maxLength={6} autoComplete="one-time-code" placeholder={t('verification.placeholders.smsCode')} />
            </Form.Item>
            <Button onClick={send} loading={sendCode.isPending} disabled={countdown.running}>
              {countdown.running ? t('verification.resendIn', { seconds: countdown.left }) : t('verification.sendCode')}
            </Button>
          </Space.Compact>
        </Form.Item>
        <Form.Item label=" " colon={false}>
          <Button type="primary" htmlType="submit" loading={bind.isPending}>
            {t('verification.mobile.submit')}
          </Button>
        </Form.Item>
      </Form>
    </Card>
  );
}

function PasswordCard({ settings, attempt }: CardProps) {
  const { t } = useTranslation();
  const [form] = Form.useForm<PasswordForm>();
  const setPassword = useSetVerifyPassword();

  const submit = (values: PasswordForm) => {
    const body = {
      password: hashPassword(values.password),
      ...(settings.has_password && values.old_password ? { old_password: hashPassword(values.old_password) } : {}),
    };
    attempt(() => setPassword.mutateAsync({ body }), () => form.resetFields());
  };

  return (
    <Card title={t(settings.has_password ? 'verification.password.changeTitle' : 'verification.password.title')}>
      <Form form={form} layout="horizontal" labelCol={{ flex: '140px' }} style={{ maxWidth: 560 }} onFinish={submit}>
        <Form.Item label={t('verification.password.current')}>
          {settings.has_password ? t('verification.methods.passwordSet') : <Tag>{t('verification.methods.needPassword')}</Tag>}
        </Form.Item>
        {settings.has_password && (
          <Form.Item
            name="old_password"
            label={t('verification.fields.oldPassword')}
            rules={[{ required: true, message: t('verification.rules.oldPasswordRequired') }]}
          >
            <Input.Password autoComplete="current-password" placeholder={t('verification.placeholders.oldPassword')} />
          </Form.Item>
        )}
        <Form.Item
          name="password"
          label={t(settings.has_password ? 'verification.fields.newPassword' : 'verification.fields.verifyPassword')}
          rules={[
            { required: true, message: t('verification.rules.verifyPasswordRequired') },
            { pattern: PASSWORD_PATTERN, message: msg('passwordRule') },
          ]}
        >
          <Input.Password autoComplete="new-password" placeholder={t('verification.placeholders.newPassword')} />
        </Form.Item>
        <Form.Item
          name="rep_password"
          label={t('verification.fields.confirmPassword')}
          dependencies={['password']}
          rules={[
            { required: true, message: msg('confirmPasswordRequired') },
            ({ getFieldValue }) => ({
              validator: async (_rule, value: string | undefined) => {
                if (value && value !== getFieldValue('password')) throw new Error(msg('passwordMismatch'));
              },
            }),
          ]}
        >
          <Input.Password autoComplete="new-password" placeholder={t('verification.placeholders.confirmPassword')} />
        </Form.Item>
        <Form.Item label=" " colon={false}>
          <Button type="primary" htmlType="submit" loading={setPassword.isPending}>
            {t('verification.password.submit')}
          </Button>
        </Form.Item>
      </Form>
    </Card>
  );
}
