import { useState } from 'react';
import { Button, Card, Empty, Flex, Form, Input, Radio, Segmented, Table, Tabs, Tag, Typography } from 'antd';
import { SendOutlined } from '@ant-design/icons';
import type { ColumnsType } from 'antd/es/table';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import {
  SITE_MESSAGE_LIMITS,
  messageTemplateEndpoints,
  siteMessageBody,
  siteMessageEndpoints,
  type MemberPickerRow,
  type MessageChannel,
  type MessageTemplateRow,
  type SiteMessageRow,
} from '@agora/contract';
import { formatUnixTime } from '@/components/formatTime';
import { FormDialog } from '@/components/FormDialog';
import { ListTable, type ListColumn } from '@/components/list/ListTable';
import { actionColumn } from '@/components/list/RowActions';
import { useListPage } from '@/components/list/useListPage';
import { MemberPicker } from '@/components/pickers/MemberPicker';
import { zodRules } from '@/components/zodRule';
import { useApi, useApiMutation } from '@/lib/api';
import { ChannelDialog, stateOf } from './ChannelDialog';

const CHANNELS: MessageChannel[] = ['notice', 'sms', 'email'];
const ui = {
  tab: z.enum(['messages', 'templates']),
  type: z.enum(['MEMBER', 'SHOP']),
  send: z.coerce.number().int(),
  edit: z.coerce.number().int().positive(),
  channel: z.enum(['notice', 'sms', 'email']),
};

interface SendForm {
  title: string;
  content: string;
  send_type: 0 | 1;
}

function SendDialog({ onClose }: { onClose(): void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<SendForm>();
  const [chosen, setChosen] = useState<MemberPickerRow[]>([]);
  const [picking, setPicking] = useState(false);
  const [missing, setMissing] = useState(false);
  const sendType = Form.useWatch('send_type', form);
  const send = useApiMutation(siteMessageEndpoints.send, { success: (sent) => (sent.task ? 'notices.site.queued' : 'notices.site.sent') });
  const shape = siteMessageBody.shape;
  return (
    <FormDialog<SendForm>
      width={600}
      title={t('notices.site.send')}
      okText={t('common.actions.send')}
      form={form}
      pending={send.isPending}
      onClose={onClose}
      initialValues={{ title: '', content: '', send_type: 1 }}
      onFinish={(values) => {
        if (values.send_type === 1 && chosen.length === 0) {
          setMissing(true);
          return;
        }
        send.mutate({ body: { ...values, ...(values.send_type === 1 ? { member_ids: chosen.map((row) => row.member_id) } : {}) } }, { onSuccess: onClose });
      }}
    >
      <Form.Item name="title" label={t('notices.site.title')} rules={zodRules(shape.title)}>
        <Input maxLength={SITE_MESSAGE_LIMITS.title} showCount autoFocus />
      </Form.Item>
      <Form.Item name="content" label={t('notices.site.content')} rules={zodRules(shape.content)}>
        <Input.TextArea rows={4} maxLength={SITE_MESSAGE_LIMITS.content} showCount />
      </Form.Item>
      <Form.Item name="send_type" label={t('notices.site.sendType')}>
        <Radio.Group options={[{ value: 1, label: t('notices.site.type1') }, { value: 0, label: t('notices.site.type0') }]} />
      </Form.Item>
      {sendType === 1 && (
        <Form.Item label={t('notices.site.members')} required validateStatus={missing ? 'error' : undefined} help={missing ? '请选择会员' : undefined}>
          <Flex wrap gap={6} align="center">
            {chosen.map((row) => (
              <Tag key={row.member_id} closable onClose={() => setChosen(chosen.filter((other) => other.member_id !== row.member_id))}>
                {row.uname}
              </Tag>
            ))}
            <Button size="small" onClick={() => setPicking(true)}>
              {t('notices.site.pick')}
            </Button>
          </Flex>
        </Form.Item>
      )}
      {sendType === 0 && <Typography.Paragraph type="secondary">{t('notices.site.everyoneHint')}</Typography.Paragraph>}
      <MemberPicker
        open={picking}
        limit={SITE_MESSAGE_LIMITS.members}
        value={chosen}
        onConfirm={(rows) => {
          setChosen(rows);
          setPicking(false);
          setMissing(rows.length === 0);
        }}
        onCancel={() => setPicking(false)}
      />
    </FormDialog>
  );
}

function TemplateTable({ type, onEdit }: { type: 'MEMBER' | 'SHOP'; onEdit(row: MessageTemplateRow, channel: MessageChannel): void }) {
  const { t } = useTranslation();
  const templates = useApi(messageTemplateEndpoints.list, { query: { type } });
  const columns: ColumnsType<MessageTemplateRow> = [
    { title: t('notices.templates.name'), dataIndex: 'tpl_name', render: (name: string, row) => <Typography.Text strong title={row.tpl_code}>{name}</Typography.Text> },
    ...CHANNELS.map((channel) => ({
      title: t(`notices.channels.${channel}`),
      key: channel,
      width: 110,
      render: (_v: unknown, row: MessageTemplateRow) =>
        stateOf(row, channel) === 'OPEN' ? <Tag color="green">{t('notices.templates.on')}</Tag> : <Tag>{t('notices.templates.off')}</Tag>,
    })),
    actionColumn<MessageTemplateRow>(t('common.actions.operation'), (row) => CHANNELS.map((channel) => ({ label: t(`notices.channels.${channel}`), onClick: () => onEdit(row, channel) }))),
  ];
  return <Table<MessageTemplateRow> rowKey="id" columns={columns} dataSource={templates.data ?? []} loading={templates.isLoading} pagination={false} size="middle" />;
}

/** stationMessage: the site messages sent to members, and the templates each business event speaks through. */
export default function StationMessagePage() {
  const { t } = useTranslation();
  const list = useListPage(siteMessageEndpoints.list, { ui });
  const { tab = 'messages', type = 'MEMBER', send, edit, channel } = list.ui;
  const templates = useApi(messageTemplateEndpoints.list, {});
  const edited = edit && channel ? templates.data?.find((row) => row.id === edit) : undefined;

  const columns: ListColumn<SiteMessageRow>[] = [
    { title: t('notices.site.title'), dataIndex: 'title', render: (title: string) => <Typography.Text strong>{title}</Typography.Text> },
    { title: t('notices.site.content'), dataIndex: 'content', render: (content: string) => <Typography.Paragraph style={{ margin: 0, maxWidth: 260 }} ellipsis={{ rows: 2, tooltip: true }}>{content}</Typography.Paragraph> },
    {
      title: t('notices.site.sendType'),
      key: 'send_type',
      render: (_v, row) =>
        row.send_type === 0 ? (
          t('notices.site.type0')
        ) : (
          <Typography.Text ellipsis={{ tooltip: row.member_names.join('、') }} style={{ maxWidth: 160 }}>
            {`${t('notices.site.type1')}：${row.member_names.join('、')}`}
          </Typography.Text>
        ),
    },
    {
      title: t('notices.site.reached'),
      key: 'status',
      render: (_v, row) => (row.status === 'SENDING' ? <Tag color="processing">{t('notices.site.sending', { count: row.sent_count })}</Tag> : t('notices.site.reachedCount', { count: row.sent_count })),
    },
    { title: t('notices.site.admin'), dataIndex: 'admin_name' },
    { title: t('notices.site.sendTime'), dataIndex: 'send_time', render: formatUnixTime },
  ];

  return (
    <Card>
      <Tabs
        activeKey={tab}
        onChange={(key) => list.openUi({ tab: key as 'messages' | 'templates' })}
        items={[
          {
            key: 'messages',
            label: t('notices.site.tab'),
            children: (
              <>
                <Flex gap={12} style={{ marginBottom: 16 }}>
                  <Button type="primary" icon={<SendOutlined />} onClick={() => list.openUi({ send: 1 })}>
                    {t('notices.site.send')}
                  </Button>
                </Flex>
                <ListTable<SiteMessageRow> list={list} rowKey="id" columns={columns} emptyText={<Empty description={t('notices.site.empty')} />} />
              </>
            ),
          },
          {
            key: 'templates',
            label: t('notices.templates.tab'),
            children: (
              <>
                <Segmented
                  style={{ marginBottom: 16 }}
                  value={type}
                  onChange={(value) => list.openUi({ tab: 'templates', type: value as 'MEMBER' | 'SHOP' })}
                  options={[
                    { value: 'MEMBER', label: t('notices.templates.member') },
                    { value: 'SHOP', label: t('notices.templates.shop') },
                  ]}
                />
                <TemplateTable type={type} onEdit={(row, picked) => list.openUi({ tab: 'templates', type, edit: row.id, channel: picked })} />
              </>
            ),
          },
        ]}
      />
      {send === 1 && <SendDialog onClose={list.closeUi} />}
      {edited && channel && <ChannelDialog key={`${edited.id}-${channel}`} template={edited} channel={channel} onClose={() => list.openUi({ edit: undefined, channel: undefined })} />}
    </Card>
  );
}
