import { Button, Card, Descriptions, Space, Table, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router-dom';
import { ROUTE_BY_NAME, pintuanEndpoints, type PintuanGoodsRow, type PintuanGroupRow, type PintuanGroupStatus } from '@agora/contract';
import { formatYuan } from '@/components/formatMoney';
import { RowActions } from '@/components/list/RowActions';
import { useApi } from '@/lib/api';
import { PintuanStatusTag, useOpenClose } from './AssembleListPage';
import { formatMinute } from './format';

const GROUP_COLORS: Record<PintuanGroupStatus, string> = { FORMING: 'orange', FORMED: 'green', FAILED: 'red' };

/** assemble-detail/{promotion_id}: one group buy with its goods and groups; open or close it inside its window. */
export default function AssembleDetailPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const id = Number(useParams().promotion_id);
  const valid = Number.isSafeInteger(id) && id > 0;
  const detail = useApi(pintuanEndpoints.detail, { params: { id } }, { enabled: valid });
  const openClose = useOpenClose();
  const event = detail.data;
  return (
    <Space direction="vertical" size={16} style={{ width: '100%' }}>
      <Card
        loading={detail.isLoading}
        title={event?.promotion_name ?? t('route.assembleDetail')}
        extra={
          <Space>
            {event && <RowActions actions={openClose(event)} />}
            <Button onClick={() => navigate(ROUTE_BY_NAME.get('assembleList')?.path ?? '/')}>{t('common.actions.back')}</Button>
          </Space>
        }
      >
        {event && (
          <Descriptions size="small" column={3}>
            <Descriptions.Item label={t('pintuan.statusLabel')}>
              <PintuanStatusTag status={event.status} />
            </Descriptions.Item>
            <Descriptions.Item label={t('pintuan.shop')}>{event.shop_name}</Descriptions.Item>
            <Descriptions.Item label={t('pintuan.title')}>{event.promotion_title || '—'}</Descriptions.Item>
            <Descriptions.Item label={t('pintuan.time')}>{`${formatMinute(event.start_time)} ~ ${formatMinute(event.end_time)}`}</Descriptions.Item>
            <Descriptions.Item label={t('pintuan.required')}>{event.required_num}</Descriptions.Item>
            <Descriptions.Item label={t('pintuan.limitTime')}>{t('pintuan.hours', { count: event.limit_time })}</Descriptions.Item>
            <Descriptions.Item label={t('pintuan.mocker')}>{t(event.enable_mocker ? 'pintuan.yes' : 'pintuan.no')}</Descriptions.Item>
          </Descriptions>
        )}
      </Card>
      <Card title={t('pintuan.goods')}>
        <Table<PintuanGoodsRow>
          rowKey="id"
          pagination={false}
          dataSource={event?.goods ?? []}
          columns={[
            { title: t('pintuan.goodsName'), dataIndex: 'goods_name' },
            { title: t('pintuan.originPrice'), dataIndex: 'origin_price', align: 'right', render: formatYuan },
            { title: t('pintuan.salesPrice'), dataIndex: 'sales_price', align: 'right', render: formatYuan },
            { title: t('pintuan.soldNum'), dataIndex: 'sold_num', align: 'right' },
          ]}
        />
      </Card>
      <Card title={t('pintuan.groups')}>
        <Table<PintuanGroupRow>
          rowKey="id"
          pagination={false}
          dataSource={event?.groups ?? []}
          locale={{ emptyText: t('pintuan.noGroups') }}
          columns={[
            { title: t('pintuan.leader'), dataIndex: 'leader_name' },
            { title: t('pintuan.joined'), key: 'joined', align: 'right', render: (_v, group) => `${group.joined_num} / ${group.required_num}` },
            {
              title: t('pintuan.groupStatus'),
              key: 'status',
              render: (_v, group) => (
                <Space>
                  <Tag color={GROUP_COLORS[group.status]}>{t(`pintuan.groupStatuses.${group.status}`)}</Tag>
                  {group.refund_pending === 1 && <Tag color="volcano">{t('pintuan.refundPending')}</Tag>}
                </Space>
              ),
            },
            { title: t('pintuan.orders'), dataIndex: 'order_sns', render: (sns: string[]) => sns.join('、') || '—' },
            { title: t('pintuan.createdAt'), dataIndex: 'create_time', render: formatMinute },
          ]}
        />
      </Card>
    </Space>
  );
}
