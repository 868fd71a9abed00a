import { Button, Card, Empty, Flex, Form, Input, Result, Skeleton, Switch, Tabs, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { paymentEndpoints, ROUTE_BY_NAME, type PaymentClient, type PaymentMethodDetail } from '@agora/contract';
import { useTwoStep } from '@/components/TwoStepDialog';
import { useApi, useApiMutation } from '@/lib/api';

interface ClientForm {
  is_open: boolean;
  config: Record<string, string>;
  secrets: Record<string, string>;
}
interface PaymentForm {
  method_name: string;
  clients: Record<PaymentClient, ClientForm>;
}

const LIST_PATH = ROUTE_BY_NAME.get('paymentSettings')!.path;

function PaymentForm({ method }: { method: PaymentMethodDetail }) {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const [form] = Form.useForm<PaymentForm>();
  const save = useApiMutation(paymentEndpoints.save, { success: 'payment.saved' });
  const { attempt, dialog } = useTwoStep();
  const english = i18n.language.startsWith('en');

  const initial: PaymentForm = {
    method_name: method.method_name,
    clients: Object.fromEntries(method.clients.map((client) => [client.client_type, { is_open: client.is_open === 1, config: { ...client.config }, secrets: {} }])) as PaymentForm['clients'],
  };

  const submit = (values: PaymentForm) => {
    const body = {
      method_name: values.method_name,
      clients: method.clients.map((client) => {
        const entered = values.clients[client.client_type];
        return { client_type: client.client_type, is_open: entered.is_open ? 1 : 0, config: entered.config ?? {}, secrets: entered.secrets ?? {} } as const;
      }),
    };
    // The saved method comes back with a new update_time: the form is built anew from it, so a
    // secret typed here is sent once and not kept on the page.
    attempt(() => save.mutateAsync({ params: { plugin_id: method.plugin_id }, body }));
  };

  return (
    <Card
      title={method.method_name}
      extra={
        <Button onClick={() => navigate(LIST_PATH)}>
          {t('common.actions.back')}
        </Button>
      }
    >
      <Form<PaymentForm> form={form} layout="vertical" initialValues={initial} onFinish={submit} style={{ maxWidth: 720 }}>
        <Form.Item name="method_name" label={t('payment.method')} rules={[{ required: true, whitespace: true, message: t('payment.nameRequired') }]}>
          <Input maxLength={20} />
        </Form.Item>
        <Tabs
          items={method.clients.map((client) => ({
            key: client.client_type,
            label: t(`payment.clients.${client.client_type}`),
            forceRender: true,
            children: (
              <>
                <Form.Item name={['clients', client.client_type, 'is_open']} label={t('payment.open')} valuePropName="checked">
                  <Switch aria-label={`${t(`payment.clients.${client.client_type}`)} ${t('payment.open')}`} />
                </Form.Item>
                {method.items.map((item) => {
                  const label = english ? item.label.en : item.label.zh;
                  const set = client.secrets_set.includes(item.name);
                  return item.secret ? (
                    <Form.Item key={item.name} name={['clients', client.client_type, 'secrets', item.name]} label={label} extra={set ? t('payment.secretSet') : t('payment.secretHint')}>
                      <Input.Password autoComplete="new-password" placeholder={set ? t('payment.secretKeep') : ''} visibilityToggle={false} />
                    </Form.Item>
                  ) : (
                    <Form.Item key={item.name} name={['clients', client.client_type, 'config', item.name]} label={label}>
                      <Input.TextArea autoSize={{ minRows: 1, maxRows: 4 }} maxLength={4000} />
                    </Form.Item>
                  );
                })}
              </>
            ),
          }))}
        />
        <Flex gap={8}>
          <Button type="primary" htmlType="submit" loading={save.isPending}>
            {t('payment.save')}
          </Button>
        </Flex>
      </Form>
      {dialog}
    </Card>
  );
}

/** paymentEdit (hidden): one method's name and, per client, its open flag and config; secrets are write-only. */
export default function PaymentEditPage() {
  const { t } = useTranslation();
  const [search] = useSearchParams();
  const pluginId = search.get('plugin_id') ?? '';
  const method = useApi(paymentEndpoints.get, { params: { plugin_id: pluginId } }, { enabled: pluginId !== '', placeholderData: undefined });
  if (!pluginId) return <Result status="404" subTitle={<Empty description={t('payment.pickFirst')} />} />;
  if (method.isLoading) return <Skeleton active />;
  if (!method.data) return <Result status="404" subTitle={<Typography.Text>{t('payment.notFound')}</Typography.Text>} />;
  return <PaymentForm key={`${method.data.plugin_id}-${method.data.update_time}`} method={method.data} />;
}
