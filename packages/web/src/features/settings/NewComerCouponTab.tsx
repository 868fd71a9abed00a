import { Button, Card, Empty, Flex, Form, Input, InputNumber, Typography } from 'antd';
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { COUPON_TITLE_MAX, NEW_COMER_COUPON_MAX, newComerCouponSettingsBody, type NewComerCoupon } from '@agora/contract';
import { localizeMsg } from '@/lib/locale';
import { OnOff, SettingsForm, documentRule, type SettingsTabProps } from './SettingsForm';
import { YUAN } from '@/components/formatMoney';

const NEW_COUPON: NewComerCoupon = { title: '', coupon_price: 5, coupon_threshold_price: 50, effective_days: 7 };

const rule = (...path: (string | number)[]) => [documentRule(newComerCouponSettingsBody, path)];

/**
 * admin/settings/new-comer-coupon: whether new members get coupons, and those coupons'
 * definitions (face value below the threshold, DOMAIN §3.9; valid N days after receipt).
 */
export function NewComerCouponTab(props: SettingsTabProps) {
  const { t } = useTranslation();
  const label = (key: string) => t(`settings.coupon.${key}`);

  return (
    <SettingsForm {...props} docKey="new-comer-coupon">
      {(form) => (
        <>
          <Form.Item name="open" label={label('open')} extra={label('openHelp')}>
            <OnOff aria-label={label('open')} />
          </Form.Item>
          <Form.List
            name="coupons"
            rules={[
              {
                validator: async () => {
                  const result = newComerCouponSettingsBody.safeParse(form.getFieldsValue(true));
                  const issue = result.success ? undefined : result.error.issues.find((candidate) => candidate.path.join('.') === 'coupons');
                  if (issue) throw new Error(localizeMsg(issue.message));
                },
              },
            ]}
          >
            {(fields, { add, remove }, { errors }) => (
              <Form.Item label={label('list')} required>
                <Flex vertical gap={12} style={{ maxWidth: 880 }}>
                  {fields.length === 0 && <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={label('empty')} />}
                  {fields.map((field, index) => (
                    <Card key={field.key} size="small" data-testid={`coupon-${index}`}>
                      <Flex gap={12} wrap align="start">
                        <Form.Item name={[field.name, 'title']} label={label('title')} layout="vertical" style={{ margin: 0 }} rules={rule('coupons', field.name, 'title')}>
                          <Input maxLength={COUPON_TITLE_MAX} showCount style={{ width: 200 }} />
                        </Form.Item>
                        <Form.Item
                          name={[field.name, 'coupon_price']}
                          label={label('coupon_price')}
                          layout="vertical"
                          style={{ margin: 0 }}
                          dependencies={[['coupons', field.name, 'coupon_threshold_price']]}
                          rules={rule('coupons', field.name, 'coupon_price')}
                        >
                          <InputNumber min={0} precision={2} prefix={YUAN} style={{ width: 150 }} />
                        </Form.Item>
                        <Form.Item
                          name={[field.name, 'coupon_threshold_price']}
                          label={label('coupon_threshold_price')}
                          layout="vertical"
                          style={{ margin: 0 }}
                          rules={rule('coupons', field.name, 'coupon_threshold_price')}
                        >
                          <InputNumber min={0} precision={2} prefix={YUAN} style={{ width: 150 }} />
                        </Form.Item>
                        <Form.Item
                          name={[field.name, 'effective_days']}
                          label={label('effective_days')}
                          layout="vertical"
                          style={{ margin: 0 }}
                          rules={rule('coupons', field.name, 'effective_days')}
                        >
                          <InputNumber min={1} max={365} precision={0} suffix={t('settings.account.days')} style={{ width: 120 }} />
                        </Form.Item>
                        <Button
                          type="text"
                          danger
                          icon={<DeleteOutlined />}
                          aria-label={`${label('remove')} ${index + 1}`}
                          style={{ marginTop: 30 }}
                          onClick={() => {
                            remove(field.name);
                          }}
                        >
                          {label('remove')}
                        </Button>
                      </Flex>
                      <Form.Item noStyle shouldUpdate>
                        {({ getFieldValue }) => {
                          const coupon = getFieldValue(['coupons', field.name]) as Partial<NewComerCoupon> | undefined;
                          return (
                            <Typography.Text type="secondary" style={{ display: 'block', marginTop: 8 }}>
                              {t('settings.coupon.thresholdHint', {
                                price: coupon?.coupon_price ?? '-',
                                threshold: coupon?.coupon_threshold_price ?? '-',
                                days: coupon?.effective_days ?? '-',
                              })}
                            </Typography.Text>
                          );
                        }}
                      </Form.Item>
                    </Card>
                  ))}
                  <Flex gap={8} align="center">
                    <Button icon={<PlusOutlined />} disabled={fields.length >= NEW_COMER_COUPON_MAX} onClick={() => add({ ...NEW_COUPON })}>
                      {label('add')}
                    </Button>
                    <Typography.Text type="secondary">{t('settings.coupon.limit', { max: NEW_COMER_COUPON_MAX })}</Typography.Text>
                  </Flex>
                  <Form.ErrorList errors={errors} />
                </Flex>
              </Form.Item>
            )}
          </Form.List>
        </>
      )}
    </SettingsForm>
  );
}
