import { Form, Input, InputNumber, Switch, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { CURRENCY_LIMITS, currencyBody, type CurrencyRow } from '@agora/contract';
import { zodRule } from '@/components/zodRule';
import { FormDialog, saveWith } from '@/components/FormDialog';
import { useCreateCurrency, useUpdateCurrency } from './queries';

interface CurrencyForm {
  currency_code: string;
  currency_name: string;
  currency_symbol: string;
  rate: string;
  sort: number;
  enable: boolean;
  auto_rate: boolean;
  is_default: boolean;
}

/**
 * Add or edit one currency. The default's rate (1), its switch-on and its default flag are fixed
 * here as on the server; making another currency the default keeps its listed rate, which every
 * rate is then rebased by.
 */
export function CurrencyFormDialog({ currency, baseCode, onClose }: { currency: CurrencyRow | null; baseCode: string; onClose(): void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<CurrencyForm>();
  const create = useCreateCurrency();
  const update = useUpdateCurrency();
  const { pending, save } = saveWith(create, update);
  const isDefault = currency?.is_default === 1;
  const becomingDefault = Form.useWatch('is_default', form) === true && !isDefault && currency !== null;

  const submit = (values: CurrencyForm) => {
    const body = {
      currency_code: values.currency_code,
      currency_name: values.currency_name,
      currency_symbol: values.currency_symbol,
      rate: becomingDefault && currency ? currency.rate : values.rate,
      sort: values.sort ?? 0,
      enable: values.enable ? 1 : 0,
      auto_rate: values.auto_rate && !values.is_default ? 1 : 0,
      is_default: values.is_default ? 1 : 0,
    } as const;
    save(currency?.id, body, onClose);
  };

  return (
    <FormDialog<CurrencyForm>
      title={currency ? t('currencies.edit') : t('currencies.add')}
      form={form}
      pending={pending}
      onClose={onClose}
        initialValues={{
          currency_code: currency?.currency_code ?? '',
          currency_name: currency?.currency_name ?? '',
          currency_symbol: currency?.currency_symbol ?? '',
          rate: currency?.rate ?? '',
          sort: currency?.sort ?? 0,
          enable: currency ? currency.enable === 1 : true,
          auto_rate: currency?.auto_rate === 1,
          is_default: isDefault,
        }}
      onFinish={submit}
    >
        <Form.Item
          name="currency_code"
          label={t('currencies.code')}
          rules={[{ required: true, whitespace: true, message: t('currencies.codeRequired') }, zodRule(currencyBody.shape.currency_code)]}
          extra={t('currencies.codeHint')}
        >
          <Input maxLength={CURRENCY_LIMITS.code} autoFocus style={{ textTransform: 'uppercase' }} />
        </Form.Item>
        <Form.Item name="currency_name" label={t('currencies.name')} rules={[{ required: true, whitespace: true, message: t('currencies.nameRequired') }, zodRule(currencyBody.shape.currency_name)]}>
          <Input maxLength={CURRENCY_LIMITS.name} />
        </Form.Item>
        <Form.Item name="currency_symbol" label={t('currencies.symbol')} rules={[{ required: true, whitespace: true, message: t('currencies.symbolRequired') }, zodRule(currencyBody.shape.currency_symbol)]}>
          <Input maxLength={CURRENCY_LIMITS.symbol} />
        </Form.Item>
        <Form.Item
          name="rate"
          label={t('currencies.rate')}
          rules={[{ required: true, whitespace: true, message: t('currencies.rateRequired') }, zodRule(currencyBody.shape.rate)]}
          extra={isDefault ? t('currencies.defaultRateHint') : t('currencies.rateHint', { base: baseCode })}
        >
          <Input disabled={isDefault || becomingDefault} inputMode="decimal" />
        </Form.Item>
        <Form.Item name="sort" label={t('currencies.sort')}>
          <InputNumber min={0} max={CURRENCY_LIMITS.sort} precision={0} style={{ width: 160 }} />
        </Form.Item>
        <Form.Item name="enable" label={t('currencies.enable')} valuePropName="checked" extra={isDefault ? t('currencies.defaultLocked') : undefined}>
          <Switch disabled={isDefault} />
        </Form.Item>
        <Form.Item name="auto_rate" label={t('currencies.autoRate')} valuePropName="checked">
          <Switch disabled={isDefault} />
        </Form.Item>
        <Form.Item name="is_default" label={t('currencies.isDefault')} valuePropName="checked" extra={isDefault ? t('currencies.defaultLocked') : undefined}>
          <Switch disabled={isDefault} />
        </Form.Item>
        {becomingDefault && <Typography.Paragraph type="warning">{t('currencies.becomingDefault', { code: currency?.currency_code, base: baseCode })}</Typography.Paragraph>}
    </FormDialog>
  );
}
