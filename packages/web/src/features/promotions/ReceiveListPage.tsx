import { useMemo } from 'react';
import { Button, Card, Descriptions, Flex, Select, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router-dom';
import { MEMBER_COUPON_CANCEL_REASON_MAX, couponEndpoints, idOf, type MemberCouponRow, type MemberCouponState } from '@agora/contract';
import { ReasonDialog } from '@/components/ReasonDialog';
import { formatYuan } from '@/components/formatMoney';
import { ListTable, type ListColumn } from '@/components/list/ListTable';
import { useListPage } from '@/components/list/useListPage';
import { useApi, useApiMutation } from '@/lib/api';
import { CouponStatusTag } from './CouponListPage';
import { formatMinute } from './format';
import { COUPON_LIST_PATH } from './paths';

const STATE_COLORS: Record<MemberCouponState, string> = { UNUSED: 'green', USED: 'blue', VOIDED: 'red', EXPIRED: 'default' };

/** The page's URL beside the list query: the member coupon being voided. */
const ui = { cancel: idOf() };

/** receive-list/{id}: who claimed one coupon; void a member's unused coupon with a reason. */
export default function ReceiveListPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const couponId = Number(useParams().id);
  const valid = Number.isSafeInteger(couponId) && couponId > 0;
  const fixed = useMemo(() => ({ coupon_id: valid ? couponId : 1 }), [couponId, valid]);
  const list = useListPage(couponEndpoints.claims, { ui, fixed, enabled: valid });
  const coupon = useApi(couponEndpoints.detail, { params: { id: couponId } }, { enabled: valid });
  const cancel = useApiMutation(couponEndpoints.cancelClaim, { success: 'promotions.claims.voided' });
  const cancelId = list.ui.cancel;

  const columns: ListColumn<MemberCouponRow>[] = [
    { title: t('promotions.claims.member'), dataIndex: 'member_name', fixed: 'start' },
    {
      title: t('promotions.coupon.priceThreshold'),
      key: 'price',
      align: 'right',
      render: (_v, row) => (
        <Flex vertical>
          <Typography.Text strong>{formatYuan(row.coupon_price)}</Typography.Text>
          <Typography.Text type="secondary">{t('promotions.coupon.over', { amount: formatYuan(row.coupon_threshold_price) })}</Typography.Text>
        </Flex>
      ),
    },
    {
      title: t('promotions.claims.validity'),
      key: 'validity',
      render: (_v, row) => (
        <Flex vertical>
          <span>{formatMinute(row.start_time)}</span>
          <span>{formatMinute(row.end_time)}</span>
        </Flex>
      ),
    },
    { title: t('promotions.claims.claimedAt'), dataIndex: 'create_time', render: formatMinute },
    { title: t('promotions.claims.state'), dataIndex: 'state', render: (state: MemberCouponState) => <Tag color={STATE_COLORS[state]}>{t(`promotions.claims.states.${state}`)}</Tag> },
    {
      title: t('promotions.claims.use'),
      key: 'use',
      render: (_v, row) =>
        row.order_sn ? (
          <Flex vertical>
            <span>{row.order_sn}</span>
            {row.used_time && <Typography.Text type="secondary">{formatMinute(row.used_time)}</Typography.Text>}
          </Flex>
        ) : (
          '—'
        ),
    },
    {
      title: t('promotions.claims.reasonColumn'),
      dataIndex: 'cancel_reason',
      render: (reason: string) => (reason ? <Typography.Text ellipsis={{ tooltip: reason }} style={{ maxWidth: 96 }}>{reason}</Typography.Text> : '—'),
    },
    {
      title: t('common.actions.operation'),
      key: 'actions',
      fixed: 'end',
      render: (_v, row) =>
        row.state === 'UNUSED' ? (
          <Button type="link" size="small" danger onClick={() => list.openUi({ cancel: row.mc_id })}>
            {t('promotions.claims.void')}
          </Button>
        ) : (
          '—'
        ),
    },
  ];

  return (
    <Card
      title={coupon.data ? t('promotions.claims.title', { name: coupon.data.title }) : t('route.receiveList')}
      extra={<Button onClick={() => navigate(COUPON_LIST_PATH)}>{t('common.actions.back')}</Button>}
    >
      {coupon.data && (
        <Descriptions size="small" column={4} style={{ marginBottom: 16 }}>
          <Descriptions.Item label={t('promotions.coupon.price')}>{formatYuan(coupon.data.coupon_price)}</Descriptions.Item>
          <Descriptions.Item label={t('promotions.coupon.threshold')}>{formatYuan(coupon.data.coupon_threshold_price)}</Descriptions.Item>
          <Descriptions.Item label={t('promotions.coupon.numbers')}>{`${coupon.data.create_num} / ${coupon.data.limit_num || t('promotions.coupon.unlimited')} / ${coupon.data.received_num}`}</Descriptions.Item>
          <Descriptions.Item label={t('promotions.coupon.statusLabel')}>
            <CouponStatusTag coupon={coupon.data} />
          </Descriptions.Item>
        </Descriptions>
      )}
      <Flex gap={12} style={{ marginBottom: 16 }}>
        <Select
          allowClear
          style={{ width: 160 }}
          placeholder={t('promotions.claims.usedFilter')}
          value={list.query.used_status}
          onChange={(used_status: number | undefined) => list.filter({ used_status })}
          options={[
            { value: 0, label: t('promotions.claims.unusedOnly') },
            { value: 1, label: t('promotions.claims.usedOnly') },
          ]}
        />
      </Flex>
      <ListTable<MemberCouponRow> list={list} rowKey="mc_id" columns={columns} emptyText={t('promotions.claims.empty')} />
      <ReasonDialog
        open={cancelId !== undefined}
        title={t('promotions.claims.voidTitle')}
        label={t('promotions.claims.reason')}
        maxLength={MEMBER_COUPON_CANCEL_REASON_MAX}
        confirming={cancel.isPending}
        onConfirm={(reason) => cancelId && cancel.mutate({ params: { id: cancelId }, body: { reason } }, { onSuccess: list.closeUi })}
        onClose={list.closeUi}
      />
    </Card>
  );
}
