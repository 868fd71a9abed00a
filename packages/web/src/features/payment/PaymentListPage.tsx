import { Button, Card, Space, Table, Tag, Typography, type TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { paymentEndpoints, type PaymentMethodRow } from '@agora/contract';
import { formatUnixTime } from '@/components/formatTime';
import { useApi } from '@/lib/api';
import { usePermissions } from '@/lib/permissions';
import { paymentEditPath } from './paths';

/** payment: the payment methods and the clients each is open on; editing opens paymentEdit. */
export default function PaymentListPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { hasPermission } = usePermissions();
  const methods = useApi(paymentEndpoints.list, {});

  const columns: TableColumnsType<PaymentMethodRow> = [
    { title: t('payment.method'), dataIndex: 'method_name', render: (name: string) => <Typography.Text strong>{name}</Typography.Text> },
    { title: t('payment.plugin'), dataIndex: 'plugin_id', render: (id: string) => <Typography.Text type="secondary">{id}</Typography.Text> },
    {
      title: t('payment.openClients'),
      key: 'clients',
      render: (_v, row) =>
        row.open_clients.length ? (
          <Space size={4} wrap>
            {row.open_clients.map((client) => (
              <Tag key={client} color="green">
                {t(`payment.clients.${client}`)}
              </Tag>
            ))}
          </Space>
        ) : (
          <Tag>{t('payment.closed')}</Tag>
        ),
    },
    { title: t('payment.retrace'), dataIndex: 'is_retrace', render: (retrace: number) => (retrace ? t('payment.yes') : t('payment.no')) },
    { title: t('payment.updateTime'), dataIndex: 'update_time', render: formatUnixTime },
    {
      title: t('common.actions.operation'),
      key: 'actions',
      fixed: 'end',
      render: (_v, row) =>
        hasPermission('paymentEdit') && (
          <Button type="link" size="small" onClick={() => navigate(paymentEditPath(row.plugin_id))}>
            {t('payment.configure')}
          </Button>
        ),
    },
  ];

  return (
    <Card>
      <Typography.Paragraph type="secondary">{t('payment.hint')}</Typography.Paragraph>
      <Table<PaymentMethodRow>
        rowKey="plugin_id"
        columns={columns}
        dataSource={methods.data ?? []}
        loading={methods.isLoading}
        pagination={false}
        scroll={{ x: 'max-content' }}
      />
    </Card>
  );
}
