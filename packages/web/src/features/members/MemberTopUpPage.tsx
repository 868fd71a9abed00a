import { useState } from 'react';
import { Alert, Button, Card, Col, Descriptions, Empty, Form, Input, InputNumber, Radio, Row, Select, Space, Spin, Statistic, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { MAX_ADJUST_MONEY, MAX_ADJUST_POINT, depositAdjustBody, memberEndpoints as members, pointAdjustBody, type MemberDetail } from '@agora/contract';
import { useTwoStep } from '@/components/TwoStepDialog';
import { useDebouncedValue } from '@/components/useDebouncedValue';
import { zodRule } from '@/components/zodRule';
import { useApi, useApiMutation } from '@/lib/api';
import { modal } from '@/lib/feedback';
import { usePermissions } from '@/lib/permissions';
import { MEMBER_LIST_PATH, MemberCell, formatSigned, memberEditPath } from './MemberCell';
import { formatYuan, YUAN } from '@/components/formatMoney';
import { MemberLedger, useLedgerTab } from './MemberLedger';
import { useMember } from './queries';

type Kind = 'balance' | 'point';

interface AdjustForm {
  kind: Kind;
  amount: number | null;
  reason: string;
}

function AdjustCard({ member }: { member: MemberDetail }) {
  const { t } = useTranslation();
  const [, showLedger] = useLedgerTab();
  const [form] = Form.useForm<AdjustForm>();
  const kind = Form.useWatch('kind', form) ?? 'balance';
  const wallet = useApi(members.wallet, { params: { member_id: member.member_id } });
  // 428 opens the second-step dialog; once it passes the same request goes again.
  const { attempt, dialog } = useTwoStep();
  const balance = useApiMutation(members.adjustBalance, { success: 'members.topUp.balanceDone' });
  const points = useApiMutation(members.adjustPoints, { success: 'members.topUp.pointDone' });
  const recycled = member.disabled === -1;

  const send = ({ kind: chosen, amount, reason }: { kind: Kind; amount: number; reason: string }) => {
    const params = { member_id: member.member_id };
    const done = () => {
      form.setFieldsValue({ amount: null, reason: '' });
      showLedger(chosen);
    };
    if (chosen === 'balance') attempt(() => balance.mutateAsync({ params, body: { money: amount, reason } }), done);
    else attempt(() => points.mutateAsync({ params, body: { point: amount, reason } }), done);
  };

  // Money leaves or enters a wallet: say what is about to happen and ask first.
  const confirm = (values: AdjustForm) => {
    const amount = values.amount ?? 0;
    const reason = values.reason.trim();
    const change = formatSigned(amount, values.kind === 'balance');
    modal().confirm({
      title: t('members.topUp.confirmTitle'),
      content: t(values.kind === 'balance' ? 'members.topUp.confirmBalance' : 'members.topUp.confirmPoint', { name: member.uname, change }),
      okText: t('common.actions.confirm'),
      cancelText: t('common.actions.cancel'),
      okButtonProps: { danger: amount < 0 },
      onOk: () => void send({ kind: values.kind, amount, reason }),
    });
  };

  return (
    <Card title={t('members.topUp.title')}>
      <Row gutter={[24, 16]} style={{ marginBottom: 24 }}>
        <Col xs={24} md={8}>
          <Statistic title={t('members.topUp.balance')} value={wallet.data ? formatYuan(wallet.data.balance) : '—'} loading={wallet.isPending} />
        </Col>
        <Col xs={12} md={8}>
          <Statistic title={t('members.topUp.consumPoint')} value={wallet.data?.consum_point ?? '—'} loading={wallet.isPending} />
        </Col>
        <Col xs={12} md={8}>
          <Statistic title={t('members.topUp.gradePoint')} value={wallet.data?.grade_point ?? '—'} loading={wallet.isPending} />
        </Col>
      </Row>
      {recycled && <Alert type="warning" showIcon style={{ marginBottom: 16 }} title={t('members.topUp.recycled')} />}
      <Form<AdjustForm>
        form={form}
        layout="horizontal"
        labelCol={{ flex: '110px' }}
        style={{ maxWidth: 640 }}
        initialValues={{ kind: 'balance', amount: null, reason: '' }}
        disabled={recycled}
        onFinish={confirm}
      >
        <Form.Item name="kind" label={t('members.topUp.kind')}>
          <Radio.Group
            optionType="button"
            onChange={() => form.setFieldsValue({ amount: null })}
            options={[
              { value: 'balance', label: t('members.topUp.kindBalance') },
              { value: 'point', label: t('members.topUp.kindPoint') },
            ]}
          />
        </Form.Item>
        <Form.Item
          key={kind}
          name="amount"
          label={t(kind === 'balance' ? 'members.topUp.money' : 'members.topUp.point')}
          extra={t(kind === 'balance' ? 'members.topUp.moneyHint' : 'members.topUp.pointHint', { max: kind === 'balance' ? MAX_ADJUST_MONEY : MAX_ADJUST_POINT })}
          rules={[
            { required: true, message: t(kind === 'balance' ? 'members.topUp.moneyRequired' : 'members.topUp.pointRequired') },
            zodRule(kind === 'balance' ? depositAdjustBody.shape.money : pointAdjustBody.shape.point),
          ]}
        >
          <InputNumber
            style={{ width: 240 }}
            precision={kind === 'balance' ? 2 : 0}
            prefix={kind === 'balance' ? YUAN : undefined}
            min={kind === 'balance' ? -MAX_ADJUST_MONEY : -MAX_ADJUST_POINT}
            max={kind === 'balance' ? MAX_ADJUST_MONEY : MAX_ADJUST_POINT}
            placeholder={t('members.topUp.amountPlaceholder')}
          />
        </Form.Item>
        <Form.Item name="reason" label={t('members.topUp.reason')} rules={[{ required: true, whitespace: true, message: t('members.topUp.reasonRequired') }, zodRule(depositAdjustBody.shape.reason)]}>
          <Input.TextArea maxLength={100} showCount autoSize={{ minRows: 2, maxRows: 4 }} placeholder={t('members.topUp.reasonPlaceholder')} />
        </Form.Item>
        <Form.Item label=" " colon={false}>
          <Button type="primary" htmlType="submit" loading={balance.isPending || points.isPending}>
            {t('members.topUp.submit')}
          </Button>
        </Form.Item>
      </Form>
      {dialog}
    </Card>
  );
}

/** Finds the member to adjust by name, mobile or nickname (members in the recycle bin cannot be adjusted). */
function MemberSearch({ onPick }: { onPick: (id: number) => void }) {
  const { t } = useTranslation();
  const [typed, setTyped] = useState('');
  const keyword = useDebouncedValue(typed.trim());
  const found = useApi(members.list, { query: { page_no: 1, page_size: 20, disabled: 0, keyword: keyword || undefined } });
  return (
    <Select<number>
      showSearch={{ filterOption: false, onSearch: setTyped }}
      value={null}
      style={{ width: 320 }}
      placeholder={t('members.topUp.search')}
      loading={found.isFetching}
      notFoundContent={found.isFetching ? <Spin size="small" /> : undefined}
      onChange={(id) => {
        setTyped('');
        onPick(id);
      }}
      options={found.data?.data.map((member) => ({ value: member.member_id, label: `${member.uname}（${member.nickname || '—'}，${member.mobile}）` }))}
    />
  );
}

/** member-top-up?member_id=: adjust a member's pre-deposit or points behind second-step verification. */
export default function MemberTopUpPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [search, setSearch] = useSearchParams();
  const { hasPermission } = usePermissions();
  const raw = Number(search.get('member_id') ?? 0);
  const memberId = Number.isSafeInteger(raw) && raw > 0 ? raw : 0;
  const member = useMember(memberId);
  const pick = (id: number) => setSearch(new URLSearchParams({ member_id: String(id) }));
  const searchBar = <MemberSearch onPick={pick} />;

  if (!(memberId > 0) || member.isError) {
    return (
      <Card title={t('members.topUp.pickTitle')} extra={searchBar}>
        <Empty
          description={t(memberId > 0 ? 'members.notFound' : 'members.topUp.pickMember')}
          style={{ padding: 48 }}
        >
          {hasPermission('memberList') && <Button onClick={() => navigate(MEMBER_LIST_PATH)}>{t('members.topUp.toList')}</Button>}
        </Empty>
      </Card>
    );
  }
  if (!member.data) return <Spin style={{ display: 'block', padding: 64 }} />;
  const detail = member.data;

  return (
    <Space orientation="vertical" size={16} style={{ width: '100%' }}>
      <Card title={t('members.columns.member')} extra={searchBar}>
        <Descriptions size="small" column={{ xs: 1, md: 2, xl: 4 }} title={<MemberCell member={detail} />}>
          <Descriptions.Item label={t('members.form.mobile')}>{detail.mobile}</Descriptions.Item>
          <Descriptions.Item label={t('members.columns.level')}>{detail.level_name || '—'}</Descriptions.Item>
          <Descriptions.Item label={t('members.columns.email')}>{detail.email || '—'}</Descriptions.Item>
          <Descriptions.Item label={t('members.columns.status')}>
            {detail.disabled === -1 ? <Tag color="red">{t('members.status.recycled')}</Tag> : <Tag color="green">{t('members.status.normal')}</Tag>}
          </Descriptions.Item>
        </Descriptions>
        {hasPermission('memberEdit') && (
          <Button type="link" style={{ paddingLeft: 0 }} onClick={() => navigate(memberEditPath(detail.member_id))}>
            {t('members.topUp.viewMember')}
          </Button>
        )}
      </Card>
      <AdjustCard key={detail.member_id} member={detail} />
      <Card title={t('members.ledger.title')}>
        <MemberLedger memberId={detail.member_id} />
      </Card>
    </Space>
  );
}
