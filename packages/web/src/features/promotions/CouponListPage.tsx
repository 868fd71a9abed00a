import { Button, Card, Flex, Popconfirm, Select, Space, Tabs, Tag, Typography } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { COUPON_EFFECTIVE_TYPES, COUPON_STATUSES, COUPON_TYPES, couponEndpoints, type CouponRow, type CouponType } from '@agora/contract';
import { DayRangeFilter } from '@/components/DayRangeFilter';
import { KeywordSearch } from '@/components/KeywordSearch';
import { formatYuan } from '@/components/formatMoney';
import { formatMinute } from './format';
import { ListTable, type ListColumn } from '@/components/list/ListTable';
import { useListPage } from '@/components/list/useListPage';
import { useApiMutation } from '@/lib/api';
import { usePermissions } from '@/lib/permissions';
import { COUPON_ADD_PATH, couponEditPath, receiveListPath } from './paths';

const STATUS_COLORS = { 0: 'blue', 1: 'green', 2: 'default' } as const;

/** The coupon's state as operators read it: void first, else from its dates. */
export function CouponStatusTag({ coupon }: { coupon: Pick<CouponRow, 'status' | 'voided'> }) {
  const { t } = useTranslation();
  if (coupon.voided === 1) return <Tag color="red">{t('promotions.coupon.voided')}</Tag>;
  return <Tag color={STATUS_COLORS[coupon.status]}>{t(`promotions.coupon.status.${coupon.status}`)}</Tag>;
}

/** coupon-list: the platform's coupons on two tabs (NORMAL, NEWCOMER); edit, void, delete, claim records. */
export default function CouponListPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { hasPermission } = usePermissions();
  const list = useListPage(couponEndpoints.list);
  const { query, filter } = list;
  const voidCoupon = useApiMutation(couponEndpoints.void, { success: 'promotions.coupon.voidedDone' });
  const remove = useApiMutation(couponEndpoints.remove, { success: 'promotions.coupon.deleted' });

  const columns: ListColumn<CouponRow>[] = [
    { title: t('promotions.coupon.title'), dataIndex: 'title', fixed: 'start' },
    {
      title: t('promotions.coupon.priceThreshold'),
      key: 'price',
      align: 'right',
      render: (_v, coupon) => (
        <Space orientation="vertical" size={0}>
          <Typography.Text strong>{formatYuan(coupon.coupon_price)}</Typography.Text>
          <Typography.Text type="secondary">{t('promotions.coupon.over', { amount: formatYuan(coupon.coupon_threshold_price) })}</Typography.Text>
        </Space>
      ),
    },
    {
      title: t('promotions.coupon.scope'),
      key: 'scope',
      render: (_v, coupon) => (
        <Space orientation="vertical" size={0}>
          <span>{t(`promotions.coupon.scopes.${coupon.use_scope}`)}</span>
          {coupon.use_scope !== 'ALL' && (
            <Typography.Text type="secondary" ellipsis={{ tooltip: coupon.scope_description }} style={{ maxWidth: 120 }}>
              {coupon.scope_description}
            </Typography.Text>
          )}
        </Space>
      ),
    },
    {
      title: t('promotions.coupon.validity'),
      key: 'validity',
      render: (_v, coupon) => (
        <Space orientation="vertical" size={0}>
          <span>{formatMinute(coupon.start_time)}</span>
          <span>{formatMinute(coupon.end_time)}</span>
          {coupon.effective_type === 'EFFECTIVE_AFTER_RECEIVING' && (
            <Typography.Text type="secondary">{t('promotions.coupon.daysAfterClaim', { count: coupon.effective_days })}</Typography.Text>
          )}
        </Space>
      ),
    },
    { title: t('promotions.coupon.statusLabel'), key: 'status', render: (_v, coupon) => <CouponStatusTag coupon={coupon} /> },
    {
      title: t('promotions.coupon.numbers'),
      key: 'numbers',
      render: (_v, coupon) => (
        <Space orientation="vertical" size={0}>
          <span>{`${coupon.create_num} / ${coupon.limit_num === 0 ? t('promotions.coupon.unlimited') : coupon.limit_num} / ${coupon.received_num}`}</span>
          <Typography.Text type="secondary">{t('promotions.coupon.shopBears', { percent: coupon.shop_commission })}</Typography.Text>
        </Space>
      ),
    },
    {
      title: t('common.actions.operation'),
      key: 'actions',
      fixed: 'end',
      render: (_v, coupon) => (
        <Space size={0}>
          {hasPermission('couponUpdate') && coupon.received_num === 0 && coupon.status !== 2 && coupon.voided === 0 && (
            <Button type="link" size="small" onClick={() => navigate(couponEditPath(coupon.coupon_id))}>
              {t('common.actions.edit')}
            </Button>
          )}
          {coupon.coupon_type === 'NORMAL' && coupon.received_num > 0 && coupon.status !== 2 && coupon.voided === 0 && (
            <Popconfirm title={t('promotions.coupon.confirmVoid')} okButtonProps={{ danger: true }} onConfirm={() => voidCoupon.mutate({ params: { id: coupon.coupon_id } })}>
              <Button type="link" size="small" danger>
                {t('promotions.coupon.void')}
              </Button>
            </Popconfirm>
          )}
          {coupon.status === 0 && (
            <Popconfirm title={t('promotions.coupon.confirmDelete', { name: coupon.title })} okButtonProps={{ danger: true }} onConfirm={() => remove.mutate({ params: { id: coupon.coupon_id } })}>
              <Button type="link" size="small" danger>
                {t('common.actions.delete')}
              </Button>
            </Popconfirm>
          )}
          {hasPermission('receiveList') && coupon.received_num > 0 && (
            <Button type="link" size="small" onClick={() => navigate(receiveListPath(coupon.coupon_id))}>
              {t('promotions.coupon.claims')}
            </Button>
          )}
        </Space>
      ),
    },
  ];

  return (
    <Card>
      <Tabs
        activeKey={query.coupon_type}
        onChange={(key) => filter({ coupon_type: key as CouponType })}
        items={COUPON_TYPES.map((type) => ({ key: type, label: t(`promotions.coupon.types.${type}`) }))}
      />
      <Flex wrap gap={12} style={{ marginBottom: 16 }}>
        <KeywordSearch value={query.keyword} maxLength={10} placeholder={t('promotions.coupon.keyword')} onSearch={(keyword) => filter({ keyword })} />
        <Select
          allowClear
          style={{ width: 150 }}
          placeholder={t('promotions.coupon.statusLabel')}
          value={query.status}
          onChange={(status: number | undefined) => filter({ status })}
          options={COUPON_STATUSES.map((status) => ({ value: status, label: t(`promotions.coupon.status.${status}`) }))}
        />
        {query.coupon_type === 'NORMAL' && (
          <Select
            allowClear
            style={{ width: 200 }}
            placeholder={t('promotions.coupon.effectiveType')}
            value={query.effective_type}
            onChange={(effective_type: string | undefined) => filter({ effective_type })}
            options={COUPON_EFFECTIVE_TYPES.map((type) => ({ value: type, label: t(`promotions.coupon.effectiveTypes.${type}`) }))}
          />
        )}
        <DayRangeFilter
          start={query.start_time}
          end={query.end_time}
          placeholder={[t('promotions.coupon.validFrom'), t('promotions.coupon.validTo')]}
          onChange={({ start, end }) => filter({ start_time: start, end_time: end })}
        />
        {hasPermission('coupon') && (
          <Button type="primary" icon={<PlusOutlined />} onClick={() => navigate(`${COUPON_ADD_PATH}?coupon_type=${query.coupon_type}`)}>
            {t('promotions.coupon.add')}
          </Button>
        )}
      </Flex>
      <ListTable<CouponRow> list={list} rowKey="coupon_id" columns={columns} emptyText={t('promotions.coupon.empty')} />
    </Card>
  );
}
