import { Button, Card, Form, Input, Switch, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { connectEndpoints, thirdAppEndpoints, type ConfigGroupSetting, type ConnectInput } from '@agora/contract';
import { useTwoStep } from '@/components/TwoStepDialog';
import { useApiMutation } from '@/lib/api';
import { isChinese } from '@/lib/locale';

interface GroupForm {
  is_open: boolean;
  config: Record<string, string>;
  secrets: Record<string, string>;
}

type SaveEndpoint = typeof connectEndpoints.save | typeof thirdAppEndpoints.save;

/**
 * One config group behind a switch (a trusted sign-in, a third-party app): its plain items, its
 * write-only secrets (a blank one keeps the stored value) and the save behind the second step.
 */
export function ConfigGroupCard({ setting, endpoint, success }: { setting: ConfigGroupSetting; endpoint: SaveEndpoint; success: string }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<GroupForm>();
  const save = useApiMutation(endpoint, { success, toInput: (body: ConnectInput) => ({ params: { type: setting.type as never }, body }) });
  const { attempt, dialog } = useTwoStep();
  const zh = isChinese();
  const name = zh ? setting.name.zh : setting.name.en;

  const submit = (values: GroupForm) =>
    attempt(() =>
      save.mutateAsync(
        { is_open: values.is_open ? 1 : 0, config: values.config ?? {}, secrets: values.secrets ?? {} },
        // A secret typed here is sent once, never kept on the page.
        { onSuccess: () => form.resetFields(setting.items.filter((item) => item.secret).map((item): ['secrets', string] => ['secrets', item.name])) },
      ),
    );

  return (
    <Card title={name} extra={<Tag color={setting.is_open ? 'success' : 'default'}>{setting.is_open ? t('connect.opened') : t('connect.closed')}</Tag>} data-testid={`connect-${setting.type}`}>
      <Form<GroupForm> form={form} layout="vertical" initialValues={{ is_open: setting.is_open === 1, config: { ...setting.config }, secrets: {} }} onFinish={submit}>
        <Form.Item name="is_open" label={t('connect.open')} valuePropName="checked">
          <Switch aria-label={`${name} ${t('connect.open')}`} />
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
