import { useEffect } from 'react';
import { Button, Card, Form, Input, InputNumber, Space, Switch, Table, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import {
  COMMISSION_TPL_NAME_MAX,
  DISTRIBUTION_CYCLE_MAX,
  commissionTplBody,
  distributionEndpoints,
  distributionSettingsBody,
  goodsRebateBody,
  idOf,
  idOrZeroOf,
  type CommissionTplRow,
  type GoodsRebateRow,
} from '@agora/contract';
import { FormDialog, saveWith } from '@/components/FormDialog';
import { KeywordSearch } from '@/components/KeywordSearch';
import { formatYuan } from '@/components/formatMoney';
import { ListTable, type ListColumn } from '@/components/list/ListTable';
import { RowActions } from '@/components/list/RowActions';
import { useListPage } from '@/components/list/useListPage';
import { zodRule } from '@/components/zodRule';
import { useApi, useApiMutation } from '@/lib/api';

interface TplForm {
  tpl_name: string;
  grade1: number;
  grade2: number;
  is_default: boolean;
}

function TplDialog({ tpl, onClose }: { tpl: CommissionTplRow | null; onClose(): void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<TplForm>();
  const create = useApiMutation(distributionEndpoints.createTpl, { success: 'distribution.tpl.saved' });
  const update = useApiMutation(distributionEndpoints.updateTpl, { success: 'distribution.tpl.saved' });
  const { pending, save } = saveWith(create, update);
  return (
    <FormDialog<TplForm>
      title={t(tpl ? 'distribution.tpl.edit' : 'distribution.tpl.add')}
      form={form}
      pending={pending}
      onClose={onClose}
      initialValues={{ tpl_name: tpl?.tpl_name ?? '', grade1: tpl?.grade1, grade2: tpl?.grade2, is_default: tpl?.is_default === 1 }}
      onFinish={(values) => save(tpl?.id, { tpl_name: values.tpl_name, grade1: values.grade1, grade2: values.grade2, is_default: values.is_default ? 1 : 0 }, onClose)}
    >
      <Form.Item name="tpl_name" label={t('distribution.tpl.name')} rules={[{ required: true, whitespace: true, message: '请填写模板名称' }, zodRule(commissionTplBody.shape.tpl_name)]}>
        <Input maxLength={COMMISSION_TPL_NAME_MAX} autoFocus />
      </Form.Item>
      <Form.Item name="grade1" label={t('distribution.tpl.grade1')} rules={[{ required: true, message: '请填写一级返利比例' }, zodRule(commissionTplBody.shape.grade1)]}>
        <InputNumber min={0} max={100} precision={2} addonAfter="%" style={{ width: 200 }} />
      </Form.Item>
      <Form.Item name="grade2" label={t('distribution.tpl.grade2')} rules={[{ required: true, message: '请填写二级返利比例' }, zodRule(commissionTplBody.shape.grade2)]}>
        <InputNumber min={0} max={100} precision={2} addonAfter="%" style={{ width: 200 }} />
      </Form.Item>
      <Form.Item name="is_default" label={t('distribution.tpl.isDefault')} valuePropName="checked" extra={tpl?.is_default === 1 ? t('distribution.tpl.defaultLocked') : undefined}>
        <Switch disabled={tpl?.is_default === 1} />
      </Form.Item>
    </FormDialog>
  );
}

function RebateDialog({ row, onClose }: { row: GoodsRebateRow; onClose(): void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<{ grade1_rebate: number; grade2_rebate: number }>();
  const save = useApiMutation(distributionEndpoints.saveGoodsRebate, { success: 'distribution.rebate.saved' });
  return (
    <FormDialog
      title={t('distribution.rebate.edit', { name: row.goods_name })}
      form={form}
      pending={save.isPending}
      onClose={onClose}
      initialValues={{ grade1_rebate: row.grade1_rebate, grade2_rebate: row.grade2_rebate }}
      onFinish={(body) => save.mutate({ params: { id: row.goods_id }, body }, { onSuccess: onClose })}
    >
      <Form.Item name="grade1_rebate" label={t('distribution.rebate.grade1')} rules={[{ required: true, message: '请填写一级返利' }, zodRule(goodsRebateBody.shape.grade1_rebate)]}>
        <InputNumber min={0} precision={2} addonAfter={t('distribution.rebate.perPiece')} style={{ width: 220 }} />
      </Form.Item>
      <Form.Item name="grade2_rebate" label={t('distribution.rebate.grade2')} rules={[{ required: true, message: '请填写二级返利' }, zodRule(goodsRebateBody.shape.grade2_rebate)]}>
        <InputNumber min={0} precision={2} addonAfter={t('distribution.rebate.perPiece')} style={{ width: 220 }} />
      </Form.Item>
    </FormDialog>
  );
}

function SettingsCard() {
  const { t } = useTranslation();
  const [form] = Form.useForm<{ cycle: number; goods_model: boolean }>();
  const settings = useApi(distributionEndpoints.settings, {});
  const save = useApiMutation(distributionEndpoints.saveSettings, { success: 'distribution.settings.saved' });
  useEffect(() => {
    if (settings.data) form.setFieldsValue({ cycle: settings.data.cycle, goods_model: settings.data.goods_model === 1 });
  }, [settings.data, form]);
  return (
    <Card title={t('distribution.settings.title')} loading={settings.isLoading}>
      <Form form={form} layout="inline" onFinish={(values) => save.mutate({ body: { cycle: values.cycle, goods_model: values.goods_model ? 1 : 0 } })}>
        <Form.Item name="cycle" label={t('distribution.settings.cycle')} rules={[{ required: true, message: '请填写结算周期' }, zodRule(distributionSettingsBody.shape.cycle)]} extra={t('distribution.settings.cycleHint')}>
          <InputNumber min={0} max={DISTRIBUTION_CYCLE_MAX} precision={0} addonAfter={t('distribution.settings.days')} style={{ width: 160 }} />
        </Form.Item>
        <Form.Item name="goods_model" label={t('distribution.settings.goodsModel')} valuePropName="checked" extra={t('distribution.settings.goodsModelHint')}>
          <Switch />
        </Form.Item>
        <Form.Item>
          <Button type="primary" htmlType="submit" loading={save.isPending}>
            {t('common.actions.save')}
          </Button>
        </Form.Item>
      </Form>
    </Card>
  );
}

/** The page's URL beside the rebate list's query: the template dialog (0: a new one) or the goods whose rebate is edited. */
const ui = { tpl: idOrZeroOf(), rebate: idOf() };

/** distributor-message: the settings (freeze cycle, per-goods rebate), the commission templates and the goods' own rebates. */
export default function DistributorMessagePage() {
  const { t } = useTranslation();
  const tpls = useApi(distributionEndpoints.tpls, {});
  const remove = useApiMutation(distributionEndpoints.removeTpl, { success: 'distribution.tpl.deleted' });
  const rebates = useListPage(distributionEndpoints.goodsRebates, { ui });
  const { ui: open, openUi, closeUi } = rebates;
  // a dialog in the URL (reload and back keep it): the new template, or the record it edits once read
  const editing: CommissionTplRow | null | undefined = open.tpl === 0 ? null : open.tpl !== undefined ? tpls.data?.find((row) => row.id === open.tpl) : undefined;
  const rebate = open.rebate !== undefined ? rebates.rows.find((row) => row.goods_id === open.rebate) : undefined;

  const rebateColumns: ListColumn<GoodsRebateRow>[] = [
    { title: t('distribution.rebate.goods'), dataIndex: 'goods_name', fixed: 'start', render: (name: string) => <Typography.Text ellipsis={{ tooltip: name }} style={{ maxWidth: 260 }}>{name}</Typography.Text> },
    { title: t('distribution.order.shop'), dataIndex: 'shop_name' },
    { title: t('distribution.rebate.price'), dataIndex: 'price', align: 'right', render: formatYuan },
    { title: t('distribution.rebate.grade1'), dataIndex: 'grade1_rebate', align: 'right', render: formatYuan },
    { title: t('distribution.rebate.grade2'), dataIndex: 'grade2_rebate', align: 'right', render: formatYuan },
    { title: t('common.actions.operation'), key: 'actions', fixed: 'end', render: (_v, row) => <RowActions actions={[{ label: t('common.actions.edit'), onClick: () => openUi({ rebate: row.goods_id }) }]} /> },
  ];

  return (
    <Space direction="vertical" size={16} style={{ width: '100%' }}>
      <SettingsCard />
      <Card
        title={t('distribution.tpl.title')}
        extra={
          <Button type="primary" onClick={() => openUi({ tpl: 0 })}>
            {t('distribution.tpl.add')}
          </Button>
        }
      >
        <Table<CommissionTplRow>
          rowKey="id"
          loading={tpls.isFetching}
          dataSource={tpls.data ?? []}
          pagination={false}
          scroll={{ x: 'max-content' }}
          columns={[
            { title: t('distribution.tpl.name'), dataIndex: 'tpl_name', render: (name: string, row) => <Space>{name}{row.is_default === 1 && <Tag color="blue">{t('distribution.tpl.default')}</Tag>}</Space> },
            { title: t('distribution.tpl.grade1'), dataIndex: 'grade1', align: 'right', render: (value: number) => `${value}%` },
            { title: t('distribution.tpl.grade2'), dataIndex: 'grade2', align: 'right', render: (value: number) => `${value}%` },
            { title: t('distribution.tpl.members'), dataIndex: 'member_num', align: 'right' },
            {
              title: t('common.actions.operation'),
              key: 'actions',
              render: (_v, row) => (
                <RowActions
                  actions={[
                    { label: t('common.actions.edit'), onClick: () => openUi({ tpl: row.id }) },
                    {
                      label: t('common.actions.delete'),
                      danger: true,
                      disabledReason: row.is_default === 1 ? t('distribution.tpl.defaultNoDelete') : row.member_num > 0 ? t('distribution.tpl.inUse') : undefined,
                      confirm: t('distribution.tpl.confirmDelete', { name: row.tpl_name }),
                      onClick: () => remove.mutate({ params: { id: row.id } }),
                    },
                  ]}
                />
              ),
            },
          ]}
        />
      </Card>
      <Card title={t('distribution.rebate.title')} extra={<Typography.Text type="secondary">{t('distribution.rebate.hint')}</Typography.Text>}>
        <div style={{ marginBottom: 16 }}>
          <KeywordSearch value={rebates.query.goods_name} maxLength={50} placeholder={t('distribution.rebate.keyword')} onSearch={(goods_name) => rebates.filter({ goods_name })} />
        </div>
        <ListTable<GoodsRebateRow> list={rebates} rowKey="goods_id" columns={rebateColumns} emptyText={t('distribution.rebate.empty')} />
      </Card>
      {editing !== undefined && <TplDialog tpl={editing} onClose={closeUi} />}
      {rebate && <RebateDialog row={rebate} onClose={closeUi} />}
    </Space>
  );
}
