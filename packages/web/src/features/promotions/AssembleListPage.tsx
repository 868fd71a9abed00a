import { Card, Flex, Select, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, generatePath, useNavigate } from 'react-router-dom';
import { PINTUAN_STATUSES, ROUTE_BY_NAME, pintuanEndpoints, type PintuanRow, type PintuanStatus } from '@agora/contract';
import { KeywordSearch } from '@/components/KeywordSearch';
import { ListTable, type ListColumn } from '@/components/list/ListTable';
import { actionColumn, type RowActionList } from '@/components/list/RowActions';
import { useListPage } from '@/components/list/useListPage';
import { useApiMutation } from '@/lib/api';
import { formatMinute } from './format';

export const assembleDetailPath = (id: number) => generatePath(ROUTE_BY_NAME.get('assembleDetail')?.path ?? '/', { promotion_id: String(id) });
const STATUS_COLORS: Record<PintuanStatus, string> = { WAIT: 'blue', UNDERWAY: 'green', END: 'default' };

export function PintuanStatusTag({ status }: { status: PintuanStatus }) {
  const { t } = useTranslation();
  return <Tag color={STATUS_COLORS[status]}>{t(`pintuan.status.${status}`)}</Tag>;
}

/** The open or close action an event allows now (the server refuses outside the window all the same). */
export function useOpenClose() {
  const { t } = useTranslation();
  const openClose = useApiMutation(pintuanEndpoints.openClose, { success: (_d, input) => (input.params.opera_type === 'open' ? 'pintuan.opened' : 'pintuan.closed') });
  return (row: PintuanRow): RowActionList => [
    row.option_status === 'CAN_CLOSE' && { label: t('pintuan.close'), danger: true, confirm: t('pintuan.confirmClose', { name: row.promotion_name }), onClick: () => openClose.mutate({ params: { id: row.promotion_id, opera_type: 'close' } }) },
    row.option_status === 'CAN_OPEN' && { label: t('pintuan.open'), confirm: t('pintuan.confirmOpen', { name: row.promotion_name }), onClick: () => openClose.mutate({ params: { id: row.promotion_id, opera_type: 'open' } }) },
  ];
}

/** assemble-list: the shops' group buys; view, and open or close one inside its window. */
export default function AssembleListPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const list = useListPage(pintuanEndpoints.list);
  const openClose = useOpenClose();
  const columns: ListColumn<PintuanRow>[] = [
    {
      title: t('pintuan.name'),
      dataIndex: 'promotion_name',
      fixed: 'start',
      render: (name: string, row) => (
        <Link to={assembleDetailPath(row.promotion_id)}>
          <Typography.Text ellipsis={{ tooltip: name }} style={{ maxWidth: 160, color: 'inherit' }}>
            {name}
          </Typography.Text>
        </Link>
      ),
    },
    { title: t('pintuan.time'), key: 'time', render: (_v, row) => <Flex vertical><span>{formatMinute(row.start_time)}</span><span>{formatMinute(row.end_time)}</span></Flex> },
    { title: t('pintuan.required'), dataIndex: 'required_num', align: 'right' },
    { title: t('pintuan.limitTime'), dataIndex: 'limit_time', align: 'right', render: (hours: number) => t('pintuan.hours', { count: hours }) },
    { title: t('pintuan.mocker'), dataIndex: 'enable_mocker', render: (on: 0 | 1) => t(on ? 'pintuan.yes' : 'pintuan.no') },
    { title: t('pintuan.statusLabel'), dataIndex: 'status', render: (status: PintuanStatus) => <PintuanStatusTag status={status} /> },
    { title: t('pintuan.shop'), dataIndex: 'shop_name', render: (name: string) => <Typography.Text ellipsis={{ tooltip: name }} style={{ maxWidth: 130 }}>{name}</Typography.Text> },
    actionColumn<PintuanRow>(t('common.actions.operation'), (row) => [{ label: t('pintuan.view'), onClick: () => navigate(assembleDetailPath(row.promotion_id)) }, ...openClose(row)]),
  ];
  return (
    <Card>
      <Flex wrap gap={12} align="center" style={{ marginBottom: 16 }}>
        <KeywordSearch value={list.query.name} maxLength={30} width={200} placeholder={t('pintuan.name')} onSearch={(name) => list.filter({ name })} />
        <KeywordSearch value={list.query.shop_name} maxLength={30} width={200} placeholder={t('pintuan.shop')} onSearch={(shop_name) => list.filter({ shop_name })} />
        <Select
          allowClear
          style={{ width: 140 }}
          placeholder={t('pintuan.statusLabel')}
          value={list.query.status}
          options={PINTUAN_STATUSES.map((status) => ({ value: status, label: t(`pintuan.status.${status}`) }))}
          onChange={(status) => list.filter({ status })}
        />
        <Select
          allowClear
          style={{ width: 140 }}
          placeholder={t('pintuan.mocker')}
          value={list.query.enable_mocker}
          options={[1, 0].map((value) => ({ value, label: t(value ? 'pintuan.yes' : 'pintuan.no') }))}
          onChange={(enable_mocker?: number) => list.filter({ enable_mocker })}
        />
      </Flex>
      <ListTable<PintuanRow> list={list} rowKey="promotion_id" columns={columns} emptyText={t('pintuan.empty')} />
    </Card>
  );
}
