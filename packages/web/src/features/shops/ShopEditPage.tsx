import { useEffect, useState } from 'react';
import {
  Alert,
  Button,
  Card,
  Col,
  DatePicker,
  Descriptions,
  Form,
  Input,
  InputNumber,
  Popconfirm,
  Radio,
  Result,
  Row,
  Select,
  Skeleton,
  Space,
  Statistic,
  Table,
  Tabs,
  Tag,
  Tooltip,
  Typography,
  type TableColumnsType,
} from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { ShopContractSummary } from '@/components/ShopContract';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router-dom';
import {
  MARGIN_REMARK_MAX,
  SETTLEMENT_DAYS_MAX,
  SETTLEMENT_STATUS,
  type SettlementStatus,
  categoryEndpoints,
  shopEditBody,
  financeEndpoints,
  shopEndpoints,
  type BillRow,
  type MarginAuthStatus,
  type MarginFlowRow,
  type ShopDetail,
  type ShopEditInput,
} from '@agora/contract';
import { formatAmount, formatYuan, YUAN } from '@/components/formatMoney';
import { formatPlatformTime, formatUnixTime } from '@/components/formatTime';
import { ImageUpload } from '@/components/ImageUpload';
import { MobileInput, RegionCascader, useMobileRule } from '@/components/regions';
import { zodRule } from '@/components/zodRule';
import { useApi } from '@/lib/api';
import { useAdjustMargin, useEditShop, useSetSettlementDays, useSettleNow, useShop, useThemeOptions } from './queries';
import { MARGIN_COLORS, SHOP_STATUS_COLORS } from './status';

/** The bills and earnest-money flows under a shop's tabs page by ten, without a size changer. */
const TAB_PAGE_SIZE = 10;
const field = (name: keyof ShopEditInput) => zodRule(shopEditBody.shape[name]);
/** Dates travel as YYYY-MM-DD; the picker works with dayjs. */
const dateProps = {
  getValueProps: (value?: string) => ({ value: value ? dayjs(value) : undefined }),
  normalize: (value?: Dayjs | null) => (value ? value.format('YYYY-MM-DD') : ''),
};

function useTopCategories() {
  return useApi(categoryEndpoints.children, { params: { id: 0 } }, { staleTime: 60_000 });
}

/** A shop region: the name a shop kept from before regions could be chosen shows until one is picked or cleared. */
function ShopRegionCascader({ storedName, onChange, ...props }: { storedName?: string; value?: number[]; onChange?(ids: number[]): void; id?: string }) {
  const [picked, setPicked] = useState(false);
  return (
    <RegionCascader
      {...props}
      changeOnSelect
      storedName={picked ? undefined : storedName}
      onChange={(ids) => {
        setPicked(true);
        onChange?.(ids);
      }}
    />
  );
}

type RegionField = 'region' | 'license_region' | 'bank_region';
type DetailsValues = ShopEditInput & Record<`${RegionField}_ids`, number[]>;

/** Basic, company and bank details: one form saved by `PUT admin/shops/{id}`. */
function DetailsForm({ shop }: { shop: ShopDetail }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<DetailsValues>();
  const edit = useEditShop();
  const categories = useTopCategories();
  const themes = useThemeOptions();
  const mobileRule = useMobileRule();
  const [tab, setTab] = useState('basic');
  useEffect(() => form.setFieldsValue(shop), [form, shop]);

  // A region goes to the server as the chosen id, which it names; a name typed before regions
  // could be chosen stays until the operator picks or clears the region.
  const regionInput = (values: DetailsValues, field: RegionField) => {
    const ids = values[`${field}_ids`] ?? [];
    const touched = form.isFieldTouched(`${field}_ids`);
    return { [`${field}_id`]: ids.length ? ids[ids.length - 1] : 0, [field]: ids.length || touched ? '' : shop[field] };
  };

  const save = () =>
    form.validateFields().then(
      (values) =>
        edit.mutate({
          id: shop.shop_id,
          input: { ...shop, ...values, ...regionInput(values, 'region'), ...regionInput(values, 'license_region'), ...regionInput(values, 'bank_region') },
        }),
      (error: { errorFields?: { name: (string | number)[] }[] }) => {
        // A refused field may sit on another tab: show the tab that holds it.
        const name = error?.errorFields?.[0]?.name[0];
        if (typeof name === 'string') setTab(TAB_OF_FIELD[name] ?? tab);
      },
    );

  const text = (name: keyof ShopEditInput, max: number, props: { textarea?: boolean; required?: boolean } = {}) => (
    <Form.Item
      name={name}
      label={t(`shops.fields.${name}`)}
      rules={[...(props.required ? [{ required: true, whitespace: true, message: t('shops.fields.required', { label: t(`shops.fields.${name}`) }) }] : []), field(name)]}
    >
      {props.textarea ? <Input.TextArea rows={3} maxLength={max} showCount /> : <Input maxLength={max} />}
    </Form.Item>
  );
  const image = (name: keyof ShopEditInput) => (
    <Form.Item name={name} label={t(`shops.fields.${name}`)}>
      <ImageUpload scene="shop" />
    </Form.Item>
  );
  const region = (name: RegionField) => (
    <Form.Item name={`${name}_ids`} label={t(`shops.fields.${name}`)}>
      <ShopRegionCascader storedName={shop[`${name}_ids`].length ? undefined : shop[name]} />
    </Form.Item>
  );
  const date = (name: keyof ShopEditInput) => (
    <Form.Item name={name} label={t(`shops.fields.${name}`)} rules={[field(name)]} {...dateProps}>
      <DatePicker style={{ width: '100%' }} />
    </Form.Item>
  );

  const items = [
    {
      key: 'basic',
      label: t('shops.tabs.basic'),
      children: (
        <Row gutter={24}>
          <Col xs={24} lg={12}>
            {text('shop_name', 15, { required: true })}
            <Form.Item name="self_operated" label={t('shops.fields.self_operated')}>
              <Radio.Group options={[{ value: 1, label: t('shops.yes') }, { value: 0, label: t('shops.no') }]} />
            </Form.Item>
            <Form.Item name="commission_rate" label={t('shops.fields.commission_rate')} rules={[{ required: true, message: t('shops.fields.required', { label: t('shops.fields.commission_rate') }) }]}>
              <InputNumber min={0} max={100} precision={2} addonAfter="%" style={{ width: 180 }} />
            </Form.Item>
            <Form.Item name="goods_category_ids" label={t('shops.fields.goods_category_ids')}>
              <Select
                mode="multiple"
                loading={categories.isLoading}
                showSearch={{ optionFilterProp: 'label' }}
                options={categories.data?.map((category) => ({ value: category.category_id, label: category.name }))}
              />
            </Form.Item>
            {(['PC', 'WAP'] as const).map((type) => {
              const name = type === 'PC' ? 'pc_theme_id' : 'wap_theme_id';
              return (
                <Form.Item key={type} name={name} label={t(`shops.fields.${name}`)} extra={type === 'PC' ? t('shops.fields.themeHint') : undefined}>
                  <Select
                    loading={themes.isLoading}
                    placeholder={t('shops.fields.themeNone')}
                    options={themes.data
                      ?.filter((theme) => theme.type === type)
                      .map((theme) => ({ value: theme.id, label: theme.is_default ? t('shops.fields.themeDefault', { name: theme.name }) : theme.name }))}
                  />
                </Form.Item>
              );
            })}
            {region('region')}
            {text('address', 200)}
            {text('description', 200, { textarea: true })}
          </Col>
          <Col xs={24} lg={12}>
            {image('logo')}
            {image('banner')}
          </Col>
        </Row>
      ),
    },
    {
      key: 'company',
      label: t('shops.tabs.company'),
      children: (
        <Row gutter={24}>
          <Col xs={24} lg={12}>
            {text('company_name', 100)}
            {text('company_address', 200)}
            {text('company_phone', 20)}
            {text('company_email', 100)}
            <Form.Item name="employee_num" label={t('shops.fields.employee_num')}>
              <InputNumber min={0} precision={0} style={{ width: 180 }} />
            </Form.Item>
            <Form.Item name="reg_money" label={t('shops.fields.reg_money')}>
              <InputNumber min={0} precision={0} addonAfter={t('shops.tenThousandYuan')} style={{ width: 220 }} />
            </Form.Item>
            {text('link_name', 30)}
            <Form.Item name="link_phone" label={t('shops.fields.link_phone')} rules={[mobileRule]}>
              <MobileInput />
            </Form.Item>
          </Col>
          <Col xs={24} lg={12}>
            {text('legal_name', 30)}
            {text('legal_id', 18)}
            {image('legal_img')}
            {text('license_num', 50)}
            {region('license_region')}
            {text('license_address', 200)}
            {date('establish_date')}
            <Space.Compact block>
              {date('licence_start')}
              {date('licence_end')}
            </Space.Compact>
            {text('scope', 500, { textarea: true })}
            {image('licence_img')}
          </Col>
        </Row>
      ),
    },
    {
      key: 'bank',
      label: t('shops.tabs.bank'),
      children: (
        <Row gutter={24}>
          <Col xs={24} lg={12}>
            {text('bank_account_name', 50)}
            {text('bank_number', 30)}
            {text('bank_name', 50)}
            {region('bank_region')}
          </Col>
          <Col xs={24} lg={12}>
            {image('bank_img')}
          </Col>
        </Row>
      ),
    },
  ];

  return (
    <Form form={form} layout="vertical" initialValues={shop} disabled={edit.isPending}>
      <Tabs activeKey={tab} onChange={setTab} items={items.map((item) => ({ ...item, forceRender: true }))} />
      <Button type="primary" loading={edit.isPending} onClick={save}>
        {t('common.actions.save')}
      </Button>
    </Form>
  );
}

const TAB_OF_FIELD: Record<string, string> = Object.fromEntries([
  ...['company_name', 'company_address', 'company_phone', 'company_email', 'employee_num', 'reg_money', 'link_name', 'link_phone', 'legal_name', 'legal_id', 'legal_img', 'license_num', 'license_region_ids', 'license_address', 'establish_date', 'licence_start', 'licence_end', 'scope', 'licence_img'].map((name) => [name, 'company']),
  ...['bank_account_name', 'bank_number', 'bank_name', 'bank_region_ids', 'bank_img'].map((name) => [name, 'bank']),
]);

/** Settlement days, the immediate bill and the shop's bills. */
function SettlementPanel({ shop }: { shop: ShopDetail }) {
  const { t } = useTranslation();
  const [days, setDays] = useState<number[]>(shop.settlement_days);
  const [status, setStatus] = useState<SettlementStatus>(shop.settlement_status);
  const [page, setPage] = useState(1);
  const setSettlementDays = useSetSettlementDays();
  const settleNow = useSettleNow();
  const bills = useApi(financeEndpoints.bills, { query: { seller_id: shop.shop_id, page_no: page, page_size: TAB_PAGE_SIZE } });
  useEffect(() => setDays(shop.settlement_days), [shop.settlement_days]);
  useEffect(() => setStatus(shop.settlement_status), [shop.settlement_status]);
  const billable = shop.shop_disable === 'OPEN' || shop.shop_disable === 'CLOSED';

  const columns: TableColumnsType<BillRow> = [
    { title: t('shops.bills.sn'), dataIndex: 'bill_sn', width: 170 },
    // periods end at midnight on the platform's clock: read there, not in the browser's zone
    { title: t('shops.bills.period'), key: 'period', render: (_v, bill) => `${formatPlatformTime(bill.start_time)} ~ ${formatPlatformTime(bill.end_time)}` },
    { title: t('shops.bills.orders'), dataIndex: 'order_count', width: 80, align: 'right' },
    { title: t('shops.bills.price'), dataIndex: 'price', width: 120, align: 'right', render: formatYuan },
    { title: t('shops.bills.cod'), dataIndex: 'cod_price', width: 120, align: 'right', render: formatYuan },
    { title: t('shops.bills.commission'), dataIndex: 'commi_price', width: 110, align: 'right', render: formatYuan },
    { title: t('shops.bills.billPrice'), dataIndex: 'bill_price', width: 130, align: 'right', render: (value: number) => <Typography.Text strong>{formatYuan(value)}</Typography.Text> },
    { title: t('shops.bills.status'), dataIndex: 'status', width: 100, render: (status: string) => <Tag>{t(`shops.billStatus.${status}`)}</Tag> },
  ];

  return (
    <Space orientation="vertical" size={16} style={{ width: '100%' }}>
      <Descriptions column={{ xs: 1, md: 3 }} size="small">
        <Descriptions.Item label={t('shops.fields.commission_rate')}>{shop.commission_rate}%</Descriptions.Item>
      </Descriptions>
      <Space wrap>
        <Typography.Text>{t('shops.settlement.days')}</Typography.Text>
        <Select
          mode="multiple"
          style={{ minWidth: 320 }}
          value={days}
          maxCount={SETTLEMENT_DAYS_MAX}
          onChange={(next: number[]) => setDays([...next].sort((a, b) => a - b))}
          options={Array.from({ length: 31 }, (_, i) => ({ value: i + 1, label: t('shops.settlement.day', { day: i + 1 }) }))}
          placeholder={t('shops.settlement.daysHint', { max: SETTLEMENT_DAYS_MAX })}
        />
        <Typography.Text>{t('shops.settlement.status')}</Typography.Text>
        <Tooltip title={t('shops.settlement.statusHint')}>
          <Select
            aria-label={t('shops.settlement.status')}
            style={{ minWidth: 170 }}
            value={status}
            onChange={setStatus}
            options={SETTLEMENT_STATUS.map((value) => ({ value, label: t(`shops.settlementStatus.${value}`) }))}
          />
        </Tooltip>
        <Button
          disabled={days.length === 0 || (days.join(',') === shop.settlement_days.join(',') && status === shop.settlement_status)}
          loading={setSettlementDays.isPending}
          onClick={() => setSettlementDays.mutate({ ids: [shop.shop_id], days, status })}
        >
          {t('common.actions.save')}
        </Button>
        <Popconfirm
          title={t('shops.confirm.settleNow', { name: shop.shop_name })}
          disabled={!billable}
          onConfirm={() => settleNow.mutate([shop.shop_id], { onSuccess: () => setPage(1) })}
        >
          <Button type="primary" disabled={!billable} loading={settleNow.isPending}>
            {t('shops.actions.settleNow')}
          </Button>
        </Popconfirm>
      </Space>
      <Table<BillRow>
        rowKey="id"
        size="small"
        columns={columns}
        dataSource={bills.data?.data}
        loading={bills.isFetching}
        scroll={{ x: 1100 }}
        locale={{ emptyText: t('shops.bills.empty') }}
        pagination={{ current: page, pageSize: TAB_PAGE_SIZE, total: bills.data?.data_total, onChange: setPage, showSizeChanger: false }}
      />
    </Space>
  );
}

/** The shop's earnest money: what remains, a deduction or addition with a reason, and every flow. */
function MarginPanel({ shop }: { shop: ShopDetail }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<{ type: 0 | 1; actual_pay_amount: number; remark: string; voucher?: string }>();
  const [page, setPage] = useState(1);
  const adjust = useAdjustMargin();
  const history = useApi(shopEndpoints.marginHistory, { query: { shop_id: shop.shop_id, page_no: page, page_size: TAB_PAGE_SIZE } });
  const type = Form.useWatch('type', form) ?? 0;

  const submit = (values: { type: 0 | 1; actual_pay_amount: number; remark: string; voucher?: string }) =>
    adjust.mutate(
      { query: { shop_id: shop.shop_id, type: values.type, actual_pay_amount: values.actual_pay_amount, remark: values.remark.trim(), voucher: values.voucher ? [values.voucher] : [] } },
      {
        onSuccess: () => {
          form.resetFields();
          setPage(1);
        },
      },
    );

  const columns: TableColumnsType<MarginFlowRow> = [
    { title: t('shops.margin.time'), dataIndex: 'create_time', width: 170, render: formatUnixTime },
    {
      title: t('shops.margin.amount'),
      key: 'amount',
      width: 130,
      align: 'right',
      render: (_v, flow) => (
        <Typography.Text type={flow.type === 1 ? 'success' : 'danger'}>
          {flow.type === 1 ? '+' : '−'}
          {formatYuan(flow.actual_pay_amount)}
        </Typography.Text>
      ),
    },
    { title: t('shops.margin.after'), dataIndex: 'total_amount', width: 130, align: 'right', render: (value: number | null) => (value === null ? '—' : formatYuan(value)) },
    { title: t('shops.margin.remark'), dataIndex: 'remark', render: (value: string) => value || '—' },
    { title: t('shops.margin.status'), dataIndex: 'auth_status', width: 110, render: (status: MarginAuthStatus) => <Tag color={MARGIN_COLORS[status]}>{t(`shops.marginStatus.${status}`)}</Tag> },
    { title: t('shops.margin.auditRemark'), dataIndex: 'auth_remark', width: 180, render: (value: string) => value || '—' },
  ];

  return (
    <Space orientation="vertical" size={16} style={{ width: '100%' }}>
      <Statistic title={t('shops.margin.remaining')} value={shop.remaining_margin} precision={2} prefix={YUAN} />
      <Card size="small" title={t('shops.margin.adjustTitle')}>
        <Form form={form} layout="inline" initialValues={{ type: 0 }} onFinish={(values) => void submit(values)} disabled={adjust.isPending} style={{ rowGap: 12 }}>
          <Form.Item name="type">
            <Radio.Group
              optionType="button"
              options={[
                { value: 0, label: t('shops.margin.deduct') },
                { value: 1, label: t('shops.margin.add') },
              ]}
            />
          </Form.Item>
          <Form.Item
            name="actual_pay_amount"
            rules={[
              { required: true, message: t('shops.margin.amountRequired') },
              {
                validator: async (_r, value?: number) => {
                  if (type === 0 && value !== undefined && value > shop.remaining_margin) throw new Error(t('shops.margin.overRemaining', { remaining: formatAmount(shop.remaining_margin) }));
                },
              },
            ]}
          >
            <InputNumber min={0.01} precision={2} prefix={YUAN} placeholder={t('shops.margin.amount')} style={{ width: 160 }} />
          </Form.Item>
          <Form.Item name="remark" rules={[{ required: true, whitespace: true, message: t('shops.margin.remarkRequired') }]}>
            <Input maxLength={MARGIN_REMARK_MAX} showCount placeholder={t('shops.margin.remarkPlaceholder')} style={{ width: 320 }} />
          </Form.Item>
          <Form.Item name="voucher" label={t('shops.margin.voucher')}>
            <ImageUpload scene="margin" />
          </Form.Item>
          <Form.Item>
            <Popconfirm
              title={t(type === 0 ? 'shops.confirm.deduct' : 'shops.confirm.add', { name: shop.shop_name })}
              onConfirm={() => form.submit()}
            >
              <Button type="primary" danger={type === 0} loading={adjust.isPending}>
                {t(type === 0 ? 'shops.margin.deduct' : 'shops.margin.add')}
              </Button>
            </Popconfirm>
          </Form.Item>
        </Form>
      </Card>
      <Table<MarginFlowRow>
        rowKey="id"
        size="small"
        columns={columns}
        dataSource={history.data?.data}
        loading={history.isFetching}
        scroll={{ x: 900 }}
        locale={{ emptyText: t('shops.margin.empty') }}
        pagination={{ current: page, pageSize: TAB_PAGE_SIZE, total: history.data?.data_total, onChange: setPage, showSizeChanger: false }}
      />
    </Space>
  );
}

/** /shop/edit/{id}: the operator's whole view of one shop. */
export default function ShopEditPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const raw = useParams().id ?? '';
  // an id the URL cannot hold is a shop that does not exist, not a page that loads forever
  const id = /^\d{1,15}$/.test(raw) ? Number(raw) : undefined;
  const shop = useShop(id);

  if (shop.isError || !id) return <Result status="404" title={t('shops.notFound')} extra={<Button onClick={() => navigate('/shop/shop-list')}>{t('common.actions.back')}</Button>} />;
  if (!shop.data) return <Card><Skeleton active paragraph={{ rows: 10 }} /></Card>;
  const data = shop.data;

  return (
    <Space orientation="vertical" size={16} style={{ width: '100%' }}>
      <Card>
        <Space wrap size={24} align="center">
          <Typography.Title level={4} style={{ margin: 0 }}>
            {data.shop_name}
          </Typography.Title>
          <Tag color={SHOP_STATUS_COLORS[data.shop_disable]}>{t(`shops.status.${data.shop_disable}`)}</Tag>
          <Typography.Text type="secondary">
            {t('shops.columns.member')}: {data.member_name}
          </Typography.Text>
          <Typography.Text type="secondary">
            {t('shops.fields.open_time')}: {formatUnixTime(data.open_time)}
          </Typography.Text>
          <Typography.Text type="secondary">
            {t('shops.columns.goods')}: {data.goods_num}
          </Typography.Text>
          <Button onClick={() => navigate('/shop/shop-list')}>{t('common.actions.back')}</Button>
        </Space>
        {(data.shop_disable === 'OPEN' || data.shop_disable === 'CLOSED') && (
          <div style={{ marginTop: 12 }}>
            <ShopContractSummary shopId={data.shop_id} />
          </div>
        )}
        {data.shop_disable === 'REFUSED' && data.audit_remark && (
          <Alert type="warning" showIcon style={{ marginTop: 12 }} message={t('shops.refusedBecause', { reason: data.audit_remark })} />
        )}
      </Card>
      <Card>
        <Tabs
          items={[
            { key: 'details', label: t('shops.tabs.details'), children: <DetailsForm shop={data} /> },
            { key: 'settlement', label: t('shops.tabs.settlement'), children: <SettlementPanel shop={data} /> },
            { key: 'margin', label: t('shops.tabs.margin'), children: <MarginPanel shop={data} /> },
          ]}
        />
      </Card>
    </Space>
  );
}
