import { useContext } from 'react';
import { Alert, Button, Card, Table, Tag, type TableColumnsType } from 'antd';
import { ReloadOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { SMS_OUTBOX_PERMISSIONS, type SmsOutboxRow } from '@agora/contract';
import { formatUnixTime } from '@/components/formatTime';
import { readPaging, urlPagination, useSearchState } from '@/components/useSearchState';
import { PermissionsContext } from '@/lib/permissions';
import { useSmsOutbox } from './queries';

/** Whether the operator may read the outbox (outside the signed-in layout, e.g. in tests, it is assumed). */
function useOutboxAllowed(): boolean {
  const permissions = useContext(PermissionsContext);
  return !permissions || SMS_OUTBOX_PERMISSIONS.some((name) => permissions.hasPermission(name));
}

/**
 * 短信发送记录 (开发驱动): until a real SMS gateway is set up, codes go to the development
 * driver's outbox; here an operator reads them, newest first, paged (page and size in the URL).
 */
export function SmsOutboxCard() {
  const { t } = useTranslation();
  const allowed = useOutboxAllowed();
  const search = useSearchState();
  const paging = readPaging(search);
  const outbox = useSmsOutbox(paging, allowed);
  if (!allowed) return null;

  const columns: TableColumnsType<SmsOutboxRow> = [
    { title: t('verification.outbox.columns.mobile'), dataIndex: 'mobile', width: 150 },
    {
      title: t('verification.outbox.columns.scene'),
      dataIndex: 'scene',
      width: 140,
      render: (scene: string) => <Tag>{t(`verification.outbox.scenes.${scene}`, { defaultValue: scene })}</Tag>,
    },
    { title: t('verification.outbox.columns.content'), dataIndex: 'content' },
    { title: t('verification.outbox.columns.time'), dataIndex: 'create_time', width: 180, render: (value: number) => formatUnixTime(value) },
  ];

  return (
    <Card
      title={t('verification.outbox.title')}
      extra={
        <Button icon={<ReloadOutlined />} loading={outbox.isFetching} onClick={() => outbox.refetch()}>
          {t('common.actions.refresh')}
        </Button>
      }
    >
      <Alert type="info" showIcon style={{ marginBottom: 16 }} title={t('verification.outbox.hint')} />
      <Table<SmsOutboxRow>
        rowKey="id"
        size="small"
        columns={columns}
        dataSource={outbox.data?.data}
        loading={outbox.isFetching}
        scroll={{ x: 720 }}
        locale={{ emptyText: outbox.isError ? t('common.loadFailed') : t('verification.outbox.empty') }}
        pagination={urlPagination(search, paging, outbox.data?.data_total, (total) => t('verification.outbox.total', { total }))}
      />
    </Card>
  );
}
