import { Card, Descriptions, Empty, Flex, Form, Modal, Select, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { ZPZZ_REMARK_MAX, financeEndpoints, type ZpzzRow, type ZpzzStatus } from '@agora/contract';
import { AuditDecisionFields } from '@/components/AuditDecisionFields';
import { DayRangeFilter } from '@/components/DayRangeFilter';
import { KeywordSearch } from '@/components/KeywordSearch';
import { formatUnixTime } from '@/components/formatTime';
import { ListTable, type ListColumn } from '@/components/list/ListTable';
import { actionColumn } from '@/components/list/RowActions';
import { useListPage } from '@/components/list/useListPage';
import { useAuditZpzz } from './queries';

const COLORS: Record<ZpzzStatus, string> = { NEW_APPLY: 'gold', AUDIT_PASS: 'green', AUDIT_REFUSE: 'red' };
const ui = { audit: z.coerce.number().int().positive() };

/** The qualification's details; when it waits, the pass / refuse form (a refusal needs its reason, ≤ 120). */
function ZpzzDialog({ row, onClose }: { row: ZpzzRow | undefined; onClose(): void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<{ pass: boolean; remark?: string }>();
  const audit = useAuditZpzz();
  const waiting = row?.status === 'NEW_APPLY';
  return (
    <Modal
      open={row !== undefined}
      title={t(waiting ? 'finance.zpzz.auditTitle' : 'finance.zpzz.viewTitle')}
      destroyOnHidden
      confirmLoading={audit.isPending}
      onCancel={onClose}
      footer={waiting ? undefined : null}
      onOk={() =>
        form.validateFields().then(
          (values) => row && audit.mutate({ id: row.id, pass: values.pass, remark: (values.remark ?? '').trim() }, { onSuccess: onClose }),
          () => undefined,
        )
      }
    >
      {row && (
        <>
          <Descriptions column={1} size="small" style={{ marginBottom: 16 }}>
            <Descriptions.Item label={t('finance.zpzz.member')}>{row.member_name}</Descriptions.Item>
            <Descriptions.Item label={t('finance.zpzz.company')}>{row.company_name}</Descriptions.Item>
            <Descriptions.Item label={t('finance.zpzz.taxpayerCode')}>{row.taxpayer_code}</Descriptions.Item>
            <Descriptions.Item label={t('finance.zpzz.address')}>{row.register_address}</Descriptions.Item>
            <Descriptions.Item label={t('finance.zpzz.tel')}>{row.register_tel}</Descriptions.Item>
            <Descriptions.Item label={t('finance.zpzz.bank')}>{`${row.bank_name} ${row.bank_account}`}</Descriptions.Item>
            {!waiting && <Descriptions.Item label={t('finance.zpzz.remark')}>{row.audit_remark || '—'}</Descriptions.Item>}
          </Descriptions>
          {waiting && (
            <Form form={form} layout="vertical" initialValues={{ pass: true }} preserve={false}>
              <AuditDecisionFields
                pass
                refuse={false}
                resultLabel={t('finance.zpzz.result')}
                remarkLabel={t('finance.zpzz.remark')}
                maxLength={ZPZZ_REMARK_MAX}
                refuseReasonRequired={t('finance.zpzz.refuseReasonRequired')}
              />
            </Form>
          )}
        </>
      )}
    </Modal>
  );
}

/** /finance/receipt-examine: members' VAT special-invoice qualifications, audited once. */
export default function ReceiptExaminePage() {
  const { t } = useTranslation();
  const list = useListPage(financeEndpoints.zpzzList, { ui });
  const { query, filter } = list;
  const open = list.rows.find((row) => row.id === list.ui.audit);
  const columns: ListColumn<ZpzzRow>[] = [
    { title: t('finance.zpzz.applied'), dataIndex: 'apply_time', sortKey: 'apply_time', render: formatUnixTime },
    { title: t('finance.zpzz.member'), dataIndex: 'member_name' },
    { title: t('finance.zpzz.company'), dataIndex: 'company_name', render: (name: string) => <div style={{ maxWidth: 200, whiteSpace: 'normal' }}>{name}</div> },
    { title: t('finance.zpzz.taxpayerCode'), dataIndex: 'taxpayer_code' },
    { title: t('finance.zpzz.status'), dataIndex: 'status', render: (status: ZpzzStatus) => <Tag color={COLORS[status]}>{t(`finance.zpzzStatus.${status}`)}</Tag> },
    actionColumn<ZpzzRow>(t('common.actions.operation'), (row) => [
      { label: t(row.status === 'NEW_APPLY' ? 'finance.zpzz.audit' : 'finance.actions.view'), onClick: () => list.openUi({ audit: row.id }) },
    ]),
  ];
  return (
    <Card>
      <Flex wrap gap={12} style={{ marginBottom: 16 }}>
        <KeywordSearch value={query.member_name} placeholder={t('finance.zpzz.memberFilter')} onSearch={(member_name) => filter({ member_name })} />
        <Select<ZpzzStatus>
          allowClear
          value={query.status}
          placeholder={t('finance.zpzz.statusFilter')}
          style={{ width: 160 }}
          options={(['NEW_APPLY', 'AUDIT_PASS', 'AUDIT_REFUSE'] as const).map((status) => ({ value: status, label: t(`finance.zpzzStatus.${status}`) }))}
          onChange={(status) => filter({ status })}
        />
        <DayRangeFilter start={query.start_time} end={query.end_time} onChange={({ start, end }) => filter({ start_time: start, end_time: end })} />
      </Flex>
      <ListTable<ZpzzRow> list={list} rowKey="id" columns={columns} emptyText={<Empty description={t('finance.zpzz.empty')} />} />
      <ZpzzDialog row={open} onClose={list.closeUi} />
    </Card>
  );
}
