import { Alert, Card, Form, Input, Modal, Switch, Table, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { messageTemplateEndpoints, testMailQuery, type MessageTemplateRow } from '@agora/contract';
import { actionColumn } from '@/components/list/RowActions';
import { useUrlUi } from '@/components/list/useUrlUi';
import { zodRule } from '@/components/zodRule';
import { useApi, useApiMutation } from '@/lib/api';
import { ChannelDialog } from './ChannelDialog';

const ui = { edit: z.coerce.number().int().positive(), test: z.coerce.number().int().positive() };

function TestMailDialog({ template, onClose }: { template: MessageTemplateRow; onClose(): void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<{ email: string }>();
  const send = useApiMutation(messageTemplateEndpoints.testMail, { success: 'notices.email.testSent', invalidates: [] });
  return (
    <Modal
      open
      title={t('notices.email.testTitle', { name: template.tpl_name })}
      okText={t('notices.email.send')}
      cancelText={t('common.actions.cancel')}
      confirmLoading={send.isPending}
      onOk={() => form.submit()}
      onCancel={onClose}
      destroyOnHidden
    >
      <Form form={form} layout="vertical" onFinish={(values) => send.mutate({ params: { id: template.id }, query: { email: values.email } }, { onSuccess: onClose })}>
        <Form.Item name="email" label={t('notices.email.testEmail')} rules={[zodRule(testMailQuery.shape.email)]} extra={t('notices.email.testHint')}>
          <Input maxLength={100} autoFocus placeholder="ops@example.com" />
        </Form.Item>
      </Form>
    </Modal>
  );
}

/** email: the mail each business event sends (on/off, title and text), and a test send through SMTP. */
export default function EmailPage() {
  const { t } = useTranslation();
  const templates = useApi(messageTemplateEndpoints.list, {});
  const update = useApiMutation(messageTemplateEndpoints.update, { success: 'notices.templates.saved' });
  const { ui: state, openUi, closeUi } = useUrlUi(ui);
  const rows = templates.data ?? [];
  const edited = rows.find((row) => row.id === state.edit);
  const tested = rows.find((row) => row.id === state.test);

  const columns: ColumnsType<MessageTemplateRow> = [
    { title: t('notices.templates.name'), dataIndex: 'tpl_name', render: (name: string) => <Typography.Text strong>{name}</Typography.Text> },
    { title: t('notices.templates.type'), dataIndex: 'type', width: 100, render: (type: string) => <Tag>{t(type === 'SHOP' ? 'notices.templates.shop' : 'notices.templates.member')}</Tag> },
    { title: t('notices.templates.emailTitle'), dataIndex: 'email_title', render: (title: string) => <Typography.Text ellipsis={{ tooltip: title }} style={{ maxWidth: 360 }}>{title}</Typography.Text> },
    {
      title: t('notices.templates.enabled'),
      key: 'email_state',
      width: 100,
      render: (_v, row) => (
        <Switch
          size="small"
          checked={row.email_state === 'OPEN'}
          loading={update.isPending && update.variables?.params.id === row.id}
          onChange={(checked) => update.mutate({ params: { id: row.id }, body: { channel: 'email', state: checked ? 'OPEN' : 'CLOSED', email_title: row.email_title, content: row.email_content } })}
        />
      ),
    },
    actionColumn<MessageTemplateRow>(t('common.actions.operation'), (row) => [
      { label: t('common.actions.edit'), onClick: () => openUi({ edit: row.id }) },
      { label: t('notices.email.test'), onClick: () => openUi({ test: row.id }) },
    ]),
  ];

  return (
    <Card>
      <Alert type="info" showIcon style={{ marginBottom: 16 }} title={t('notices.email.hint')} />
      <Table<MessageTemplateRow> rowKey="id" columns={columns} dataSource={rows} loading={templates.isLoading} pagination={false} size="middle" />
      {edited && <ChannelDialog key={edited.id} template={edited} channel="email" onClose={closeUi} />}
      {tested && <TestMailDialog template={tested} onClose={closeUi} />}
    </Card>
  );
}
