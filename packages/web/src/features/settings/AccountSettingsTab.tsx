import { Alert, Divider, Form, InputNumber, Space, Tag } from 'antd';
import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { ACCOUNT_LIMITS, ROUTE_BY_NAME, accountSettingsBody, type AccountRules } from '@agora/contract';
import { usePermissions } from '@/lib/permissions';
import { useVerificationSettings } from '@/components/verificationSettings';
import { OnOff, SettingsForm, documentRule, type SettingsTabProps } from './SettingsForm';

const VERIFICATION_PATH = ROUTE_BY_NAME.get('systemSettingsVerification')?.path ?? '/setting/system-verification';

const UNITS: Record<keyof AccountRules, string> = { retry_cycle: 'hours', retry_times: 'times', lock_duration: 'minutes', sleep_threshold: 'days' };

/**
 * admin/settings/account: sign-in lockout, member dormancy, and the second-step toggles —
 * the latter are the verification settings themselves, saved through them by the server.
 */
export function AccountSettingsTab(props: SettingsTabProps) {
  const { t } = useTranslation();
  const verification = useVerificationSettings();
  const { hasPermission } = usePermissions();
  const label = (key: string) => t(`settings.account.${key}`);

  const number = (key: keyof AccountRules, extra?: string) => (
    <Form.Item label={label(key)} extra={extra} required>
      <Space>
        <Form.Item name={key} noStyle rules={[documentRule(accountSettingsBody, [key])]}>
          <InputNumber aria-label={label(key)} min={ACCOUNT_LIMITS[key][0]} max={ACCOUNT_LIMITS[key][1]} precision={0} style={{ width: 140 }} />
        </Form.Item>
        <span>{label(UNITS[key])}</span>
      </Space>
    </Form.Item>
  );

  const methodSwitch = (key: 'message_auth' | 'password_auth', ready: boolean | undefined, missing: string) => (
    <Form.Item label={label(key)}>
      <Space>
        <Form.Item noStyle dependencies={[key]}>
          {({ getFieldValue }) => (
            <Form.Item name={key} noStyle>
              <OnOff aria-label={label(key)} disabled={!ready && getFieldValue(key) !== 1} />
            </Form.Item>
          )}
        </Form.Item>
        {verification.data && !ready && <Tag>{label(missing)}</Tag>}
      </Space>
    </Form.Item>
  );

  return (
    <SettingsForm {...props} docKey="account">
      {() => (
        <>
          <Divider titlePlacement="start">{label('lockout')}</Divider>
          <Form.Item noStyle shouldUpdate>
            {({ getFieldValue }) => (
              <Alert
                type="info"
                showIcon
                style={{ maxWidth: 640, marginBottom: 16 }}
                title={t('settings.account.lockoutSummary', {
                  cycle: getFieldValue('retry_cycle') ?? '-',
                  times: getFieldValue('retry_times') ?? '-',
                  minutes: getFieldValue('lock_duration') ?? '-',
                })}
              />
            )}
          </Form.Item>
          {number('retry_cycle')}
          {number('retry_times')}
          {number('lock_duration')}
          <Divider titlePlacement="start">{label('dormancy')}</Divider>
          {number('sleep_threshold', label('sleepHelp'))}
          <Divider titlePlacement="start">{label('twoStep')}</Divider>
          {methodSwitch('message_auth', verification.data ? Boolean(verification.data.mobile) : undefined, 'needMobile')}
          {methodSwitch('password_auth', verification.data?.has_password, 'needPassword')}
          {hasPermission('systemSettingsVerification') && (
            <Form.Item label=" " colon={false}>
              <Link to={VERIFICATION_PATH}>{label('configure')}</Link>
            </Form.Item>
          )}
        </>
      )}
    </SettingsForm>
  );
}
