import { Alert, Button, Card, Flex, Form, Input } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { idOf, smsEndpoints, smsSignBody, SMS_LIMITS, type SmsAuditState, type SmsSignRow } from '@agora/contract';
import { formatUnixTime } from '@/components/formatTime';
import { FormDialog, saveWith } from '@/components/FormDialog';
import { ListTable, type ListColumn } from '@/components/list/ListTable';
import { actionColumn } from '@/components/list/RowActions';
import { useListPage } from '@/components/list/useListPage';
import { zodRule } from '@/components/zodRule';
import { useApiMutation } from '@/lib/api';
import { AuditFilter, AuditTag, editable, OneLine } from './SmsTags';
import { SyncButton } from './SyncButton';

const ui = { edit: z.union([z.literal('new'), idOf()]) };

function SignDialog({ sign, onClose }: { sign: SmsSignRow | null; onClose(): void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<{ sign_name: string; remark: string }>();
  const { pending, save } = saveWith(useApiMutation(smsEndpoints.addSign, { success: 'sms.saved' }), useApiMutation(smsEndpoints.editSign, { success: 'sms.saved' }));
  return (
    <FormDialog
      title={sign ? t('sms.signs.edit') : t('sms.signs.add')}
      form={form}
      pending={pending}
      onClose={onClose}
      initialValues={{ sign_name: sign?.sign_name ?? '', remark: sign?.remark ?? '' }}
      onFinish={(values) => save(sign?.id, values, onClose)}
    >
      <Form.Item name="sign_name" label={t('sms.signs.name')} rules={[{ required: true, message: '请填写签名名称' }, zodRule(smsSignBody.shape.sign_name)]} extra={t('sms.signs.nameHint')}>
        <Input maxLength={SMS_LIMITS.signName} showCount autoFocus />
      </Form.Item>
      <Form.Item name="remark" label={t('sms.remark')} rules={[{ required: true, message: '请填写申请说明' }, zodRule(smsSignBody.shape.remark)]}>
        <Input.TextArea maxLength={SMS_LIMITS.remark} showCount rows={3} />
      </Form.Item>
    </FormDialog>
  );
}


/** addMessageSign (短信签名): signatures with their audit state, submitted to the provider for audit. */
export default function SmsSignsPage() {
  const { t } = useTranslation();
  const list = useListPage(smsEndpoints.signs, { ui });
  const remove = useApiMutation(smsEndpoints.removeSign, { success: 'sms.deleted' });
  const submit = useApiMutation(smsEndpoints.submitSign, { success: 'sms.submitted' });
  const { edit } = list.ui;
  const edited = typeof edit === 'number' ? list.rows.find((row) => row.id === edit) : undefined;
  const columns: ListColumn<SmsSignRow>[] = [
    { title: t('sms.signs.name'), dataIndex: 'sign_name', width: 160 },
    { title: t('sms.remark'), dataIndex: 'remark', render: (text: string) => <OneLine text={text} width={300} /> },
    { title: t('sms.auditStatusTitle'), dataIndex: 'audit_status', width: 130, render: (status: SmsAuditState, row) => <AuditTag status={status} reason={row.audit_reason} /> },
    { title: t('sms.updated'), dataIndex: 'update_time', width: 170, render: (time: number) => formatUnixTime(time) },
    actionColumn<SmsSignRow>(t('common.actions.operation'), (row) => [
      { label: t('common.actions.edit'), onClick: () => list.openUi({ edit: row.id }), disabledReason: editable(row.audit_status) ? undefined : t('sms.lockedReason') },
      editable(row.audit_status) && { label: t('sms.submit'), confirm: t('sms.confirmSubmit'), onClick: () => submit.mutate({ params: { id: row.id } }) },
      {
        label: t('common.actions.delete'),
        danger: true,
        confirm: t('sms.signs.confirmDelete', { name: row.sign_name }),
        disabledReason: row.audit_status === 'AUDITING' ? t('sms.auditingReason') : undefined,
        onClick: () => remove.mutate({ params: { id: row.id } }, { onSuccess: () => list.removed(1) }),
      },
    ]),
  ];
  return (
    <Card>
      <Alert type="info" showIcon style={{ marginBottom: 16 }} title={t('sms.providerHint')} />
      <Flex wrap gap={8} style={{ marginBottom: 16 }}>
        <Button type="primary" icon={<PlusOutlined />} onClick={() => list.openUi({ edit: 'new' })}>
          {t('sms.signs.add')}
        </Button>
        <AuditFilter value={list.query.audit_status} onChange={(audit_status) => list.filter({ audit_status })} />
        <span style={{ marginLeft: 'auto' }}>
          <SyncButton />
        </span>
      </Flex>
      <ListTable<SmsSignRow> list={list} rowKey="id" columns={columns} emptyText={t('sms.signs.empty')} />
      {edit === 'new' && <SignDialog sign={null} onClose={list.closeUi} />}
      {edited && <SignDialog key={edited.id} sign={edited} onClose={list.closeUi} />}
    </Card>
  );
}
