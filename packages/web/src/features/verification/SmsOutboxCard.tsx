import { useContext } from 'react';
import { Alert, Button, Card, Tag } from 'antd';
import { ReloadOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { SMS_OUTBOX_PERMISSIONS, verificationEndpoints, type SmsOutboxRow } from '@agora/contract';
import { formatUnixTime } from '@/components/formatTime';
import { ListTable, type ListColumn } from '@/components/list/ListTable';
import { useListPage } from '@/components/list/useListPage';
import { PermissionsContext } from '@/lib/permissions';

/** Whether the operator may read the outbox (outside the signed-in layout, e.g. in tests, it is assumed). */
function useOutboxAllowed(): boolean {
  const permissions = useContext(PermissionsContext);
  return !permissions || SMS_OUTBOX_PERMISSIONS.some((name) => permissions.hasPermission(name));
}

/**
 * 短信发送记录（未接入短信网关）: until a real SMS gateway is set up, codes go to the development
 * driver's outbox; here an operator reads them, newest first, paged (page and size in the URL).
 */
export function SmsOutboxCard() {
  const { t } = useTranslation();
  const allowed = useOutboxAllowed();
  const outbox = useListPage(verificationEndpoints.outbox, { enabled: allowed });
  if (!allowed) return null;

  const columns: ListColumn<SmsOutboxRow>[] = [
    { title: t('verification.outbox.columns.mobile'), dataIndex: 'mobile' },
    {
      title: t('verification.outbox.columns.scene'),
      dataIndex: 'scene',
      render: (scene: string) => <Tag>{t(`verification.outbox.scenes.${scene}`, { defaultValue: scene })}</Tag>,
    },
    { title: t('verification.outbox.columns.content'), dataIndex: 'content' },
    { title: t('verification.outbox.columns.time'), dataIndex: 'create_time', render: (value: number) => formatUnixTime(value) },
  ];

  return (
    <Card
      title={t('verification.outbox.title')}
      extra={
        <Button icon={<ReloadOutlined />} loading={outbox.result.isFetching} onClick={() => outbox.result.refetch()}>
          {t('common.actions.refresh')}
        </Button>
      }
    >
      <Alert type="info" showIcon style={{ marginBottom: 16 }} title={t('verification.outbox.hint')} />
      <ListTable<SmsOutboxRow> list={outbox} rowKey="id" size="small" columns={columns} emptyText={t('verification.outbox.empty')} />
    </Card>
  );
}
