import { useState } from 'react';
import { Button, Card, Descriptions, Empty, Flex, Form, Image, Input, Modal, Radio, Table, Tag, type TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import { MARGIN_REMARK_MAX, type MarginFlowRow } from '@agora/contract';
import { KeywordSearch } from '@/components/KeywordSearch';
import { formatYuan } from '@/components/formatMoney';
import { DayRangeFilter } from '@/components/DayRangeFilter';
import { formatUnixTime } from '@/components/formatTime';
import { readPaging, urlPagination, useSearchState } from '@/components/useSearchState';
import { toast } from '@/lib/feedback';
import { MARGIN_COLORS } from './ShopEditPage';
import { useAuditMargin, useMarginFlows, type MarginListParams } from './queries';

const ignore = () => undefined;

/** The audit of one payment a seller made: the vouchers, pass or refuse (a refusal needs the reason). */
function MarginAuditDialog({ flow, onClose }: { flow: MarginFlowRow | null; onClose(): void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<{ pass: 0 | 1; remark: string }>();
  const audit = useAuditMargin();
  const pass = Form.useWatch('pass', form) ?? 1;
  return (
    <Modal
      open={flow !== null}
      title={t('shops.margin.auditTitle')}
      destroyOnHidden
      confirmLoading={audit.isPending}
      onCancel={onClose}
      onOk={() =>
        form
          .validateFields()
          .then((values) => audit.mutateAsync({ id: flow!.id, pass: values.pass, remark: (values.remark ?? '').trim() }))
          .then((result) => {
            toast.success(t(result.auth_status === 'PASS_AUDIT' ? 'shops.messages.marginPassed' : 'shops.messages.marginRefused'));
            onClose();
          })
          .catch(ignore)
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
            <Form.Item name="pass" label={t('shops.margin.result')}>
              <Radio.Group
                options={[
                  { value: 1, label: t('shops.actions.pass') },
                  { value: 0, label: t('shops.actions.refuse') },
                ]}
              />
            </Form.Item>
            <Form.Item
              name="remark"
              label={t('shops.margin.auditRemark')}
              rules={pass === 0 ? [{ required: true, whitespace: true, message: t('shops.margin.refuseReasonRequired') }] : []}
            >
              <Input.TextArea rows={3} maxLength={MARGIN_REMARK_MAX} showCount />
            </Form.Item>
          </Form>
        </>
      )}
    </Modal>
  );
}

/**
 * Earnest money paid by sellers: the queue waiting for audit (`audited` false) or the audited
 * records (`audited` true), filtered by shop name and time; state in the URL.
 */
export function MarginFlows({ audited }: { audited: boolean }) {
  const { t } = useTranslation();
  const search = useSearchState();
  const params: MarginListParams = {
    ...readPaging(search),
    auth_status: audited ? 'AUDITED' : 'WAIT_AUDIT',
    shop_name: search.readString('shop'),
    start_time: search.readNumber('from'),
    end_time: search.readNumber('to'),
  };
  const list = useMarginFlows(params);
  const [auditing, setAuditing] = useState<MarginFlowRow | null>(null);
  const filter = (patch: Record<string, string | number | undefined>) => search.update({ ...patch, page: undefined });

  const columns: TableColumnsType<MarginFlowRow> = [
    { title: t('shops.columns.shop'), dataIndex: 'shop_name' },
    { title: t('shops.margin.amount'), dataIndex: 'actual_pay_amount', width: 140, align: 'right', render: formatYuan },
    { title: t('shops.margin.payTime'), dataIndex: 'create_time', width: 170, render: formatUnixTime },
    { title: t('shops.margin.voucher'), dataIndex: 'voucher', width: 110, render: (urls: string[]) => (urls[0] ? <Image src={urls[0]} width={40} height={40} style={{ objectFit: 'cover' }} alt="" /> : '—') },
    { title: t('shops.margin.status'), dataIndex: 'auth_status', width: 110, render: (status: string) => <Tag color={MARGIN_COLORS[status]}>{t(`shops.marginStatus.${status}`)}</Tag> },
    ...(audited
      ? [
          { title: t('shops.margin.after'), dataIndex: 'total_amount', width: 130, align: 'right' as const, render: (value: number | null) => (value === null ? '—' : formatYuan(value)) },
          { title: t('shops.margin.auditRemark'), dataIndex: 'auth_remark', render: (value: string) => value || '—' },
          { title: t('shops.margin.auditor'), dataIndex: 'auditor_name', width: 110 },
          { title: t('shops.margin.auditTime'), dataIndex: 'audit_time', width: 170, render: formatUnixTime },
        ]
      : [
          {
            title: t('common.actions.operation'),
            key: 'actions',
            width: 90,
            fixed: 'end' as const,
            render: (_v: unknown, flow: MarginFlowRow) => (
              <Button type="link" size="small" onClick={() => setAuditing(flow)}>
                {t('shops.margin.audit')}
              </Button>
            ),
          },
        ]),
  ];

  return (
    <Card>
      <Flex wrap gap={12} style={{ marginBottom: 16 }}>
        <KeywordSearch value={params.shop_name} placeholder={t('shops.margin.shopFilter')} onSearch={(shop) => filter({ shop: shop || undefined })} />
        <DayRangeFilter start={params.start_time} end={params.end_time} onChange={({ start, end }) => filter({ from: start, to: end })} />
      </Flex>
      <Table<MarginFlowRow>
        rowKey="id"
        columns={columns}
        dataSource={list.data?.data}
        loading={list.isFetching}
        scroll={{ x: audited ? 1300 : 900 }}
        locale={{ emptyText: <Empty description={t(audited ? 'shops.margin.recordsEmpty' : 'shops.margin.auditEmpty')} /> }}
        pagination={urlPagination(search, params, list.data?.data_total, (total) => t('shops.total', { total }))}
      />
      {!audited && <MarginAuditDialog flow={auditing} onClose={() => setAuditing(null)} />}
    </Card>
  );
}
