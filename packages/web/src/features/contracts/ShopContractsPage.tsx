import { useState } from 'react';
import { Button, Card, DatePicker, Empty, Flex, Form, Input, Select, Typography, Upload } from 'antd';
import { FileOutlined, LoadingOutlined, PlusOutlined, UploadOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import dayjs, { type Dayjs } from 'dayjs';
import { z } from 'zod';
import {
  CONTRACT_FILE_EXTS, CONTRACT_LIMITS, CONTRACT_OPEN_STATES, CONTRACT_STATES, contractBody, contractEndpoints, contractTerminateBody, idOf,
  type ContractRow, type ContractState,
} from '@agora/contract';
import { FormDialog, saveWith } from '@/components/FormDialog';
import { ContractStateTag } from '@/components/ShopContract';
import { KeywordSearch } from '@/components/KeywordSearch';
import { ReasonDialog } from '@/components/ReasonDialog';
import { ShopSelect } from '@/components/ShopSelect';
import { TwoLines } from '@/components/TwoLines';
import { ListTable, type ListColumn } from '@/components/list/ListTable';
import { actionColumn } from '@/components/list/RowActions';
import { useListPage } from '@/components/list/useListPage';
import { zodRule } from '@/components/zodRule';
import { api, useApiMutation } from '@/lib/api';
import { toast } from '@/lib/feedback';

const ui = { edit: z.union([z.literal('new'), idOf()]), terminate: idOf() };
const DAY = 'YYYY-MM-DD';

interface SignedFile {
  url: string;
  name: string;
}

/** The signed file: a PDF or a picture sent to `admin/shops/contracts/files`; the server checks type, content and size. */
function ContractFileUpload({ value, onChange, id }: { value?: SignedFile; onChange?(file: SignedFile): void; id?: string }) {
  const { t } = useTranslation();
  const [uploading, setUploading] = useState(false);
  return (
    <Flex vertical gap={4} align="flex-start">
      <Upload
        id={id}
        accept={CONTRACT_FILE_EXTS.map((ext) => `.${ext}`).join(',')}
        showUploadList={false}
        customRequest={({ file, onSuccess, onError }) => {
          const body = new FormData();
          body.append('file', file as File);
          setUploading(true);
          api(contractEndpoints.upload, { body }, { message: false })
            .then((result) => {
              onChange?.({ url: result.url, name: result.name });
              onSuccess?.(result);
            })
            .catch((error: Error) => {
              toast.error(error.message);
              onError?.(error);
            })
            .finally(() => setUploading(false));
        }}
      >
        <Button icon={uploading ? <LoadingOutlined /> : <UploadOutlined />}>{value?.url ? t('contracts.replaceFile') : t('contracts.uploadFile')}</Button>
      </Upload>
      {value?.url && (
        <Typography.Link href={value.url} target="_blank" rel="noreferrer">
          <FileOutlined /> {value.name || value.url}
        </Typography.Link>
      )}
      <Typography.Text type="secondary">{t('contracts.fileHint', { exts: CONTRACT_FILE_EXTS.join(' / '), limit: CONTRACT_LIMITS.fileMb })}</Typography.Text>
    </Flex>
  );
}

interface ContractForm {
  shop_id?: number;
  contract_no: string;
  period?: [Dayjs, Dayjs];
  file?: SignedFile;
  remark: string;
}

function ContractDialog({ contract, onClose }: { contract: ContractRow | null; onClose(): void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<ContractForm>();
  const create = useApiMutation(contractEndpoints.create, { success: 'contracts.saved' });
  const update = useApiMutation(contractEndpoints.update, { success: 'contracts.saved' });
  const { pending, save } = saveWith(create, update);
  const submit = (values: ContractForm) => {
    const [start, end] = values.period!;
    const fields = {
      contract_no: values.contract_no,
      start_date: start.format(DAY),
      end_date: end.format(DAY),
      file_url: values.file!.url,
      file_name: values.file!.name,
      remark: values.remark ?? '',
    };
    if (contract) save(contract.id, fields, onClose);
    else create.mutate({ body: { ...fields, shop_id: values.shop_id! } }, { onSuccess: onClose });
  };
  return (
    <FormDialog<ContractForm>
      title={contract ? t('contracts.edit') : t('contracts.add')}
      form={form}
      pending={pending}
      onClose={onClose}
      initialValues={{
        shop_id: contract?.shop_id,
        contract_no: contract?.contract_no ?? '',
        period: contract ? [dayjs(contract.start_date), dayjs(contract.end_date)] : undefined,
        file: contract ? { url: contract.file_url, name: contract.file_name } : undefined,
        remark: contract?.remark ?? '',
      }}
      onFinish={submit}
    >
      <Form.Item name="shop_id" label={t('contracts.shop')} extra={contract ? t('contracts.shopFixed') : undefined} rules={[{ required: true, message: t('contracts.shopRequired') }]}>
        {contract ? <Input value={contract.shop_name} disabled /> : <ShopSelect placeholder={t('contracts.shopRequired')} />}
      </Form.Item>
      <Form.Item name="contract_no" label={t('contracts.no')} rules={[{ required: true, whitespace: true, message: t('contracts.noRequired') }, zodRule(contractBody.shape.contract_no)]}>
        <Input maxLength={CONTRACT_LIMITS.no} autoFocus />
      </Form.Item>
      <Form.Item name="period" label={t('contracts.period')} extra={t('contracts.periodHint')} rules={[{ required: true, message: t('contracts.periodRequired') }]}>
        <DatePicker.RangePicker style={{ width: '100%' }} />
      </Form.Item>
      <Form.Item name="file" label={t('contracts.file')} rules={[{ required: true, message: t('contracts.fileRequired') }]}>
        <ContractFileUpload />
      </Form.Item>
      <Form.Item name="remark" label={t('contracts.remark')}>
        <Input.TextArea rows={3} maxLength={CONTRACT_LIMITS.remark} showCount />
      </Form.Item>
    </FormDialog>
  );
}

/** Shop contracts: the platform's signed agreement with each shop, at most one in force per shop. */
export default function ShopContractsPage() {
  const { t } = useTranslation();
  const list = useListPage(contractEndpoints.list, { ui });
  const terminate = useApiMutation(contractEndpoints.terminate, { success: 'contracts.terminated' });
  const { query, filter } = list;
  const { edit, terminate: terminating } = list.ui;
  const edited = typeof edit === 'number' ? list.rows.find((row) => row.id === edit) : undefined;
  const ending = terminating ? list.rows.find((row) => row.id === terminating) : undefined;
  const isOpen = (row: ContractRow) => (CONTRACT_OPEN_STATES as readonly ContractState[]).includes(row.state);

  const columns: ListColumn<ContractRow>[] = [
    { title: t('contracts.no'), dataIndex: 'contract_no', render: (no: string) => <Typography.Text strong copyable>{no}</Typography.Text> },
    { title: t('contracts.shop'), dataIndex: 'shop_name' },
    { title: t('contracts.period'), key: 'period', sortKey: 'end_date', render: (_, row) => <TwoLines first={`${row.start_date} ~`} second={row.end_date} /> },
    { title: t('contracts.state'), dataIndex: 'state', render: (_: ContractState, row) => <ContractStateTag contract={row} /> },
    {
      title: t('contracts.file'),
      dataIndex: 'file_url',
      render: (url: string) => (
        <Typography.Link href={url} target="_blank" rel="noreferrer">
          <FileOutlined /> {t('contracts.viewFile')}
        </Typography.Link>
      ),
    },
    {
      title: t('contracts.remark'),
      dataIndex: 'remark',
      render: (remark: string, row) => {
        const text = row.state === 'TERMINATED' ? t('contracts.terminatedBecause', { reason: row.terminate_reason, by: row.terminated_by }) : remark;
        if (!text) return '-';
        return (
          <Typography.Paragraph type={row.state === 'TERMINATED' ? 'secondary' : undefined} style={{ margin: 0, width: 160 }} ellipsis={{ rows: 2, tooltip: text }}>
            {text}
          </Typography.Paragraph>
        );
      },
    },
    actionColumn<ContractRow>(t('common.actions.operation'), (row) => [
      isOpen(row) && { label: t('common.actions.edit'), onClick: () => list.openUi({ edit: row.id }) },
      isOpen(row) && { label: t('contracts.terminate'), danger: true, onClick: () => list.openUi({ terminate: row.id }) },
    ]),
  ];

  return (
    <Card>
      <Flex wrap gap={12} style={{ marginBottom: 16 }}>
        <ShopSelect value={query.shop_id} placeholder={t('contracts.filters.shop')} onChange={(shop_id) => filter({ shop_id })} style={{ width: 220 }} />
        <KeywordSearch value={query.contract_no} placeholder={t('contracts.filters.no')} maxLength={CONTRACT_LIMITS.no} onSearch={(contract_no) => filter({ contract_no })} />
        <Select<ContractState>
          allowClear
          style={{ width: 160 }}
          placeholder={t('contracts.filters.state')}
          value={query.state}
          onChange={(state) => filter({ state })}
          options={CONTRACT_STATES.map((value) => ({ value, label: t(`contracts.states.${value}`) }))}
        />
        <DatePicker.RangePicker
          placeholder={[t('contracts.filters.endFrom'), t('contracts.filters.endTo')]}
          value={query.end_from && query.end_to ? [dayjs(query.end_from), dayjs(query.end_to)] : null}
          onChange={(dates) => filter({ end_from: dates?.[0]?.format(DAY), end_to: dates?.[1]?.format(DAY) })}
        />
        <Button type="primary" icon={<PlusOutlined />} onClick={() => list.openUi({ edit: 'new' })}>
          {t('contracts.add')}
        </Button>
      </Flex>
      <ListTable<ContractRow> list={list} rowKey="id" columns={columns} emptyText={<Empty description={t('contracts.empty')} />} />
      {edit === 'new' && <ContractDialog contract={null} onClose={list.closeUi} />}
      {edited && <ContractDialog key={edited.id} contract={edited} onClose={list.closeUi} />}
      <ReasonDialog
        open={ending !== undefined}
        title={t('contracts.terminateTitle', { no: ending?.contract_no ?? '' })}
        label={t('contracts.terminateReason')}
        maxLength={CONTRACT_LIMITS.reason}
        schema={contractTerminateBody.shape.reason}
        notice={t('contracts.terminateNotice')}
        confirming={terminate.isPending}
        onClose={list.closeUi}
        onConfirm={(reason) => ending && terminate.mutate({ params: { id: ending.id }, body: { reason } }, { onSuccess: list.closeUi })}
      />
    </Card>
  );
}
