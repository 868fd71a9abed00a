import { Button, Card, Col, Form, Input, Row, Skeleton, Switch, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { connectEndpoints, type ConnectSetting } from '@agora/contract';
import { useTwoStep } from '@/components/TwoStepDialog';
import { useApi, useApiMutation } from '@/lib/api';
import { isChinese } from '@/lib/locale';

interface ConnectForm {
  is_open: boolean;
  config: Record<string, string>;
  secrets: Record<string, string>;
}

function ConnectCard({ setting }: { setting: ConnectSetting }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<ConnectForm>();
  const save = useApiMutation(connectEndpoints.save, { success: 'connect.saved' });
  const { attempt, dialog } = useTwoStep();
  const zh = isChinese();

  const submit = (values: ConnectForm) =>
    attempt(() =>
      save.mutateAsync(
        { params: { type: setting.type }, body: { is_open: values.is_open ? 1 : 0, config: values.config ?? {}, secrets: values.secrets ?? {} } },
        // A secret typed here is sent once, never kept on the page.
        { onSuccess: () => form.resetFields(setting.items.filter((item) => item.secret).map((item): ['secrets', string] => ['secrets', item.name])) },
      ),
    );

  return (
    <Card
      title={zh ? setting.name.zh : setting.name.en}
      extra={<Tag color={setting.is_open ? 'success' : 'default'}>{setting.is_open ? t('connect.opened') : t('connect.closed')}</Tag>}
      data-testid={`connect-${setting.type}`}
    >
      <Form<ConnectForm> form={form} layout="vertical" initialValues={{ is_open: setting.is_open === 1, config: { ...setting.config }, secrets: {} }} onFinish={submit}>
        <Form.Item name="is_open" label={t('connect.open')} valuePropName="checked">
          <Switch aria-label={`${zh ? setting.name.zh : setting.name.en} ${t('connect.open')}`} />
        </Form.Item>
        {setting.items.map((item) => {
          const label = zh ? item.label.zh : item.label.en;
          const set = setting.secrets_set.includes(item.name);
          return item.secret ? (
            <Form.Item key={item.name} name={['secrets', item.name]} label={label} extra={set ? t('connect.secretSet') : t('connect.secretHint')}>
              <Input.Password autoComplete="new-password" placeholder={set ? t('connect.secretKeep') : ''} visibilityToggle={false} />
            </Form.Item>
          ) : (
            <Form.Item key={item.name} name={['config', item.name]} label={label}>
              <Input maxLength={4000} />
            </Form.Item>
          );
        })}
        <Button type="primary" htmlType="submit" loading={save.isPending}>
          {t('common.actions.save')}
        </Button>
      </Form>
      {dialog}
    </Card>
  );
}

/** Trusted login (DOMAIN §2.29): the keys of each third-party sign-in and its switch. */
export default function TrustLoginPage() {
  const settings = useApi(connectEndpoints.list, {});
  if (!settings.data) return <Skeleton active />;
  return (
    <Row gutter={[16, 16]}>
      {settings.data.map((setting) => (
        <Col key={setting.type} xs={24} xl={12}>
          <ConnectCard setting={setting} />
        </Col>
      ))}
    </Row>
  );
}
