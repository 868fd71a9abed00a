import { Button, Card, Flex, Select, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import {
  WITHDRAW_BATCH_MAX,
  WITHDRAW_REMARK_MAX,
  WITHDRAW_STATUSES,
  distributionEndpoints,
  idListOf,
  withdrawRemark,
  type WithdrawRow,
  type WithdrawStatus,
} from '@agora/contract';
import { DayRangeFilter } from '@/components/DayRangeFilter';
import { KeywordSearch } from '@/components/KeywordSearch';
import { ExportButton } from '@/components/ExportButton';
import { ReasonDialog } from '@/components/ReasonDialog';
import { useTwoStep } from '@/components/TwoStepDialog';
import { formatYuan } from '@/components/formatMoney';
import { formatUnixTime } from '@/components/formatTime';
import { ListTable, type ListColumn } from '@/components/list/ListTable';
import { actionColumn } from '@/components/list/RowActions';
import { useListPage } from '@/components/list/useListPage';
import { useRowSelection } from '@/components/list/useRowSelection';
import { useApiMutation } from '@/lib/api';
import { WithdrawStatusTag } from './shared';

const ACTS = ['PASS', 'FAIL', 'TRANSFER', 'CLOSE'] as const;
type Act = (typeof ACTS)[number];
/** the state each action needs (the server refuses the batch otherwise) */
const NEEDS: Record<Act, WithdrawStatus> = { PASS: 'WAIT_AUDIT', FAIL: 'WAIT_AUDIT', TRANSFER: 'AUDIT_PASS', CLOSE: 'AUDIT_PASS' };
/** the remark's name in the contract's length message */
const REMARK_LABELS: Record<Act, string> = { PASS: '审核备注', FAIL: '审核备注', TRANSFER: '转账备注', CLOSE: '关闭原因' };

/** The page's URL beside the list query: the action being confirmed and its requests. */
const ui = { act: z.enum(ACTS), ids: idListOf('', WITHDRAW_BATCH_MAX, '') };

/** put-forward-apply: distributors' withdrawal requests; audit (approval behind the second step), transfer or close, one or a batch, with a remark. */
export default function PutForwardApplyPage() {
  const { t } = useTranslation();
  const list = useListPage(distributionEndpoints.withdrawals, { ui });
  const selection = useRowSelection(list);
  const { attempt, dialog } = useTwoStep();
  const audit = useApiMutation(distributionEndpoints.auditWithdrawals, { success: (_d, input) => (input.body.audit_result === 'PASS' ? 'distribution.withdraw.passed' : 'distribution.withdraw.refused') });
  const transfer = useApiMutation(distributionEndpoints.transferWithdrawals, { success: 'distribution.withdraw.transferred' });
  const close = useApiMutation(distributionEndpoints.closeWithdrawals, { success: 'distribution.withdraw.closed' });
  const rows = list.result.data?.data ?? [];
  const { act, ids } = list.ui;

  const open = (action: Act, apply_ids: number[]) => list.openUi({ act: action, ids: apply_ids.join(',') });
  const done = (apply_ids: number[]) => () => {
    selection.drop(apply_ids);
    list.closeUi();
  };
  const confirm = (remark: string) => {
    if (!act || !ids) return;
    if (act === 'PASS' || act === 'FAIL') attempt(() => audit.mutateAsync({ body: { apply_ids: ids, audit_result: act, remark } }), done(ids));
    else if (act === 'TRANSFER') attempt(() => transfer.mutateAsync({ body: { apply_ids: ids, remark } }), done(ids));
    else close.mutate({ body: { apply_ids: ids, remark } }, { onSuccess: done(ids) });
  };
  /** the ticked rows an action can take; the batch buttons act on those only */
  const selectedFor = (action: Act) => selection.selected.filter((id) => rows.find((row) => row.id === id)?.status === NEEDS[action]);

  const columns: ListColumn<WithdrawRow>[] = [
    { title: t('distribution.withdraw.sn'), dataIndex: 'sn', fixed: 'start' },
    { title: t('distribution.commission.member'), dataIndex: 'member_name', render: (name: string) => <Typography.Text ellipsis={{ tooltip: name }} style={{ maxWidth: 90 }}>{name}</Typography.Text> },
    { title: t('distribution.withdraw.amount'), dataIndex: 'amount', align: 'right', render: formatYuan },
    { title: t('distribution.withdraw.way'), key: 'way', render: (_v, row) => <Typography.Text ellipsis={{ tooltip: row.account }} style={{ maxWidth: 110 }}>{`${t(`distribution.withdraw.ways.${row.way}`)} ${row.account}`}</Typography.Text> },
    { title: t('distribution.withdraw.statusLabel'), dataIndex: 'status', render: (status: WithdrawStatus) => <WithdrawStatusTag status={status} /> },
    {
      title: t('distribution.withdraw.remark'),
      key: 'remark',
      render: (_v, row) => {
        const text = row.close_reason || row.transfer_remark || row.audit_remark || row.apply_remark;
        return text ? <Typography.Text ellipsis={{ tooltip: text }} style={{ maxWidth: 110 }}>{text}</Typography.Text> : '—';
      },
    },
    { title: t('distribution.withdraw.appliedAt'), dataIndex: 'create_time', sortKey: 'create_time', render: (seconds: number) => formatUnixTime(seconds).slice(0, 16) },
    actionColumn<WithdrawRow>(t('common.actions.operation'), (row) => [
      row.status === 'WAIT_AUDIT' && { label: t('distribution.withdraw.pass'), onClick: () => open('PASS', [row.id]) },
      row.status === 'WAIT_AUDIT' && { label: t('distribution.withdraw.refuse'), danger: true, onClick: () => open('FAIL', [row.id]) },
      row.status === 'AUDIT_PASS' && { label: t('distribution.withdraw.transfer'), onClick: () => open('TRANSFER', [row.id]) },
      row.status === 'AUDIT_PASS' && { label: t('distribution.withdraw.close'), danger: true, onClick: () => open('CLOSE', [row.id]) },
    ]),
  ];

  const batch = (action: Act, label: string, danger = false) => {
    const chosen = selectedFor(action);
    return (
      <Button danger={danger} type={action === 'PASS' ? 'primary' : 'default'} disabled={chosen.length === 0} onClick={() => open(action, chosen)}>
        {chosen.length > 0 ? `${label} (${chosen.length})` : label}
      </Button>
    );
  };

  return (
    <Card>
      <Flex wrap gap={12} align="center" style={{ marginBottom: 12 }}>
        <KeywordSearch value={list.query.member_name} maxLength={30} width={180} placeholder={t('distribution.commission.memberKeyword')} onSearch={(member_name) => list.filter({ member_name })} />
        <KeywordSearch value={list.query.sn} maxLength={32} width={200} placeholder={t('distribution.withdraw.snKeyword')} onSearch={(sn) => list.filter({ sn })} />
        <Select
          allowClear
          style={{ width: 150 }}
          placeholder={t('distribution.withdraw.statusLabel')}
          value={list.query.status}
          options={WITHDRAW_STATUSES.map((status) => ({ value: status, label: t(`distribution.withdraw.status.${status}`) }))}
          onChange={(status) => list.filter({ status })}
        />
        <DayRangeFilter start={list.query.start_time} end={list.query.end_time} onChange={({ start, end }) => list.filter({ start_time: start, end_time: end })} />
      </Flex>
      <Flex wrap gap={12} align="center" style={{ marginBottom: 16 }}>
        {batch('PASS', t('distribution.withdraw.batchPass'))}
        {batch('FAIL', t('distribution.withdraw.batchRefuse'), true)}
        {batch('TRANSFER', t('distribution.withdraw.batchTransfer'))}
        {batch('CLOSE', t('distribution.withdraw.batchClose'), true)}
        <ExportButton endpoint={distributionEndpoints.withdrawExport} query={list.query} style={{ marginLeft: 'auto' }} />
      </Flex>
      <ListTable<WithdrawRow>
        list={list}
        rowKey="id"
        columns={columns}
        emptyText={t('distribution.withdraw.empty')}
        rowSelection={{ fixed: true, selectedRowKeys: selection.selected, onChange: selection.onChange }}
      />
      <ReasonDialog
        open={act !== undefined && ids !== undefined}
        title={act ? t(`distribution.withdraw.dialog.${act}`, { count: ids?.length ?? 0 }) : ''}
        label={act ? t(`distribution.withdraw.remarkLabel.${act}`) : ''}
        maxLength={WITHDRAW_REMARK_MAX}
        schema={withdrawRemark(act ? REMARK_LABELS[act] : '备注')}
        confirming={audit.isPending || transfer.isPending || close.isPending}
        onConfirm={confirm}
        onClose={() => list.closeUi()}
      />
      {dialog}
    </Card>
  );
}
