import { Alert, Divider, Form, InputNumber, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { orderSettingsBody, settingsEndpoints, type OrderSettings } from '@agora/contract';
import { useApi } from '@/lib/api';
import { SettingsForm, documentRule, type SettingsTabProps } from './SettingsForm';

/** The largest each field takes: the contract's own bounds (orders.ts), so the box refuses what the server would. */
const MAX: Record<keyof OrderSettings, number> = {
  cancel_order_day: 30,
  cancel_order_hour: 23,
  cancel_order_minute: 59,
  rog_order_day: 60,
  complete_order_day: 60,
  complete_order_pay: 60,
  service_expired_day: 365,
  comment_order_day: 365,
  complain_expired_day: 365,
};

/**
 * admin/trade/orders/setting (DOMAIN §1.6): the delays after which the scheduled tasks cancel,
 * receive, complete, collect, close after-sales and review orders on their own.
 */
export function OrderSettingsTab(props: SettingsTabProps) {
  const { t } = useTranslation();
  const label = (key: string) => t(`settings.order.${key}`);
  // the site's test mode turns these days into seconds (server: modules/orders/timing.ts)
  const testMode = useApi(settingsEndpoints.site, {}).data?.test_mode === 1;
  const box = (key: keyof OrderSettings, unit: string, aria: string) => (
    <Space size={4}>
      <Form.Item name={key} noStyle rules={[documentRule(orderSettingsBody, [key])]}>
        <InputNumber aria-label={aria} min={0} max={MAX[key]} precision={0} style={{ width: 100 }} />
      </Form.Item>
      <span>{label(unit)}</span>
    </Space>
  );
  const days = (key: keyof OrderSettings, help: string) => (
    <Form.Item label={label(key)} extra={label(help)} required>
      {box(key, 'days', label(key))}
    </Form.Item>
  );

  return (
    <SettingsForm {...props} docKey="order">
      {() => (
        <>
          {testMode && <Alert type="error" showIcon data-testid="order-test-mode" title={label('testMode')} style={{ marginBottom: 16 }} />}
          <Divider titlePlacement="start">{label('unpaid')}</Divider>
          <Form.Item label={label('cancel')} extra={label('cancelHelp')} required>
            <Space wrap>
              {box('cancel_order_day', 'days', `${label('cancel')} ${label('days')}`)}
              {box('cancel_order_hour', 'hours', `${label('cancel')} ${label('hours')}`)}
              {box('cancel_order_minute', 'minutes', `${label('cancel')} ${label('minutes')}`)}
            </Space>
          </Form.Item>
          <Divider titlePlacement="start">{label('delivery')}</Divider>
          {days('rog_order_day', 'rogHelp')}
          {days('complete_order_day', 'completeHelp')}
          {days('complete_order_pay', 'codHelp')}
          <Divider titlePlacement="start">{label('afterSale')}</Divider>
          {days('service_expired_day', 'serviceHelp')}
          {days('comment_order_day', 'commentHelp')}
          {days('complain_expired_day', 'complainHelp')}
        </>
      )}
    </SettingsForm>
  );
}
