import { useMemo } from 'react';
import { Avatar, Button, Card, Descriptions, Flex, Popconfirm, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router-dom';
import { SECKILL_AUDIT_MAX, SECKILL_REFUSE_REASON_MAX, idListOf, seckillEndpoints, type SeckillApplyRow } from '@agora/contract';
import { KeywordSearch } from '@/components/KeywordSearch';
import { ReasonDialog } from '@/components/ReasonDialog';
import { formatYuan } from '@/components/formatMoney';
import { ListTable, type ListColumn } from '@/components/list/ListTable';
import { useListPage } from '@/components/list/useListPage';
import { useRowSelection } from '@/components/list/useRowSelection';
import { useApi, useApiMutation } from '@/lib/api';
import { formatMinute } from './format';
import { SECKILL_LIST_PATH } from './paths';

/** The page's URL beside the list query: the applications being refused. */
const ui = { refuse: idListOf('', SECKILL_AUDIT_MAX, '') };

/** seckill-list/audit/{id} (the applications waiting, with pass and refuse) and …/pass/{id} (the passed ones). */
function SeckillGoods({ mode }: { mode: 'audit' | 'pass' }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const seckillId = Number(useParams().id);
  const valid = Number.isSafeInteger(seckillId) && seckillId > 0;
  const fixed = useMemo(() => ({ seckill_id: valid ? seckillId : 1, status: mode === 'audit' ? ('APPLY' as const) : ('PASS' as const) }), [seckillId, valid, mode]);
  const list = useListPage(seckillEndpoints.applies, { ui, fixed, enabled: valid });
  const event = useApi(seckillEndpoints.detail, { params: { id: seckillId } }, { enabled: valid });
  const selection = useRowSelection(list);
  const audit = useApiMutation(seckillEndpoints.audit, { success: (_data, input) => (input.body.status === 'PASS' ? 'promotions.seckill.passedDone' : 'promotions.seckill.refusedDone') });
  const refuseIds = list.ui.refuse;

  /** The audited applications leave this list, with the reason dialog. */
  const decided = (ids: number[]) => ({
    onSuccess: () => {
      selection.drop(ids);
      list.removed(ids.length, { refuse: undefined });
    },
  });
  const pass = (ids: number[]) => audit.mutate({ body: { apply_ids: ids, status: 'PASS', fail_reason: '' } }, decided(ids));

  const columns: ListColumn<SeckillApplyRow>[] = [
    { title: t('promotions.seckill.slot'), dataIndex: 'time_line', fixed: 'start', render: (hour: number) => `${String(hour).padStart(2, '0')}:00` },
    {
      title: t('promotions.seckill.goods'),
      key: 'goods',
      render: (_v, row) => (
        <Space align="start">
          <Avatar shape="square" size={40} src={row.goods_image || undefined}>
            {row.goods_name.slice(0, 1)}
          </Avatar>
          <Flex vertical>
            <Typography.Text ellipsis={{ tooltip: row.goods_name }} style={{ maxWidth: 240 }}>
              {row.goods_name}
            </Typography.Text>
            {row.properties_name && <Typography.Text type="secondary">{row.properties_name}</Typography.Text>}
          </Flex>
        </Space>
      ),
    },
    { title: t('promotions.seckill.shop'), dataIndex: 'shop_name' },
    { title: t('promotions.seckill.originalPrice'), dataIndex: 'original_price', align: 'right', render: formatYuan },
    { title: t('promotions.seckill.price'), dataIndex: 'price', align: 'right', render: formatYuan },
    { title: t('promotions.seckill.quantity'), dataIndex: 'sold_quantity', align: 'right' },
    ...(mode === 'audit'
      ? [
          {
            title: t('common.actions.operation'),
            key: 'actions',
            fixed: 'end' as const,
            render: (_v: unknown, row: SeckillApplyRow) => (
              <Space size={0}>
                <Popconfirm title={t('promotions.seckill.confirmPass', { count: 1 })} onConfirm={() => pass([row.apply_id])}>
                  <Button type="link" size="small">
                    {t('promotions.seckill.pass')}
                  </Button>
                </Popconfirm>
                <Button type="link" size="small" danger onClick={() => list.openUi({ refuse: String(row.apply_id) })}>
                  {t('promotions.seckill.refuse')}
                </Button>
              </Space>
            ),
          },
        ]
      : []),
  ];

  const selected = selection.selected;
  return (
    <Card
      title={event.data ? t(mode === 'audit' ? 'promotions.seckill.auditTitle' : 'promotions.seckill.passTitle', { name: event.data.seckill_name }) : t(mode === 'audit' ? 'route.seckillAuditGoodsList' : 'route.seckillPassGoodsList')}
      extra={<Button onClick={() => navigate(SECKILL_LIST_PATH)}>{t('common.actions.back')}</Button>}
    >
      {event.data && (
        <Descriptions size="small" column={3} style={{ marginBottom: 16 }}>
          <Descriptions.Item label={t('promotions.seckill.day')}>{event.data.start_day}</Descriptions.Item>
          <Descriptions.Item label={t('promotions.seckill.applyEnd')}>{formatMinute(event.data.apply_end_time)}</Descriptions.Item>
          <Descriptions.Item label={t('promotions.seckill.slots')}>{event.data.range_list.map((hour) => `${hour}:00`).join('、')}</Descriptions.Item>
        </Descriptions>
      )}
      <Flex wrap gap={12} align="center" style={{ marginBottom: 16 }}>
        <KeywordSearch value={list.query.goods_name} maxLength={50} placeholder={t('promotions.seckill.goodsKeyword')} onSearch={(goods_name) => list.filter({ goods_name })} />
        {mode === 'audit' && (
          <>
            <Popconfirm title={t('promotions.seckill.confirmPass', { count: selected.length })} disabled={selected.length === 0} onConfirm={() => pass(selected)}>
              <Button type="primary" disabled={selected.length === 0}>
                {t('promotions.seckill.batchPass')}
              </Button>
            </Popconfirm>
            <Button danger disabled={selected.length === 0} onClick={() => list.openUi({ refuse: selected.join(',') })}>
              {t('promotions.seckill.batchRefuse')}
            </Button>
            {selected.length > 0 && <Typography.Text type="secondary">{t('promotions.seckill.selected', { count: selected.length })}</Typography.Text>}
          </>
        )}
      </Flex>
      <ListTable<SeckillApplyRow>
        list={list}
        rowKey="apply_id"
        columns={columns}
        emptyText={t(mode === 'audit' ? 'promotions.seckill.auditEmpty' : 'promotions.seckill.passEmpty')}
        rowSelection={mode === 'audit' ? { fixed: true, selectedRowKeys: selected, onChange: selection.onChange } : undefined}
      />
      {mode === 'audit' && (
        <ReasonDialog
          open={refuseIds !== undefined}
          title={t('promotions.seckill.refuseTitle', { count: refuseIds?.length ?? 0 })}
          label={t('promotions.seckill.refuseReason')}
          maxLength={SECKILL_REFUSE_REASON_MAX}
          confirming={audit.isPending}
          onConfirm={(reason) => refuseIds && audit.mutate({ body: { apply_ids: refuseIds, status: 'FAIL', fail_reason: reason } }, decided(refuseIds))}
          onClose={() => list.openUi({ refuse: undefined })}
        />
      )}
    </Card>
  );
}

export const SeckillAuditPage = () => <SeckillGoods mode="audit" />;
export const SeckillPassPage = () => <SeckillGoods mode="pass" />;
