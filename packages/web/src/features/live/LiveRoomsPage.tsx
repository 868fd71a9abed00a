import { Button, Card, Empty, Flex, Image, Popover, Select, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { LIVE_LIMITS, LIVE_STATES, idListOf, idOf, liveAuditBody, liveCloseBody, liveEndpoints, type LiveRoomRow, type LiveState } from '@agora/contract';
import { ReasonDialog } from '@/components/ReasonDialog';
import { ShopSelect } from '@/components/ShopSelect';
import { TwoLines } from '@/components/TwoLines';
import { formatUnixTime } from '@/components/formatTime';
import { ListTable, type ListColumn } from '@/components/list/ListTable';
import { actionColumn } from '@/components/list/RowActions';
import { useListPage } from '@/components/list/useListPage';
import { useRowSelection } from '@/components/list/useRowSelection';
import { useApiMutation } from '@/lib/api';

const ui = { refuse: idListOf('', LIVE_LIMITS.batch, ''), close: idOf() };

const STATE_COLORS: Record<LiveState, string> = {
  WAIT: 'gold',
  NOT_STARTED: 'blue',
  LIVE: 'red',
  ENDED: 'default',
  REFUSED: 'volcano',
  CLOSED: 'default',
};

/** Live video: shops' live rooms waiting for the platform's audit, and those it passed, refused or closed. */
export default function LiveRoomsPage() {
  const { t } = useTranslation();
  const list = useListPage(liveEndpoints.list, { ui });
  const selection = useRowSelection(list);
  const audit = useApiMutation(liveEndpoints.audit, { success: 'live.audited' });
  const close = useApiMutation(liveEndpoints.close, { success: 'live.closed' });
  const { query, filter } = list;
  const refusing = list.ui.refuse;
  const closing = list.rows.find((row) => row.id === list.ui.close);
  const approve = (ids: number[]) => audit.mutate({ body: { ids, pass: 1, reason: '' } }, { onSuccess: () => selection.drop(ids) });

  const columns: ListColumn<LiveRoomRow>[] = [
    {
      title: t('live.room'),
      dataIndex: 'title',
      render: (title: string, row) => (
        <Flex gap={8} align="center">
          <Image src={row.cover} alt={title} width={64} height={36} style={{ objectFit: 'cover' }} />
          <Typography.Text strong>{title}</Typography.Text>
        </Flex>
      ),
    },
    { title: t('live.shop'), dataIndex: 'shop_name' },
    { title: t('live.time'), key: 'time', sortKey: 'start_time', render: (_, row) => <TwoLines first={formatUnixTime(row.start_time)} second={formatUnixTime(row.end_time)} /> },
    {
      title: t('live.goods'),
      key: 'goods',
      render: (_, row) =>
        row.goods.length === 0 ? (
          '-'
        ) : (
          <Popover
            title={t('live.goodsTitle', { count: row.goods.length })}
            content={
              <Flex vertical gap={6} style={{ maxWidth: 320 }}>
                {row.goods.map((item) => (
                  <Flex key={item.goods_id} gap={8} align="center">
                    <Image src={item.thumbnail} alt="" width={32} height={32} preview={false} />
                    <Typography.Text ellipsis>{item.goods_name}</Typography.Text>
                  </Flex>
                ))}
              </Flex>
            }
          >
            <Typography.Link>{t('live.goodsCount', { count: row.goods.length })}</Typography.Link>
          </Popover>
        ),
    },
    {
      title: t('live.state'),
      dataIndex: 'state',
      render: (state: LiveState, row) => {
        const reason = state === 'REFUSED' ? row.refuse_reason : state === 'CLOSED' ? row.close_reason : '';
        return (
          <Flex vertical gap={2} align="flex-start">
            <Tag color={STATE_COLORS[state]}>{t(`live.states.${state}`)}</Tag>
            {reason && (
              <Typography.Text type="secondary" style={{ fontSize: 12, width: 140 }} ellipsis={{ tooltip: reason }}>
                {reason}
              </Typography.Text>
            )}
          </Flex>
        );
      },
    },
    actionColumn<LiveRoomRow>(t('common.actions.operation'), (row) => [
      row.state === 'WAIT' && { label: t('live.approve'), confirm: t('live.confirmApprove', { title: row.title }), onClick: () => approve([row.id]) },
      row.state === 'WAIT' && { label: t('live.refuse'), danger: true, onClick: () => list.openUi({ refuse: String(row.id) }) },
      (row.state === 'NOT_STARTED' || row.state === 'LIVE') && { label: t('live.close'), danger: true, onClick: () => list.openUi({ close: row.id }) },
    ]),
  ];

  return (
    <Card>
      <Flex wrap gap={12} style={{ marginBottom: 16 }} align="center">
        <ShopSelect value={query.shop_id} placeholder={t('live.filters.shop')} onChange={(shop_id) => filter({ shop_id })} style={{ width: 220 }} />
        <Select<LiveState>
          allowClear
          style={{ width: 160 }}
          placeholder={t('live.filters.state')}
          value={query.state}
          onChange={(state) => filter({ state })}
          options={LIVE_STATES.map((value) => ({ value, label: t(`live.states.${value}`) }))}
        />
        <Button disabled={selection.selected.length === 0} loading={audit.isPending} onClick={() => approve(selection.selected)}>
          {t('live.batchApprove')}
        </Button>
        <Button danger disabled={selection.selected.length === 0} onClick={() => list.openUi({ refuse: selection.selected.join(',') })}>
          {t('live.batchRefuse')}
        </Button>
        {selection.selected.length > 0 && <Typography.Text type="secondary">{t('live.selected', { count: selection.selected.length })}</Typography.Text>}
      </Flex>
      <ListTable<LiveRoomRow>
        list={list}
        rowKey="id"
        columns={columns}
        rowSelection={{ selectedRowKeys: selection.selected, onChange: selection.onChange, getCheckboxProps: (row) => ({ disabled: row.state !== 'WAIT' }) }}
        emptyText={<Empty description={t('live.empty')} />}
      />
      <ReasonDialog
        open={refusing !== undefined}
        title={t('live.refuseTitle', { count: refusing?.length ?? 0 })}
        label={t('live.refuseReason')}
        maxLength={LIVE_LIMITS.reason}
        schema={liveAuditBody.shape.reason}
        confirming={audit.isPending}
        onClose={list.closeUi}
        onConfirm={(reason) =>
          refusing && audit.mutate({ body: { ids: refusing, pass: 0, reason } }, { onSuccess: () => { selection.drop(refusing); list.closeUi(); } })
        }
      />
      <ReasonDialog
        open={closing !== undefined}
        title={t('live.closeTitle', { title: closing?.title ?? '' })}
        label={t('live.closeReason')}
        notice={t('live.closeNotice')}
        maxLength={LIVE_LIMITS.reason}
        schema={liveCloseBody.shape.reason}
        confirming={close.isPending}
        onClose={list.closeUi}
        onConfirm={(reason) => closing && close.mutate({ params: { id: closing.id }, body: { reason } }, { onSuccess: list.closeUi })}
      />
    </Card>
  );
}
