import { Card, Descriptions, Empty, Flex, Form, Image, Modal, Space, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { MARGIN_REMARK_MAX, financeEndpoints, type MarginAuthStatus, type MarginFlowRow } from '@agora/contract';
import { AuditDecisionFields } from '@/components/AuditDecisionFields';
import { DayRangeFilter } from '@/components/DayRangeFilter';
import { ExportButton } from '@/components/ExportButton';
import { KeywordSearch } from '@/components/KeywordSearch';
import { formatSignedYuan, formatYuan } from '@/components/formatMoney';
import { formatUnixTime } from '@/components/formatTime';
import { ListTable, type ListColumn } from '@/components/list/ListTable';
import { actionColumn } from '@/components/list/RowActions';
import { useListPage } from '@/components/list/useListPage';
import { byCreationTime } from '../shops/listColumns';
import { MARGIN_COLORS } from '../shops/status';
import { useAuditMargin } from './queries';

const signedYuan = (amount: number) => <Typography.Text type={amount < 0 ? 'danger' : 'success'}>{formatSignedYuan(amount)}</Typography.Text>;

/** The audit of one payment a seller made: the vouchers, pass or refuse (a refusal needs the reason). */
function MarginAuditDialog({ flow, onClose }: { flow: MarginFlowRow | undefined; onClose(): void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<{ pass: 0 | 1; remark: string }>();
  const audit = useAuditMargin();
  return (
    <Modal
      open={flow !== undefined}
      title={t('shops.margin.auditTitle')}
      destroyOnHidden
      confirmLoading={audit.isPending}
      onCancel={onClose}
      onOk={() =>
        form.validateFields().then(
          (values) => flow && audit.mutate({ params: { id: flow.id }, body: { pass: values.pass, remark: (values.remark ?? '').trim() } }, { onSuccess: onClose }),
          () => undefined,
        )
      }
    >
      {flow && (
        <>
          <Descriptions column={1} size="small" style={{ marginBottom: 16 }}>
            <Descriptions.Item label={t('shops.columns.shop')}>{flow.shop_name}</Descriptions.Item>
            <Descriptions.Item label={t('shops.margin.amount')}>{formatYuan(flow.actual_pay_amount)}</Descriptions.Item>
            <Descriptions.Item label={t('shops.margin.payTime')}>{formatUnixTime(flow.create_time)}</Descriptions.Item>
            <Descriptions.Item label={t('shops.margin.remark')}>{flow.remark || '—'}</Descriptions.Item>
            <Descriptions.Item label={t('shops.margin.voucher')}>
              {flow.voucher.length ? (
                <Image.PreviewGroup>
                  {flow.voucher.map((url) => (
                    <Image key={url} src={url} width={96} height={96} style={{ objectFit: 'cover', marginRight: 8 }} alt="" />
                  ))}
                </Image.PreviewGroup>
              ) : (
                '—'
              )}
            </Descriptions.Item>
          </Descriptions>
          <Form form={form} layout="vertical" initialValues={{ pass: 1 }} preserve={false}>
            <AuditDecisionFields
              pass={1}
              refuse={0}
              resultLabel={t('shops.margin.result')}
              remarkLabel={t('shops.margin.auditRemark')}
              maxLength={MARGIN_REMARK_MAX}
              refuseReasonRequired={t('shops.margin.refuseReasonRequired')}
            />
          </Form>
        </>
      )}
    </Modal>
  );
}

/** The queue and the records are the same list, always filtered by the audit state. */
const QUEUE = { auth_status: 'WAIT_AUDIT' } as const;
const RECORDS = { auth_status: 'AUDITED' } as const;
/** The page's URL beside the list query: the payment being audited. */
const ui = { audit: z.coerce.number().int().positive() };

/**
 * Earnest money paid by sellers: the queue waiting for audit (`audited` false) or the audited
 * records (`audited` true), filtered by shop name and time; state in the URL.
 */
export function MarginFlows({ audited }: { audited: boolean }) {
  const { t } = useTranslation();
  const list = useListPage(financeEndpoints.marginFlows, { fixed: audited ? RECORDS : QUEUE, ui });
  const { query, filter } = list;
  const auditing = list.rows.find((flow) => flow.id === list.ui.audit);

  const columns: ListColumn<MarginFlowRow>[] = [
    { title: t('shops.columns.shop'), dataIndex: 'shop_name', fixed: 'start' },
    ...(audited
      ? [
          // the records are a ledger: what each flow did to the margin, and what it left
          { title: t('shops.margin.type'), dataIndex: 'type', render: (type: 0 | 1) => <Tag color={type === 1 ? 'green' : 'red'}>{t(`shops.marginType.${type}`)}</Tag> },
          { title: t('shops.margin.change'), dataIndex: 'change_amount', align: 'right' as const, render: signedYuan },
        ]
      : [{ title: t('shops.margin.amount'), dataIndex: 'actual_pay_amount', align: 'right' as const, render: formatYuan }]),
    { title: t(audited ? 'shops.margin.time' : 'shops.margin.payTime'), dataIndex: 'create_time', ...byCreationTime, render: formatUnixTime },
    { title: t('shops.margin.voucher'), dataIndex: 'voucher', render: (urls: string[]) => (urls[0] ? <Image src={urls[0]} width={40} height={40} style={{ objectFit: 'cover' }} alt="" /> : '—') },
    {
      title: t('shops.margin.status'),
      dataIndex: 'auth_status',
      // an operator's deduction takes effect at once: no payment was audited
      render: (status: MarginAuthStatus, flow: MarginFlowRow) => (flow.type === 0 ? '—' : <Tag color={MARGIN_COLORS[status]}>{t(`shops.marginStatus.${status}`)}</Tag>),
    },
    ...(audited
      ? [
          { title: t('shops.margin.after'), dataIndex: 'total_amount', align: 'right' as const, render: (value: number | null) => (value === null ? '—' : formatYuan(value)) },
          // a long note wraps rather than widening the list past the window
          { title: t('shops.margin.auditRemark'), dataIndex: 'auth_remark', render: (value: string) => <div style={{ maxWidth: 160, whiteSpace: 'normal' }}>{value || '—'}</div> },
          {
            title: t('shops.margin.audited'),
            key: 'audited',
            render: (_v: unknown, flow: MarginFlowRow) => (
              <Space orientation="vertical" size={0}>
                {flow.auditor_name || '—'}
                <Typography.Text type="secondary">{formatUnixTime(flow.audit_time)}</Typography.Text>
              </Space>
            ),
          },
        ]
      : [
          actionColumn<MarginFlowRow>(t('common.actions.operation'), (flow) => [{ label: t('shops.margin.audit'), onClick: () => list.openUi({ audit: flow.id }) }]),
        ]),
  ];

  return (
    <Card>
      <Flex wrap gap={12} style={{ marginBottom: 16 }}>
        <KeywordSearch value={query.shop_name} placeholder={t('shops.margin.shopFilter')} onSearch={(shop_name) => filter({ shop_name })} />
        <DayRangeFilter start={query.start_time} end={query.end_time} onChange={({ start, end }) => filter({ start_time: start, end_time: end })} />
        <ExportButton endpoint={financeEndpoints.marginExport} query={query} style={{ marginLeft: 'auto' }} />
      </Flex>
      <ListTable<MarginFlowRow>
        list={list}
        rowKey="id"
        columns={columns}
        emptyText={<Empty description={t(audited ? 'shops.margin.recordsEmpty' : 'shops.margin.auditEmpty')} />}
      />
      {!audited && <MarginAuditDialog flow={auditing} onClose={list.closeUi} />}
    </Card>
  );
}
