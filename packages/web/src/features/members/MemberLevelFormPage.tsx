import { Button, Card, Flex, Form, Input, InputNumber, Result, Space, Spin, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router-dom';
import { MAX_LEVEL_POINT, levelRange, memberEndpoints as members, memberLevelBody, type MemberLevelInput, type MemberLevelRow } from '@agora/contract';
import { ImageUpload } from '@/components/ImageUpload';
import { serverFieldErrors } from '@/components/serverFieldErrors';
import { zodRule } from '@/components/zodRule';
import { useApi, useApiMutation } from '@/lib/api';
import { MEMBER_LEVEL_PATH } from './MemberCell';
import { useMemberLevels } from './queries';

/** The form holds exactly what the server takes (contract memberLevelBody). */
type LevelForm = MemberLevelInput;

const fields = memberLevelBody.shape;
const NEW_LEVEL: LevelForm = { level_name: '', level_icon: '', benefit_ratio: 100, allocation_ratio: 0, min_point: 0, max_point: null, description: '' };

function LevelFormCard({ level }: { level?: MemberLevelRow }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [form] = Form.useForm<LevelForm>();
  const levels = useMemberLevels();
  const create = useApiMutation(members.createLevel, { success: 'members.levels.created' });
  const update = useApiMutation(members.updateLevel, { success: 'members.levels.updated' });
  const others = levels.data?.filter((other) => other.level_id !== level?.level_id) ?? [];

  // An overlapping range or a taken name: the server says which; the form keeps what was typed.
  const submit = (values: LevelForm) => {
    const body = { ...values, level_name: values.level_name.trim(), description: values.description?.trim() ?? '', max_point: values.max_point ?? null };
    const back = {
      onSuccess: () => navigate(MEMBER_LEVEL_PATH),
      onError: serverFieldErrors(form, { LEVEL_NAME_TAKEN: ['level_name'], LEVEL_RANGE_OVERLAP: ['min_point', 'max_point'] }),
    };
    if (level) update.mutate({ params: { id: level.level_id }, body }, back);
    else create.mutate({ body }, back);
  };

  return (
    <Card
      title={t(level ? 'members.levels.editTitle' : 'members.levels.addTitle')}
      extra={level && <Typography.Text type="secondary">{t('members.levels.memberCount', { count: level.member_count })}</Typography.Text>}
    >
      <Form<LevelForm> form={form} layout="horizontal" labelCol={{ flex: '140px' }} style={{ maxWidth: 720 }} initialValues={level ?? NEW_LEVEL} onFinish={submit}>
        <Form.Item name="level_name" label={t('members.levels.name')} rules={[{ required: true, whitespace: true, message: t('members.levels.nameRequired') }, zodRule(fields.level_name)]}>
          <Input maxLength={20} />
        </Form.Item>
        <Form.Item name="level_icon" label={t('members.levels.icon')}>
          <ImageUpload scene="member-level" />
        </Form.Item>
        <Form.Item label={t('members.levels.range')} required extra={t('members.levels.rangeHint')}>
          <Space.Compact>
            <Form.Item name="min_point" noStyle rules={[{ required: true, message: t('members.levels.minRequired') }]}>
              <InputNumber min={0} max={MAX_LEVEL_POINT} precision={0} style={{ width: 160 }} placeholder={t('members.levels.min')} aria-label={t('members.levels.min')} />
            </Form.Item>
            <Form.Item
              name="max_point"
              noStyle
              dependencies={['min_point']}
              rules={[
                ({ getFieldValue }) => ({
                  validator: async (_rule, value: number | null | undefined) => {
                    const min = getFieldValue('min_point') as number | null;
                    if (value !== null && value !== undefined && min !== null && value <= min) throw new Error(t('members.levels.maxAboveMin'));
                  },
                }),
              ]}
            >
              <InputNumber min={1} max={MAX_LEVEL_POINT} precision={0} style={{ width: 160 }} placeholder={t('members.levels.max')} aria-label={t('members.levels.max')} />
            </Form.Item>
          </Space.Compact>
        </Form.Item>
        <Form.Item name="benefit_ratio" label={t('members.levels.benefit')} extra={t('members.levels.benefitHint')} rules={[{ required: true, message: t('members.levels.benefitRequired') }]}>
          <InputNumber min={1} max={100} precision={0} suffix="%" style={{ width: 160 }} />
        </Form.Item>
        <Form.Item name="allocation_ratio" label={t('members.levels.allocation')} extra={t('members.levels.allocationHint')}>
          <InputNumber min={0} max={100} precision={0} suffix="%" style={{ width: 160 }} />
        </Form.Item>
        <Form.Item name="description" label={t('members.levels.description')}>
          <Input.TextArea maxLength={200} showCount autoSize={{ minRows: 2, maxRows: 4 }} />
        </Form.Item>
        {others.length > 0 && (
          <Form.Item label={t('members.levels.others')}>
            <Flex wrap gap={8}>
              {others.map((other) => (
                <Tag key={other.level_id}>
                  {other.level_name}: {levelRange(other)}
                </Tag>
              ))}
            </Flex>
          </Form.Item>
        )}
        <Form.Item label=" " colon={false}>
          <Space>
            <Button type="primary" htmlType="submit" loading={create.isPending || update.isPending}>
              {t('common.actions.save')}
            </Button>
            <Button onClick={() => navigate(MEMBER_LEVEL_PATH)}>{t('common.actions.back')}</Button>
          </Space>
        </Form.Item>
      </Form>
    </Card>
  );
}

/** member-level-add and member-level-edit/{id}: one form. */
export default function MemberLevelFormPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const raw = useParams().id;
  const id = raw === undefined ? 0 : Number(raw);
  const level = useApi(members.level, { params: { id } }, { enabled: Number.isSafeInteger(id) && id > 0, placeholderData: undefined });

  if (raw === undefined) return <LevelFormCard />;
  if (level.isError || !(id > 0)) {
    return (
      <Card>
        <Result status="warning" title={t('members.levels.notFound')} extra={<Button onClick={() => navigate(MEMBER_LEVEL_PATH)}>{t('common.actions.back')}</Button>} />
      </Card>
    );
  }
  if (!level.data) return <Spin style={{ display: 'block', padding: 64 }} />;
  return <LevelFormCard key={level.data.level_id} level={level.data} />;
}
