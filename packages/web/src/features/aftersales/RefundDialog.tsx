import { useEffect } from 'react';
import { Alert, Form, Input, InputNumber, Skeleton } from 'antd';
import { useTranslation } from 'react-i18next';
import { afterSaleEndpoints as afterSales } from '@agora/contract';
import { FormDialog } from '@/components/FormDialog';
import { formatYuan } from '@/components/formatMoney';
import { useApi, useApiMutation } from '@/lib/api';

interface RefundForm {
  refund_price: number;
  remark?: string;
}

/**
 * The platform's manual refund of a service waiting for it (DOMAIN §2.5): the amount (at most what
 * the seller agreed) and a remark. The server checks the state again and answers its own refusal.
 */
export function RefundDialog({ sn, onClose }: { sn: string; onClose(): void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<RefundForm>();
  const detail = useApi(afterSales.detail, { params: { service_sn: sn } });
  const refund = useApiMutation(afterSales.refund, { success: 'aftersales.messages.refunded', invalidates: ['afterSales', 'dashboard'] });
  const money = detail.data?.refund;
  const max = money ? (money.agree_price > 0 ? money.agree_price : money.refund_price) : undefined;
  // the agreed amount is the proposal once the service is read
  useEffect(() => {
    if (max !== undefined && form.getFieldValue('refund_price') === undefined) form.setFieldsValue({ refund_price: max });
  }, [form, max]);
  return (
    <FormDialog<RefundForm>
      title={t('aftersales.refundDialog.title', { sn })}
      form={form}
      initialValues={{ remark: '' }}
      pending={refund.isPending}
      onClose={onClose}
      onFinish={(values) => refund.mutate({ params: { service_sn: sn }, query: { refund_price: values.refund_price, remark: values.remark ?? '' } }, { onSuccess: onClose })}
    >
      {!detail.data ? (
        <Skeleton active paragraph={{ rows: 2 }} />
      ) : (
        <>
          <Alert type="info" showIcon style={{ marginBottom: 16 }} title={t('aftersales.refundDialog.hint')} />
          <Form.Item
            name="refund_price"
            label={t('aftersales.refundDialog.amount')}
            extra={max !== undefined && t('aftersales.refundDialog.max', { amount: formatYuan(max) })}
            rules={[
              { required: true, message: t('aftersales.refundDialog.amountRequired') },
              { type: 'number', min: 0.01, message: t('aftersales.refundDialog.amountPositive') },
              ...(max !== undefined ? [{ type: 'number' as const, max, message: t('aftersales.refundDialog.amountTooMuch', { amount: formatYuan(max) }) }] : []),
            ]}
          >
            <InputNumber<number> style={{ width: 200 }} precision={2} min={0} step={1} data-testid="refund-price" />
          </Form.Item>
          <Form.Item name="remark" label={t('aftersales.refundDialog.remark')} rules={[{ max: 150, message: t('aftersales.refundDialog.remarkTooLong') }]}>
            <Input.TextArea rows={3} maxLength={150} showCount />
          </Form.Item>
        </>
      )}
    </FormDialog>
  );
}
