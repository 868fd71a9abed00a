import { Button, Card, DatePicker, Flex, Form, Input, InputNumber, Select, Space, Typography } from 'antd';
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import type { Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import {
  SIGN_CYCLE_MAX,
  SIGN_DESCRIPTION_MAX,
  SIGN_REWARD_POINT_MAX,
  SIGN_REWARD_TYPES,
  SIGN_TITLE_MAX,
  signInEndpoints,
  type SignActivityDetail,
  type SignActivityInput,
  type SignRewardType,
} from '@agora/contract';
import { EditedRecord } from '@/components/EditedRecord';
import { formatYuan } from '@/components/formatMoney';
import { fromPickerValue, platformNow, toPickerValue } from '@/components/formatTime';
import { useApi, useApiMutation } from '@/lib/api';
import { formatMinute } from './format';
import { SIGN_ACTIVITY_LIST_PATH } from './paths';

interface RewardForm {
  reward_type: SignRewardType;
  point: number | null;
  coupon_id: number | null;
}

interface SignForm {
  title: string;
  period: [Dayjs, Dayjs] | null;
  rewards: RewardForm[];
  description: string;
}

const initialValues = (activity: SignActivityDetail | undefined): SignForm =>
  activity
    ? {
        title: activity.title,
        period: [toPickerValue(activity.start_time), toPickerValue(activity.end_time)],
        rewards: activity.rewards.map((reward) => ({ reward_type: reward.reward_type, point: reward.point || null, coupon_id: reward.coupon_id })),
        description: activity.description,
      }
    : { title: '', period: null, rewards: [{ reward_type: 'POINT', point: 5, coupon_id: null }], description: '' };

function toBody(values: SignForm): SignActivityInput {
  const [start, end] = values.period ?? [platformNow(), platformNow()];
  return {
    title: values.title.trim(),
    start_time: fromPickerValue(start),
    end_time: fromPickerValue(end),
    rewards: values.rewards.map((reward) => ({ reward_type: reward.reward_type, point: reward.reward_type === 'POINT' ? (reward.point ?? 0) : 0, coupon_id: reward.reward_type === 'COUPON' ? reward.coupon_id : null })),
    description: values.description?.trim() ?? '',
  };
}

function SignFormCard({ activity }: { activity?: SignActivityDetail }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [form] = Form.useForm<SignForm>();
  const coupons = useApi(signInEndpoints.coupons, {});
  const create = useApiMutation(signInEndpoints.create, { success: 'points.sign.saved' });
  const update = useApiMutation(signInEndpoints.update, { success: 'points.sign.saved' });
  const rewards = Form.useWatch('rewards', form) ?? [];
  const back = () => navigate(SIGN_ACTIVITY_LIST_PATH);
  const submit = (values: SignForm) => {
    const body = toBody(values);
    if (activity) update.mutate({ params: { id: activity.activity_id }, body }, { onSuccess: back });
    else create.mutate({ body }, { onSuccess: back });
  };
  const couponOptions = (coupons.data ?? []).map((coupon) => ({
    value: coupon.coupon_id,
    label: t('points.sign.couponOption', { title: coupon.title, price: formatYuan(coupon.coupon_price), threshold: formatYuan(coupon.coupon_threshold_price), end: formatMinute(coupon.end_time) }),
  }));

  return (
    <Card title={t(activity ? 'points.sign.editTitle' : 'points.sign.addTitle')} extra={<Button onClick={back}>{t('common.actions.back')}</Button>}>
      <Form<SignForm> form={form} layout="horizontal" labelCol={{ flex: '160px' }} style={{ maxWidth: 900 }} initialValues={initialValues(activity)} onFinish={submit}>
        <Form.Item name="title" label={t('points.sign.title')} rules={[{ required: true, whitespace: true, message: t('points.sign.titleRequired') }]}>
          <Input maxLength={SIGN_TITLE_MAX} showCount style={{ width: 320 }} />
        </Form.Item>
        <Form.Item name="period" label={t('points.sign.period')} rules={[{ required: true, message: t('points.sign.periodRequired') }]} extra={t('points.sign.periodHint')}>
          <DatePicker.RangePicker showTime={{ format: 'HH:mm' }} format="YYYY-MM-DD HH:mm" disabledDate={(day) => day.isBefore(platformNow(), 'day')} />
        </Form.Item>
        <Form.Item label={t('points.sign.rewards')} extra={t('points.sign.rewardsHint')} required>
          <Form.List name="rewards">
            {(fields, { add, remove }) => (
              <Flex vertical gap={8}>
                {fields.map((field, index) => (
                  <Space key={field.key} align="start" wrap>
                    <Typography.Text style={{ display: 'inline-block', minWidth: 72, lineHeight: '32px' }}>{t('points.sign.dayN', { day: index + 1 })}</Typography.Text>
                    <Form.Item name={[field.name, 'reward_type']} noStyle>
                      <Select style={{ width: 120 }} options={SIGN_REWARD_TYPES.map((type) => ({ value: type, label: t(`points.sign.rewardTypes.${type}`) }))} />
                    </Form.Item>
                    {rewards[index]?.reward_type === 'COUPON' ? (
                      <Form.Item name={[field.name, 'coupon_id']} rules={[{ required: true, message: t('points.sign.couponRequired') }]} style={{ marginBottom: 0 }}>
                        <Select style={{ width: 360 }} options={couponOptions} loading={coupons.isLoading} placeholder={t('points.sign.couponRequired')} showSearch optionFilterProp="label" />
                      </Form.Item>
                    ) : (
                      <Form.Item name={[field.name, 'point']} rules={[{ required: true, message: t('points.sign.pointRequired') }]} style={{ marginBottom: 0 }}>
                        <InputNumber min={1} max={SIGN_REWARD_POINT_MAX} precision={0} suffix={t('points.sign.pointUnit')} style={{ width: 160 }} />
                      </Form.Item>
                    )}
                    {fields.length > 1 && <Button type="text" danger icon={<DeleteOutlined />} aria-label={t('common.actions.delete')} onClick={() => remove(field.name)} />}
                  </Space>
                ))}
                {fields.length < SIGN_CYCLE_MAX && (
                  <Button type="dashed" icon={<PlusOutlined />} style={{ width: 200 }} onClick={() => add({ reward_type: 'POINT', point: 5, coupon_id: null })}>
                    {t('points.sign.addDay')}
                  </Button>
                )}
              </Flex>
            )}
          </Form.List>
        </Form.Item>
        <Form.Item name="description" label={t('points.sign.description')}>
          <Input.TextArea maxLength={SIGN_DESCRIPTION_MAX} showCount rows={4} />
        </Form.Item>
        <Form.Item label=" " colon={false}>
          <Space>
            <Button type="primary" htmlType="submit" loading={create.isPending || update.isPending}>
              {t('common.actions.save')}
            </Button>
            <Button onClick={back}>{t('common.actions.cancel')}</Button>
          </Space>
        </Form.Item>
      </Form>
    </Card>
  );
}

/** activity: adds a sign-in activity, or edits the one named by ?id while it waits. */
export default function SignActivityFormPage() {
  const { t } = useTranslation();
  return <EditedRecord detail={signInEndpoints.detail} notFound={t('points.sign.notFound')} listPath={SIGN_ACTIVITY_LIST_PATH} form={(activity) => <SignFormCard activity={activity} />} />;
}
