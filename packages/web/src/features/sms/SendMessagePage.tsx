import { useState } from 'react';
import { Button, Card, DatePicker, Flex, Form, Input, Progress, Radio, Select, Space, Tag, Typography } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import type { Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { z } from 'zod';
import {
  ROUTE_BY_NAME,
  smsEndpoints,
  SMS_RECIPIENT_TYPES,
  SMS_SEND_TYPES,
  SMS_TASK_STATES,
  TASK_POLL_MS,
  type MemberPickerRow,
  type SmsRecipientType,
  type SmsSendType,
  type SmsTaskRow,
  type SmsTaskState,
} from '@agora/contract';
import { formatUnixTime, fromPickerValue, platformNow } from '@/components/formatTime';
import { FormDialog } from '@/components/FormDialog';
import { ListTable, type ListColumn } from '@/components/list/ListTable';
import { actionColumn } from '@/components/list/RowActions';
import { useListPage } from '@/components/list/useListPage';
import { MemberPicker } from '@/components/pickers/MemberPicker';
import { useApi, useApiMutation } from '@/lib/api';
import { OneLine, TaskTag } from './SmsTags';

const ui = { add: z.coerce.number().int() };

interface TaskForm {
  sign_id: number;
  template_id: number;
  send_type: SmsSendType;
  send_time?: Dayjs;
  recipient_type: SmsRecipientType;
  mobiles?: string;
}

function TaskDialog({ onClose }: { onClose(): void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<TaskForm>();
  const [chosen, setChosen] = useState<MemberPickerRow[]>([]);
  const [picking, setPicking] = useState(false);
  const signs = useApi(smsEndpoints.signs, { query: { audit_status: 'PASS', page_size: 100 } });
  const templates = useApi(smsEndpoints.templates, { query: { audit_status: 'PASS', enable_status: 1, page_size: 100 } });
  const add = useApiMutation(smsEndpoints.addTask, { success: 'sms.tasks.createdToast' });
  const sendType = Form.useWatch('send_type', form);
  const recipientType = Form.useWatch('recipient_type', form);
  const templateId = Form.useWatch('template_id', form);
  const preview = templates.data?.data.find((row) => row.id === templateId)?.content;

  return (
    <FormDialog<TaskForm>
      width={620}
      title={t('sms.tasks.add')}
      form={form}
      pending={add.isPending}
      onClose={onClose}
      initialValues={{ send_type: 'QUICKLY', recipient_type: 'MOBILE' }}
      onFinish={(values) =>
        add.mutate(
          {
            body: {
              sign_id: values.sign_id,
              template_id: values.template_id,
              send_type: values.send_type,
              send_time: values.send_type === 'TIMING' && values.send_time ? fromPickerValue(values.send_time) : undefined,
              recipient_type: values.recipient_type,
              member_ids: values.recipient_type === 'MEMBER' ? chosen.map((member) => member.member_id) : [],
              mobiles: values.recipient_type === 'MOBILE' ? values.mobiles ?? '' : '',
            },
          },
          { onSuccess: onClose },
        )
      }
    >
      <Form.Item name="sign_id" label={t('sms.tasks.sign')} rules={[{ required: true, message: '请选择短信签名' }]}>
        <Select loading={signs.isLoading} placeholder={t('sms.tasks.signHint')} options={signs.data?.data.map((row) => ({ value: row.id, label: row.sign_name }))} />
      </Form.Item>
      <Form.Item name="template_id" label={t('sms.tasks.template')} rules={[{ required: true, message: '请选择短信模板' }]} extra={preview}>
        <Select
          loading={templates.isLoading}
          placeholder={t('sms.tasks.templateHint')}
          options={templates.data?.data.map((row) => ({ value: row.id, label: `${row.template_name}（${t(`sms.templateType.${row.template_type}`)}）` }))}
        />
      </Form.Item>
      <Form.Item name="send_type" label={t('sms.tasks.sendType')}>
        <Radio.Group options={SMS_SEND_TYPES.map((value) => ({ value, label: t(`sms.sendType.${value}`) }))} />
      </Form.Item>
      {sendType === 'TIMING' && (
        <Form.Item name="send_time" label={t('sms.tasks.sendTime')} rules={[{ required: true, message: '定时发送须选择晚于现在的发送时间' }]}>
          <DatePicker showTime format="YYYY-MM-DD HH:mm" disabledDate={(date) => date.isBefore(platformNow().startOf('day'))} style={{ width: '100%' }} />
        </Form.Item>
      )}
      <Form.Item name="recipient_type" label={t('sms.tasks.recipients')}>
        <Radio.Group options={SMS_RECIPIENT_TYPES.map((value) => ({ value, label: t(`sms.recipientType.${value}`) }))} />
      </Form.Item>
      {recipientType === 'MOBILE' ? (
        <Form.Item name="mobiles" label={t('sms.tasks.mobiles')} rules={[{ required: true, message: '请填写接收短信的手机号码' }]} extra={t('sms.tasks.mobilesHint')}>
          <Input.TextArea rows={4} placeholder="13800000001, 13800000002" />
        </Form.Item>
      ) : (
        <Form.Item label={t('sms.tasks.members')} required>
          <Space wrap>
            {chosen.map((member) => (
              <Tag key={member.member_id} closable onClose={() => setChosen(chosen.filter((row) => row.member_id !== member.member_id))}>
                {member.uname}
              </Tag>
            ))}
            <Button size="small" onClick={() => setPicking(true)}>
              {t('sms.tasks.chooseMembers')}
            </Button>
          </Space>
          <MemberPicker open={picking} value={chosen} onConfirm={(rows) => (setChosen(rows), setPicking(false))} onCancel={() => setPicking(false)} />
        </Form.Item>
      )}
    </FormDialog>
  );
}

/** sendMessage (发送短信): send tasks, now or timed, with their live progress; a task not yet started may be recalled. */
export default function SendMessagePage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const list = useListPage(smsEndpoints.tasks, { ui });
  const recall = useApiMutation(smsEndpoints.recallTask, { success: 'sms.tasks.recalled' });
  const running = list.rows.filter((row) => row.status === 'STARTED').map((row) => row.id);
  const progress = useApi(smsEndpoints.progress, { query: { ids: running.join(',') } }, { enabled: running.length > 0, refetchInterval: TASK_POLL_MS });
  const live = (row: SmsTaskRow) => ({ ...row, ...progress.data?.find((entry) => entry.id === row.id) });
  const records = ROUTE_BY_NAME.get('checkMessage')!.path;

  const columns: ListColumn<SmsTaskRow>[] = [
    { title: t('sms.tasks.content'), dataIndex: 'content', render: (text: string) => <OneLine text={text} width={280} /> },
    { title: t('sms.tasks.sendType'), key: 'send', width: 170, render: (_v, row) => (row.send_time ? `${t('sms.sendType.TIMING')} ${formatUnixTime(row.send_time)}` : `${t('sms.sendType.QUICKLY')} ${formatUnixTime(row.create_time)}`) },
    { title: t('sms.tasks.recipients'), dataIndex: 'recipient_type', width: 100, render: (type: SmsRecipientType) => t(`sms.recipientType.${type}`) },
    {
      title: t('sms.tasks.progress'),
      key: 'progress',
      width: 150,
      render: (_v, row) => {
        const now = live(row);
        const done = now.success_count + now.fail_count;
        return (
          <Space orientation="vertical" size={0} style={{ width: '100%' }}>
            <Progress size="small" percent={now.total ? Math.round((done * 100) / now.total) : 0} status={now.status === 'STARTED' ? 'active' : undefined} />
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              {t('sms.tasks.counts', { success: now.success_count, fail: now.fail_count, total: now.total })}
            </Typography.Text>
          </Space>
        );
      },
    },
    { title: t('sms.tasks.status'), dataIndex: 'status', width: 100, render: (_s, row) => <TaskTag status={live(row).status} /> },
    actionColumn<SmsTaskRow>(t('common.actions.operation'), (row) => [
      { label: t('sms.tasks.records'), onClick: () => navigate(`${records}?task_id=${row.id}`) },
      row.status === 'NOT_STARTED' && { label: t('sms.tasks.recall'), danger: true, confirm: t('sms.tasks.confirmRecall'), onClick: () => recall.mutate({ params: { id: row.id } }) },
    ]),
  ];

  return (
    <Card>
      <Flex wrap gap={8} style={{ marginBottom: 16 }}>
        <Button type="primary" icon={<PlusOutlined />} onClick={() => list.openUi({ add: 1 })}>
          {t('sms.tasks.add')}
        </Button>
        <Select
          allowClear
          style={{ width: 160 }}
          placeholder={t('sms.tasks.statusAll')}
          value={list.query.status}
          onChange={(status?: SmsTaskState) => list.filter({ status })}
          options={SMS_TASK_STATES.map((value) => ({ value, label: t(`sms.taskStatus.${value}`) }))}
        />
      </Flex>
      <ListTable<SmsTaskRow> list={list} rowKey="id" columns={columns} emptyText={t('sms.tasks.empty')} />
      {list.ui.add === 1 && <TaskDialog onClose={list.closeUi} />}
    </Card>
  );
}
