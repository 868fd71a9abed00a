import { useState } from 'react';
import { Button, Card, DatePicker, Form, Input, InputNumber, Radio, Space, Table, Typography } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router-dom';
import {
  COUPON_DESCRIPTION_MAX,
  COUPON_EFFECTIVE_DAYS_MAX,
  COUPON_EFFECTIVE_TYPES,
  COUPON_ISSUE_MAX,
  COUPON_MESSAGES,
  COUPON_TITLE_MAX,
  COUPON_SCOPE_GOODS_MAX,
  COUPON_SCOPES,
  COUPON_TYPES,
  couponEndpoints,
  type CouponDetail,
  type CouponEffectiveType,
  type CouponInput,
  type CouponScope,
  type CouponType,
  type GoodsPickerRow,
} from '@agora/contract';
import { EditedRecord } from '@/components/EditedRecord';
import { CategoryCascader } from '@/components/CategoryCascader';
import { formatYuan, YUAN } from '@/components/formatMoney';
import { fromPickerValue, platformNow, toPickerValue } from '@/components/formatTime';
import { GoodsPicker } from '@/components/pickers/GoodsPicker';
import { useApiMutation } from '@/lib/api';
import { localizeMsg } from '@/lib/locale';
import { COUPON_LIST_PATH } from './paths';

interface CouponForm {
  title: string;
  coupon_type: CouponType;
  coupon_price: number | null;
  coupon_threshold_price: number | null;
  period: [Dayjs, Dayjs] | null;
  effective_type: CouponEffectiveType;
  effective_days: number | null;
  create_num: number | null;
  limit_num: number | null;
  use_scope: CouponScope;
  category_id?: number;
  goods: GoodsPickerRow[];
  shop_commission: number | null;
  activity_description: string;
}

const initialValues = (coupon: CouponDetail | undefined, type: CouponType): CouponForm =>
  coupon
    ? {
        title: coupon.title,
        coupon_type: coupon.coupon_type,
        coupon_price: coupon.coupon_price,
        coupon_threshold_price: coupon.coupon_threshold_price,
        period: [toPickerValue(coupon.start_time), toPickerValue(coupon.end_time)],
        effective_type: coupon.effective_type,
        effective_days: coupon.effective_days || null,
        create_num: coupon.create_num,
        limit_num: coupon.limit_num,
        use_scope: coupon.use_scope,
        category_id: coupon.use_scope === 'CATEGORY' ? coupon.scope_ids[0] : undefined,
        goods: coupon.scope_goods,
        shop_commission: coupon.shop_commission,
        activity_description: coupon.activity_description,
      }
    : {
        title: '',
        coupon_type: type,
        coupon_price: null,
        coupon_threshold_price: null,
        period: null,
        effective_type: type === 'NEWCOMER' ? 'EFFECTIVE_AFTER_RECEIVING' : 'AUTO_TAKE_EFFECT',
        effective_days: null,
        create_num: null,
        limit_num: 1,
        use_scope: 'ALL',
        goods: [],
        shop_commission: 0,
        activity_description: '',
      };

/** A day picked without touching its time runs from its first second to its last (23:59:59): the end day is not lost. */
const DAY_BOUNDS: [Dayjs, Dayjs] = [dayjs().startOf('day'), dayjs().endOf('day')];

function toBody(values: CouponForm): CouponInput {
  const [start, end] = values.period ?? [platformNow(), platformNow()];
  return {
    title: values.title.trim(),
    coupon_type: values.coupon_type,
    coupon_price: values.coupon_price ?? 0,
    coupon_threshold_price: values.coupon_threshold_price ?? 0,
    start_time: fromPickerValue(start),
    end_time: fromPickerValue(end),
    effective_type: values.coupon_type === 'NEWCOMER' ? 'EFFECTIVE_AFTER_RECEIVING' : values.effective_type,
    effective_days: values.effective_days ?? 0,
    create_num: values.create_num ?? 0,
    limit_num: values.limit_num ?? 0,
    use_scope: values.use_scope,
    scope_ids: values.use_scope === 'CATEGORY' ? (values.category_id ? [values.category_id] : []) : values.use_scope === 'SOME_GOODS' ? values.goods.map((row) => row.sku_id) : [],
    shop_commission: values.shop_commission ?? 0,
    activity_description: values.activity_description?.trim() ?? '',
  };
}

/** The goods a coupon applies to, picked in the shared goods picker and listed under it. */
function ScopeGoods({ value = [], onChange }: { value?: GoodsPickerRow[]; onChange?(rows: GoodsPickerRow[]): void }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  return (
    <Space orientation="vertical" style={{ width: '100%' }}>
      <Space>
        <Button onClick={() => setOpen(true)}>{t('promotions.coupon.pickGoods')}</Button>
        <Typography.Text type="secondary">{t('promotions.coupon.goodsChosen', { count: value.length })}</Typography.Text>
      </Space>
      {value.length > 0 && (
        <Table<GoodsPickerRow>
          size="small"
          rowKey="sku_id"
          pagination={false}
          dataSource={value}
          scroll={{ y: 240 }}
          columns={[
            { title: t('promotions.coupon.goodsName'), key: 'name', render: (_v, row) => [row.goods_name, row.properties_name].filter(Boolean).join(' ') },
            { title: t('promotions.coupon.goodsShop'), dataIndex: 'shop_name' },
            { title: t('promotions.coupon.goodsPrice'), dataIndex: 'price', align: 'right', render: formatYuan },
            {
              title: t('common.actions.operation'),
              key: 'remove',
              render: (_v, row) => (
                <Button type="link" size="small" danger onClick={() => onChange?.(value.filter((other) => other.sku_id !== row.sku_id))}>
                  {t('common.actions.delete')}
                </Button>
              ),
            },
          ]}
        />
      )}
      <GoodsPicker
        open={open}
        limit={COUPON_SCOPE_GOODS_MAX}
        value={value}
        onCancel={() => setOpen(false)}
        onConfirm={(rows) => {
          setOpen(false);
          onChange?.(rows);
        }}
      />
    </Space>
  );
}

function CouponFormCard({ coupon, type }: { coupon?: CouponDetail; type: CouponType }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [form] = Form.useForm<CouponForm>();
  const create = useApiMutation(couponEndpoints.create, { success: 'promotions.coupon.created' });
  const update = useApiMutation(couponEndpoints.update, { success: 'promotions.coupon.updated' });
  const couponType = Form.useWatch('coupon_type', form) ?? type;
  const effectiveType = Form.useWatch('effective_type', form);
  const scope = Form.useWatch('use_scope', form);
  const afterReceiving = couponType === 'NEWCOMER' || effectiveType === 'EFFECTIVE_AFTER_RECEIVING';
  const back = () => navigate(`${COUPON_LIST_PATH}${couponType === 'NEWCOMER' ? '?coupon_type=NEWCOMER' : ''}`);

  const submit = (values: CouponForm) => {
    const body = toBody(values);
    if (coupon) update.mutate({ params: { id: coupon.coupon_id }, body }, { onSuccess: back });
    else create.mutate({ body }, { onSuccess: back });
  };

  const required = (key: string) => ({ required: true, message: t(`promotions.coupon.required.${key}`) });

  return (
    <Card title={t(coupon ? 'promotions.coupon.editTitle' : 'promotions.coupon.addTitle')}>
      <Form<CouponForm> form={form} layout="horizontal" labelCol={{ flex: '180px' }} style={{ maxWidth: 900 }} initialValues={initialValues(coupon, type)} onFinish={submit}>
        <Form.Item name="coupon_type" label={t('promotions.coupon.type')}>
          <Radio.Group disabled={!!coupon} options={COUPON_TYPES.map((value) => ({ value, label: t(`promotions.coupon.types.${value}`) }))} />
        </Form.Item>
        <Form.Item name="title" label={t('promotions.coupon.title')} rules={[{ ...required('title'), whitespace: true }]}>
          <Input maxLength={COUPON_TITLE_MAX} showCount style={{ width: 320 }} />
        </Form.Item>
        <Form.Item name="coupon_threshold_price" label={t('promotions.coupon.threshold')} rules={[required('threshold')]}>
          <InputNumber min={0.01} max={99_999} precision={2} prefix={YUAN} style={{ width: 200 }} />
        </Form.Item>
        <Form.Item
          name="coupon_price"
          label={t('promotions.coupon.price')}
          dependencies={['coupon_threshold_price']}
          rules={[
            required('price'),
            ({ getFieldValue }) => ({
              validator: async (_rule, value: number | null) => {
                const threshold = getFieldValue('coupon_threshold_price') as number | null;
                if (value != null && threshold != null && value >= threshold) throw new Error(localizeMsg(COUPON_MESSAGES.priceBelowThreshold));
              },
            }),
          ]}
        >
          <InputNumber min={0.01} max={99_999} precision={2} prefix={YUAN} style={{ width: 200 }} />
        </Form.Item>
        <Form.Item name="period" label={t('promotions.coupon.period')} rules={[required('period')]} extra={t('promotions.coupon.periodHint')}>
          <DatePicker.RangePicker
            placeholder={[t('promotions.coupon.startTime'), t('promotions.coupon.endTime')]}
            showTime={{ format: 'HH:mm', defaultOpenValue: DAY_BOUNDS }}
            format="YYYY-MM-DD HH:mm"
            disabledDate={(day) => day.isBefore(platformNow(), 'day')}
          />
        </Form.Item>
        {couponType === 'NORMAL' && (
          <Form.Item name="effective_type" label={t('promotions.coupon.effectiveType')}>
            <Radio.Group options={COUPON_EFFECTIVE_TYPES.map((value) => ({ value, label: t(`promotions.coupon.effectiveTypes.${value}`) }))} />
          </Form.Item>
        )}
        {afterReceiving && (
          <Form.Item name="effective_days" label={t('promotions.coupon.effectiveDays')} rules={[required('days')]}>
            <InputNumber min={1} max={COUPON_EFFECTIVE_DAYS_MAX} precision={0} suffix={t('promotions.coupon.days')} style={{ width: 200 }} />
          </Form.Item>
        )}
        <Form.Item name="create_num" label={t('promotions.coupon.createNum')} rules={[required('createNum')]}>
          <InputNumber min={1} max={COUPON_ISSUE_MAX} precision={0} style={{ width: 200 }} />
        </Form.Item>
        <Form.Item
          name="limit_num"
          label={t('promotions.coupon.limitNum')}
          extra={t('promotions.coupon.limitHint')}
          dependencies={['create_num']}
          rules={[
            required('limitNum'),
            ({ getFieldValue }) => ({
              validator: async (_rule, value: number | null) => {
                const issued = getFieldValue('create_num') as number | null;
                if (value != null && issued != null && value > issued) throw new Error(localizeMsg(COUPON_MESSAGES.limitAboveIssued));
              },
            }),
          ]}
        >
          <InputNumber min={0} max={COUPON_ISSUE_MAX} precision={0} style={{ width: 200 }} />
        </Form.Item>
        <Form.Item name="use_scope" label={t('promotions.coupon.scope')}>
          <Radio.Group options={COUPON_SCOPES.map((value) => ({ value, label: t(`promotions.coupon.scopes.${value}`) }))} />
        </Form.Item>
        {scope === 'CATEGORY' && (
          <Form.Item name="category_id" label={t('promotions.coupon.category')} rules={[{ required: true, message: localizeMsg(COUPON_MESSAGES.scopeRequired) }]}>
            <CategoryCascader style={{ width: 320 }} placeholder={t('promotions.coupon.category')} onChange={(id) => form.setFieldValue('category_id', id)} />
          </Form.Item>
        )}
        {scope === 'SOME_GOODS' && (
          <Form.Item
            name="goods"
            label={t('promotions.coupon.goods')}
            rules={[{ validator: async (_rule, rows: GoodsPickerRow[] | undefined) => { if (!rows?.length) throw new Error(localizeMsg(COUPON_MESSAGES.scopeRequired)); } }]}
          >
            <ScopeGoods />
          </Form.Item>
        )}
        <Form.Item name="shop_commission" label={t('promotions.coupon.shopCommission')} extra={t('promotions.coupon.shopCommissionHint')} rules={[required('shopCommission')]}>
          <InputNumber min={0} max={100} precision={0} suffix="%" style={{ width: 200 }} />
        </Form.Item>
        <Form.Item name="activity_description" label={t('promotions.coupon.description')}>
          <Input.TextArea maxLength={COUPON_DESCRIPTION_MAX} showCount autoSize={{ minRows: 2, maxRows: 4 }} />
        </Form.Item>
        <Form.Item label=" " colon={false}>
          <Space>
            <Button type="primary" htmlType="submit" loading={create.isPending || update.isPending}>
              {t('common.actions.save')}
            </Button>
            <Button onClick={back}>{t('common.actions.back')}</Button>
          </Space>
        </Form.Item>
      </Form>
    </Card>
  );
}

/** coupon (new) and couponUpdate (?id=): one form. */
export default function CouponFormPage() {
  const { t } = useTranslation();
  const [search] = useSearchParams();
  const type: CouponType = search.get('coupon_type') === 'NEWCOMER' ? 'NEWCOMER' : 'NORMAL';
  return (
    <EditedRecord
      detail={couponEndpoints.detail}
      notFound={t('promotions.coupon.notFound')}
      listPath={COUPON_LIST_PATH}
      form={(coupon) => (coupon ? <CouponFormCard coupon={coupon} type={coupon.coupon_type} /> : <CouponFormCard type={type} />)}
    />
  );
}
