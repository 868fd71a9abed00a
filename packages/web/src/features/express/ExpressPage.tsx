import { Button, Card, Empty, Flex, Form, Input, Select, Space, Switch, Tag, Tooltip, Typography } from 'antd';
import { MinusCircleOutlined, PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { expressEndpoints, idOf, LOGI_LIMITS, waybillFormItem, type LogiCompanyRow, type LogiState, type WaybillFormItem } from '@agora/contract';
import { KeywordSearch } from '@/components/KeywordSearch';
import { formatUnixTime } from '@/components/formatTime';
import { ListTable, type ListColumn } from '@/components/list/ListTable';
import { actionColumn } from '@/components/list/RowActions';
import { useListPage } from '@/components/list/useListPage';
import { zodRule } from '@/components/zodRule';
import { FormDialog, saveWith } from '@/components/FormDialog';
import { useApiMutation } from '@/lib/api';

const ui = { edit: z.union([z.literal('new'), idOf()]) };

interface LogiForm {
  name: string;
  code: string;
  kdcode: string;
  is_waybill: boolean;
  form_items: WaybillFormItem[];
  open: boolean;
}

function LogiDialog({ company, onClose }: { company: LogiCompanyRow | null; onClose(): void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<LogiForm>();
  const create = useApiMutation(expressEndpoints.create, { success: 'express.saved' });
  const update = useApiMutation(expressEndpoints.update, { success: 'express.saved' });
  const { pending, save } = saveWith(create, update);
  const waybill = Form.useWatch('is_waybill', form) === true;
  const submit = (values: LogiForm) => {
    const body = {
      name: values.name,
      code: values.code,
      kdcode: values.kdcode ?? '',
      is_waybill: values.is_waybill ? 1 : 0,
      form_items: values.is_waybill ? (values.form_items ?? []) : [],
      disabled: values.open ? 'OPEN' : 'CLOSE',
    } as const;
    save(company?.logi_id, body, onClose);
  };
  return (
    <FormDialog<LogiForm>
      width={640}
      title={company ? t('express.edit') : t('express.add')}
      form={form}
      pending={pending}
      onClose={onClose}
        initialValues={{
          name: company?.name ?? '',
          code: company?.code ?? '',
          kdcode: company?.kdcode ?? '',
          is_waybill: company?.is_waybill === 1,
          form_items: company?.form_items ?? [],
          open: company ? company.disabled === 'OPEN' : true,
        }}
      onFinish={submit}
    >
        <Form.Item
          name="name"
          label={t('express.name')}
          rules={[{ required: true, whitespace: true, message: t('express.nameRequired') }, zodRule(z.string().max(LOGI_LIMITS.name, `物流公司名称最多${LOGI_LIMITS.name}个字符`))]}
          extra={company?.used ? t('express.usedHint') : undefined}
        >
          <Input maxLength={LOGI_LIMITS.name} autoFocus disabled={company?.used === 1} />
        </Form.Item>
        <Form.Item name="code" label={t('express.code')} rules={[{ required: true, whitespace: true, message: t('express.codeRequired') }]}>
          <Input maxLength={LOGI_LIMITS.code} />
        </Form.Item>
        <Form.Item name="kdcode" label={t('express.kdcode')} rules={[{ required: waybill, whitespace: true, message: t('express.kdcodeRequired') }]}>
          <Input maxLength={LOGI_LIMITS.kdcode} />
        </Form.Item>
        <Form.Item name="is_waybill" label={t('express.waybill')} valuePropName="checked">
          <Switch />
        </Form.Item>
        {waybill && (
          <Form.List name="form_items">
            {(fields, { add, remove }) => (
              <Form.Item label={t('express.formItems')} extra={t('express.formItemsHint')}>
                {fields.map((field) => (
                  <Space key={field.key} align="baseline" style={{ display: 'flex' }}>
                    <Form.Item name={[field.name, 'name']} rules={[zodRule(waybillFormItem.shape.name), { required: true, message: t('express.itemNameRequired') }]}>
                      <Input placeholder={t('express.itemName')} aria-label={t('express.itemName')} maxLength={LOGI_LIMITS.itemName} />
                    </Form.Item>
                    <Form.Item name={[field.name, 'code']} rules={[zodRule(waybillFormItem.shape.code), { required: true, message: t('express.itemCodeRequired') }]}>
                      <Input placeholder={t('express.itemCode')} aria-label={t('express.itemCode')} maxLength={LOGI_LIMITS.itemCode} />
                    </Form.Item>
                    <MinusCircleOutlined aria-label={t('common.actions.delete')} onClick={() => remove(field.name)} />
                  </Space>
                ))}
                {fields.length < LOGI_LIMITS.formItems && (
                  <Button type="dashed" icon={<PlusOutlined />} onClick={() => add({ name: '', code: '' })}>
                    {t('express.addItem')}
                  </Button>
                )}
              </Form.Item>
            )}
          </Form.List>
        )}
        <Form.Item name="open" label={t('express.state')} valuePropName="checked">
          <Switch />
        </Form.Item>
    </FormDialog>
  );
}

/** express: the logistics companies shops ship with; one shipments name is neither deleted nor renamed. */
export default function ExpressPage() {
  const { t } = useTranslation();
  const list = useListPage(expressEndpoints.list, { ui });
  const toggle = useApiMutation(expressEndpoints.toggle, { success: (row) => (row.disabled === 'OPEN' ? 'express.opened' : 'express.closed') });
  const remove = useApiMutation(expressEndpoints.remove, { success: 'express.deleted' });
  const { edit } = list.ui;
  const edited = typeof edit === 'number' ? list.rows.find((row) => row.logi_id === edit) : undefined;

  const columns: ListColumn<LogiCompanyRow>[] = [
    { title: t('express.name'), dataIndex: 'name', render: (name: string) => <Typography.Text strong>{name}</Typography.Text> },
    { title: t('express.code'), dataIndex: 'code' },
    { title: t('express.kdcode'), dataIndex: 'kdcode', render: (code: string) => code || '—' },
    {
      title: t('express.waybill'),
      key: 'waybill',
      render: (_v, row) =>
        row.is_waybill ? (
          <Tooltip title={row.form_items.map((item) => `${item.name} (${item.code})`).join('、') || undefined}>
            <Tag color="blue">{t('express.waybillOn', { count: row.form_items.length })}</Tag>
          </Tooltip>
        ) : (
          <Typography.Text type="secondary">{t('express.waybillOff')}</Typography.Text>
        ),
    },
    {
      title: t('express.state'),
      key: 'state',
      render: (_v, row) => (
        <Switch
          size="small"
          checked={row.disabled === 'OPEN'}
          aria-label={t('express.state')}
          onChange={(on) => toggle.mutate({ params: { id: row.logi_id }, query: { disabled: on ? 'OPEN' : 'CLOSE' } })}
        />
      ),
    },
    { title: t('express.createTime'), dataIndex: 'create_time', render: formatUnixTime },
    actionColumn<LogiCompanyRow>(t('common.actions.operation'), (row) => [
      { label: t('common.actions.edit'), onClick: () => list.openUi({ edit: row.logi_id }) },
      {
        label: t('common.actions.delete'),
        danger: true,
        disabledReason: row.used ? t('express.usedHint') : undefined,
        confirm: t('express.confirmDelete', { name: row.name }),
        onClick: () => remove.mutate({ params: { id: row.logi_id } }, { onSuccess: () => list.removed(1) }),
      },
    ]),
  ];

  return (
    <Card>
      <Flex wrap gap={12} style={{ marginBottom: 16 }}>
        <KeywordSearch value={list.query.keyword} maxLength={30} placeholder={t('express.keyword')} onSearch={(keyword) => list.filter({ keyword })} />
        <Select<LogiState>
          allowClear
          style={{ width: 140 }}
          placeholder={t('express.state')}
          value={list.query.disabled}
          onChange={(disabled) => list.filter({ disabled })}
          options={[
            { value: 'OPEN', label: t('express.open') },
            { value: 'CLOSE', label: t('express.close') },
          ]}
        />
        <Button type="primary" icon={<PlusOutlined />} onClick={() => list.openUi({ edit: 'new' })}>
          {t('express.add')}
        </Button>
      </Flex>
      <ListTable<LogiCompanyRow> list={list} rowKey="logi_id" columns={columns} emptyText={<Empty description={t('express.empty')} />} />
      {edit === 'new' && <LogiDialog company={null} onClose={list.closeUi} />}
      {edited && <LogiDialog key={edited.logi_id} company={edited} onClose={list.closeUi} />}
    </Card>
  );
}
