import { Alert, Button, Card, Empty, Flex, Form, Input, InputNumber, Modal, Select, Switch, Typography } from 'antd';
import { MailOutlined, PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { idOf, smtpBody, smtpEndpoints, smtpTestQuery, SMTP_LIMITS, type SmtpRow } from '@agora/contract';
import { formatUnixTime } from '@/components/formatTime';
import { FormDialog, saveWith } from '@/components/FormDialog';
import { ListTable, type ListColumn } from '@/components/list/ListTable';
import { actionColumn } from '@/components/list/RowActions';
import { useListPage } from '@/components/list/useListPage';
import { zodRules } from '@/components/zodRule';
import { useApiMutation } from '@/lib/api';

const ui = { edit: z.union([z.literal('new'), idOf()]), test: z.coerce.number().int() };

interface SmtpForm {
  host: string;
  port: number;
  username: string;
  password: string;
  open_ssl: boolean;
  max_count: number;
  mail_from: string;
}

function SmtpDialog({ account, onClose }: { account: SmtpRow | null; onClose(): void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<SmtpForm>();
  const create = useApiMutation(smtpEndpoints.create, { success: 'sysparams.smtp.saved' });
  const update = useApiMutation(smtpEndpoints.update, { success: 'sysparams.smtp.saved' });
  const { pending, save } = saveWith(create, update);
  const shape = smtpBody.shape;
  return (
    <FormDialog<SmtpForm>
      width={560}
      title={account ? t('sysparams.smtp.edit') : t('sysparams.smtp.add')}
      form={form}
      pending={pending}
      onClose={onClose}
      initialValues={{
        host: account?.host ?? '',
        port: account?.port ?? 465,
        username: account?.username ?? '',
        password: '',
        open_ssl: account ? account.open_ssl === 1 : true,
        max_count: account?.max_count ?? 500,
        mail_from: account?.mail_from ?? '',
      }}
      onFinish={(values) => save(account?.id, { ...values, password: values.password ?? '', open_ssl: values.open_ssl ? 1 : 0 }, onClose)}
    >
      <Form.Item name="host" label={t('sysparams.smtp.host')} rules={zodRules(shape.host)}>
        <Input maxLength={SMTP_LIMITS.host} autoFocus placeholder="smtp.example.com" />
      </Form.Item>
      <Flex gap={16}>
        <Form.Item name="port" label={t('sysparams.smtp.port')} rules={zodRules(shape.port)} style={{ flex: 1 }}>
          <InputNumber min={1} max={65535} precision={0} style={{ width: '100%' }} />
        </Form.Item>
        <Form.Item name="max_count" label={t('sysparams.smtp.maxCount')} rules={zodRules(shape.max_count)} style={{ flex: 1 }}>
          <InputNumber min={1} max={SMTP_LIMITS.max_count} precision={0} style={{ width: '100%' }} />
        </Form.Item>
      </Flex>
      <Form.Item name="username" label={t('sysparams.smtp.username')} rules={zodRules(shape.username)}>
        <Input maxLength={SMTP_LIMITS.username} autoComplete="off" />
      </Form.Item>
      <Form.Item name="password" label={t('sysparams.smtp.password')} extra={account?.password_set ? t('sysparams.smtp.passwordKeep') : undefined}>
        <Input.Password maxLength={SMTP_LIMITS.password} autoComplete="new-password" visibilityToggle={false} />
      </Form.Item>
      <Form.Item name="mail_from" label={t('sysparams.smtp.mailFrom')} rules={zodRules(shape.mail_from)}>
        <Input maxLength={SMTP_LIMITS.mail_from} placeholder="noreply@example.com" />
      </Form.Item>
      <Form.Item name="open_ssl" label={t('sysparams.smtp.openSsl')} valuePropName="checked" extra={t('sysparams.smtp.sslHint')}>
        <Switch />
      </Form.Item>
    </FormDialog>
  );
}

function TestMailDialog({ accounts, onClose }: { accounts: SmtpRow[]; onClose(): void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<{ email: string; smtp_id?: number }>();
  const send = useApiMutation(smtpEndpoints.testSend, { success: (sent) => ['sysparams.smtp.testSent', { from: sent.mail_from }] });
  return (
    <Modal
      open
      title={t('sysparams.smtp.testTitle')}
      okText={t('sysparams.smtp.send')}
      cancelText={t('common.actions.cancel')}
      confirmLoading={send.isPending}
      onOk={() => form.submit()}
      onCancel={onClose}
      destroyOnHidden
    >
      <Form form={form} layout="vertical" onFinish={(values) => send.mutate({ query: { email: values.email, ...(values.smtp_id ? { smtp_id: values.smtp_id } : {}) } }, { onSuccess: onClose })}>
        <Form.Item name="email" label={t('sysparams.smtp.testEmail')} rules={zodRules(smtpTestQuery.shape.email)}>
          <Input maxLength={100} autoFocus placeholder="ops@example.com" />
        </Form.Item>
        <Form.Item name="smtp_id" label={t('sysparams.smtp.testAccount')}>
          <Select allowClear placeholder={t('sysparams.smtp.rotation')} options={accounts.map((account) => ({ value: account.id, label: `${account.mail_from}（${account.host}）` }))} />
        </Form.Item>
      </Form>
    </Modal>
  );
}

/** smtpSettings: the SMTP accounts mail rotates over, each with its daily maximum; a test mail goes out for real. */
export default function SmtpPage() {
  const { t } = useTranslation();
  const list = useListPage(smtpEndpoints.list, { ui });
  const remove = useApiMutation(smtpEndpoints.remove, { success: 'sysparams.smtp.deleted' });
  const { edit, test } = list.ui;
  const edited = typeof edit === 'number' ? list.rows.find((row) => row.id === edit) : undefined;

  const columns: ListColumn<SmtpRow>[] = [
    {
      title: t('sysparams.smtp.host'),
      key: 'host',
      render: (_v, row) => (
        <Typography.Text strong>
          {row.host}:{row.port}
          {row.open_ssl ? ' (SSL)' : ''}
        </Typography.Text>
      ),
    },
    { title: t('sysparams.smtp.username'), dataIndex: 'username' },
    { title: t('sysparams.smtp.mailFrom'), dataIndex: 'mail_from' },
    { title: t('sysparams.smtp.sendCount'), key: 'count', render: (_v, row) => `${row.send_count} / ${row.max_count}` },
    {
      title: t('sysparams.smtp.lastSend'),
      dataIndex: 'last_send_time',
      render: (time: number | null) => (time ? formatUnixTime(time) : <Typography.Text type="secondary">{t('sysparams.smtp.never')}</Typography.Text>),
    },
    actionColumn<SmtpRow>(t('common.actions.operation'), (row) => [
      { label: t('common.actions.edit'), onClick: () => list.openUi({ edit: row.id }) },
      {
        label: t('common.actions.delete'),
        danger: true,
        confirm: t('sysparams.smtp.confirmDelete', { name: row.mail_from }),
        onClick: () => remove.mutate({ params: { id: row.id } }, { onSuccess: () => list.removed(1) }),
      },
    ]),
  ];

  return (
    <Card>
      <Alert type="info" showIcon style={{ marginBottom: 16 }} title={t('sysparams.smtp.hint')} />
      <Flex wrap gap={12} style={{ marginBottom: 16 }}>
        <Button type="primary" icon={<PlusOutlined />} onClick={() => list.openUi({ edit: 'new' })}>
          {t('sysparams.smtp.add')}
        </Button>
        <Button icon={<MailOutlined />} disabled={list.rows.length === 0} onClick={() => list.openUi({ test: 1 })}>
          {t('sysparams.smtp.testSend')}
        </Button>
      </Flex>
      <ListTable<SmtpRow> list={list} rowKey="id" columns={columns} emptyText={<Empty description={t('sysparams.smtp.empty')} />} />
      {edit === 'new' && <SmtpDialog account={null} onClose={list.closeUi} />}
      {edited && <SmtpDialog key={edited.id} account={edited} onClose={list.closeUi} />}
      {test === 1 && <TestMailDialog accounts={list.rows} onClose={list.closeUi} />}
    </Card>
  );
}
