import { Alert, Button, Card, Flex, Select, Switch, Tooltip } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { ROUTE_BY_NAME, smsEndpoints, SMS_TEMPLATE_TYPES, type SmsAuditState, type SmsTemplateRow, type SmsTemplateType } from '@agora/contract';
import { ListTable, type ListColumn } from '@/components/list/ListTable';
import { actionColumn } from '@/components/list/RowActions';
import { useListPage } from '@/components/list/useListPage';
import { useApiMutation } from '@/lib/api';
import { AuditFilter, AuditTag, editable, OneLine } from './SmsTags';
import { SyncButton } from './SyncButton';


/**
 * The templates, two ways: 短信设置 (textMessage) manages them — enable, edit, delete — and 模板审核
 * (addTemplateAudit) follows their audit: submit, sync, the provider's reasons.
 */
export function SmsTemplatesPage({ mode }: { mode: 'manage' | 'audit' }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const list = useListPage(smsEndpoints.templates);
  const remove = useApiMutation(smsEndpoints.removeTemplate, { success: 'sms.deleted' });
  const submit = useApiMutation(smsEndpoints.submitTemplate, { success: 'sms.submitted' });
  const enable = useApiMutation(smsEndpoints.enableTemplate, { success: 'sms.saved' });
  const editPath = (id: number) => `${ROUTE_BY_NAME.get('addMessageTemplate')!.path}?id=${id}`;

  const columns: ListColumn<SmsTemplateRow>[] = [
    { title: t('sms.templates.name'), dataIndex: 'template_name', width: 150 },
    { title: t('sms.templates.type'), dataIndex: 'template_type', width: 100, render: (type: SmsTemplateType) => t(`sms.templateType.${type}`) },
    { title: t('sms.templates.content'), dataIndex: 'content', render: (text: string) => <OneLine text={text} width={280} /> },
    { title: t('sms.auditStatusTitle'), dataIndex: 'audit_status', width: 130, render: (status: SmsAuditState, row) => <AuditTag status={status} reason={row.audit_reason} /> },
    mode === 'manage'
      ? {
          title: t('sms.templates.enabled'),
          dataIndex: 'enable_status',
          width: 100,
          render: (on: 0 | 1, row) => (
            <Tooltip title={row.audit_status === 'PASS' ? undefined : t('sms.templates.enableOnlyPassed')}>
              <Switch
                size="small"
                checked={on === 1}
                disabled={on === 0 && row.audit_status !== 'PASS'}
                loading={enable.isPending && enable.variables?.params.id === row.id}
                onChange={(checked) => enable.mutate({ params: { id: row.id }, query: { enable: checked ? 1 : 0 } })}
              />
            </Tooltip>
          ),
        }
      : { title: t('sms.templates.reason'), dataIndex: 'audit_reason', render: (reason: string) => <OneLine text={reason} width={160} /> },
    actionColumn<SmsTemplateRow>(t('common.actions.operation'), (row) => [
      { label: t('common.actions.edit'), onClick: () => navigate(editPath(row.id)), disabledReason: editable(row.audit_status) ? undefined : t('sms.lockedReason') },
      mode === 'audit' && editable(row.audit_status) && { label: t('sms.submit'), confirm: t('sms.confirmSubmit'), onClick: () => submit.mutate({ params: { id: row.id } }) },
      mode === 'manage' && {
        label: t('common.actions.delete'),
        danger: true,
        confirm: t('sms.templates.confirmDelete', { name: row.template_name }),
        disabledReason: row.audit_status === 'AUDITING' ? t('sms.auditingReason') : undefined,
        onClick: () => remove.mutate({ params: { id: row.id } }, { onSuccess: () => list.removed(1) }),
      },
    ]),
  ];

  return (
    <Card>
      {mode === 'audit' && <Alert type="info" showIcon style={{ marginBottom: 16 }} title={t('sms.providerHint')} />}
      <Flex wrap gap={8} style={{ marginBottom: 16 }}>
        <Button type="primary" icon={<PlusOutlined />} onClick={() => navigate(ROUTE_BY_NAME.get('addMessageTemplate')!.path)}>
          {t('sms.templates.add')}
        </Button>
        <Select
          allowClear
          style={{ width: 160 }}
          placeholder={t('sms.templates.typeAll')}
          value={list.query.template_type}
          onChange={(template_type?: SmsTemplateType) => list.filter({ template_type })}
          options={SMS_TEMPLATE_TYPES.map((value) => ({ value, label: t(`sms.templateType.${value}`) }))}
        />
        <AuditFilter value={list.query.audit_status} onChange={(audit_status) => list.filter({ audit_status })} />
        <span style={{ marginLeft: 'auto' }}>
          <SyncButton />
        </span>
      </Flex>
      <ListTable<SmsTemplateRow> list={list} rowKey="id" columns={columns} emptyText={t('sms.templates.empty')} />
    </Card>
  );
}

export default function TextMessagePage() {
  return <SmsTemplatesPage mode="manage" />;
}
