import { Alert, Button, Card, Col, DatePicker, Descriptions, Flex, Form, Input, Result, Row, Select, Space, Spin, Tag } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router-dom';
import { PASSWORD_PATTERN, memberEndpoints as members, type MemberDetail, type RegionSelection } from '@agora/contract';
import { formatUnixTime } from '@/components/formatTime';
import { ImageUpload } from '@/components/ImageUpload';
import { CountryRegionPicker, useRegionSelectionRule } from '@/components/regions';
import { useApiMutation } from '@/lib/api';
import { hashPassword } from '@/lib/auth';
import { msg } from '@/lib/locale';
import { usePermissions } from '@/lib/permissions';
import { MEMBER_LIST_PATH, memberTopUpPath } from './MemberCell';
import { formatYuan } from '@/components/formatMoney';
import { MemberContactFields } from './MemberContactFields';
import { MemberLedger } from './MemberLedger';
import { useMember, useMemberLevels } from './queries';

interface EditForm {
  face: string;
  nickname: string;
  mobile: string;
  email: string;
  sex: 0 | 1;
  birthday: Dayjs | null;
  level_id: number | null;
  region_selection: RegionSelection | null;
  address: string;
  tel: string;
  remark: string;
  password?: string;
  rep_password?: string;
}

function initialValues(member: MemberDetail): EditForm {
  return {
    face: member.face,
    nickname: member.nickname,
    mobile: member.mobile,
    email: member.email,
    sex: member.sex,
    birthday: member.birthday ? dayjs(member.birthday) : null,
    level_id: member.level_id,
    region_selection: member.region_selection,
    address: member.address,
    tel: member.tel,
    remark: member.remark,
  };
}

function MemberEditForm({ member }: { member: MemberDetail }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { hasPermission } = usePermissions();
  const [form] = Form.useForm<EditForm>();
  const regionRule = useRegionSelectionRule({ required: false });
  const levels = useMemberLevels();
  const update = useApiMutation(members.update, { success: (_member, { body }) => (body.password ? 'members.messages.passwordReset' : 'members.messages.updated') });

  const save = (values: EditForm) => {
    const { rep_password: _repeat, password, birthday, region_selection, ...rest } = values;
    // No country chosen: cleared by the operator, or an older member's typed region left as it is.
    const region = region_selection?.country_code ? region_selection : form.isFieldTouched('region_selection') ? null : undefined;
    update.mutate(
      {
        params: { id: member.member_id },
        body: { ...rest, region_selection: region, birthday: birthday ? birthday.format('YYYY-MM-DD') : null, password: password ? hashPassword(password) : undefined },
      },
      { onSuccess: () => form.setFieldsValue({ password: undefined, rep_password: undefined }) },
    );
  };

  return (
    <Form<EditForm> form={form} layout="horizontal" labelCol={{ flex: '110px' }} initialValues={initialValues(member)} onFinish={save}>
      <Row gutter={24}>
        <Col xs={24} xl={12}>
          <Form.Item label={t('members.form.uname')}>
            <strong>{member.uname}</strong> <Tag>{t('members.hints.unameFixed')}</Tag>
          </Form.Item>
          <Form.Item name="face" label={t('members.form.face')}>
            <ImageUpload scene="member" />
          </Form.Item>
          <MemberContactFields />
          <Form.Item name="birthday" label={t('members.form.birthday')}>
            <DatePicker disabledDate={(date) => date.isAfter(dayjs())} />
          </Form.Item>
        </Col>
        <Col xs={24} xl={12}>
          <Form.Item name="level_id" label={t('members.form.level')}>
            <Select allowClear loading={levels.isPending} options={levels.data?.map((level) => ({ value: level.level_id, label: level.level_name }))} />
          </Form.Item>
          <Form.Item
            name="region_selection"
            label={t('members.form.region')}
            rules={[regionRule]}
            extra={!member.region_selection && member.region ? t('members.hints.regionLegacy', { region: member.region }) : undefined}
          >
            <CountryRegionPicker />
          </Form.Item>
          <Form.Item name="address" label={t('members.form.address')}>
            <Input maxLength={200} />
          </Form.Item>
          <Form.Item name="tel" label={t('members.form.tel')}>
            <Input maxLength={30} />
          </Form.Item>
          <Form.Item name="remark" label={t('members.form.remark')}>
            <Input.TextArea maxLength={200} showCount autoSize={{ minRows: 2, maxRows: 4 }} />
          </Form.Item>
          <Form.Item name="password" label={t('members.form.newPassword')} extra={t('members.hints.passwordReset')} rules={[{ pattern: PASSWORD_PATTERN, message: msg('passwordRule') }]}>
            <Input.Password maxLength={20} autoComplete="new-password" placeholder={msg('passwordRule')} />
          </Form.Item>
          <Form.Item
            name="rep_password"
            label={t('members.form.repeatPassword')}
            dependencies={['password']}
            rules={[
              ({ getFieldValue }) => ({
                validator: async (_rule, value?: string) => {
                  const password = getFieldValue('password') as string | undefined;
                  if (password && !value) throw new Error(msg('confirmPasswordRequired'));
                  if (password && value !== password) throw new Error(msg('passwordMismatch'));
                },
              }),
            ]}
          >
            <Input.Password maxLength={20} autoComplete="new-password" />
          </Form.Item>
        </Col>
      </Row>
      <Flex gap={12} justify="center">
        <Button type="primary" htmlType="submit" loading={update.isPending}>
          {t('common.actions.save')}
        </Button>
        {hasPermission('memberTopUp') && member.disabled === 0 && <Button onClick={() => navigate(memberTopUpPath(member.member_id))}>{t('members.actions.topUp')}</Button>}
        <Button onClick={() => navigate(MEMBER_LIST_PATH)}>{t('common.actions.back')}</Button>
      </Flex>
    </Form>
  );
}

/** edit/{id}: the member's full profile (the full mobile only here) and its balance and point history. */
export default function MemberEditPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const id = Number(useParams().id);
  const member = useMember(Number.isSafeInteger(id) ? id : 0);

  if (member.isError || !(id > 0)) {
    return (
      <Card>
        <Result status="warning" title={t('members.notFound')} extra={<Button onClick={() => navigate(MEMBER_LIST_PATH)}>{t('common.actions.back')}</Button>} />
      </Card>
    );
  }
  if (!member.data) return <Spin style={{ display: 'block', padding: 64 }} />;
  const detail = member.data;

  return (
    <Space orientation="vertical" size={16} style={{ width: '100%' }}>
      {detail.disabled === -1 && <Alert type="warning" showIcon title={t('members.hints.inRecycleBin')} />}
      <Card title={t('members.edit.profile')}>
        <Descriptions size="small" column={{ xs: 1, md: 2, xl: 4 }} style={{ marginBottom: 24 }}>
          <Descriptions.Item label={t('members.columns.balance')}>{formatYuan(detail.balance)}</Descriptions.Item>
          <Descriptions.Item label={t('members.columns.points')}>{detail.consum_point}</Descriptions.Item>
          <Descriptions.Item label={t('members.edit.gradePoint')}>{detail.grade_point}</Descriptions.Item>
          <Descriptions.Item label={t('members.columns.level')}>{detail.level_name || '—'}</Descriptions.Item>
          <Descriptions.Item label={t('members.columns.created')}>{formatUnixTime(detail.create_time)}</Descriptions.Item>
          <Descriptions.Item label={t('members.columns.lastLogin')}>{formatUnixTime(detail.last_login)}</Descriptions.Item>
          <Descriptions.Item label={t('members.columns.loginCount')}>{detail.login_count}</Descriptions.Item>
          <Descriptions.Item label={t('members.columns.source')}>
            {t(`members.source.${detail.register_source}`, { defaultValue: detail.register_source })} {detail.register_ip && `(${detail.register_ip})`}
          </Descriptions.Item>
        </Descriptions>
        <MemberEditForm key={detail.member_id} member={detail} />
      </Card>
      <Card title={t('members.ledger.title')}>
        <MemberLedger memberId={detail.member_id} />
      </Card>
    </Space>
  );
}
