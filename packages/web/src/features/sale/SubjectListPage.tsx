import { Button, Card, Flex, Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { complaintTopicBody, complaintTopicEndpoints, idOf, type ComplaintTopicRow } from '@agora/contract';
import { FormDialog, saveWith } from '@/components/FormDialog';
import { formatUnixTime } from '@/components/formatTime';
import { ListTable, type ListColumn } from '@/components/list/ListTable';
import { actionColumn } from '@/components/list/RowActions';
import { useListPage } from '@/components/list/useListPage';
import { zodRule } from '@/components/zodRule';
import { Capped } from './labels';
import { useCreateTopic, useDeleteTopic, useUpdateTopic } from './queries';

/** The open dialog in the URL: a new subject, or the one edited (by id). */
const ui = { edit: z.union([z.literal('new'), idOf()]) };

interface TopicForm {
  topic_name: string;
  topic_remark: string;
}

function TopicDialog({ topic, onClose }: { topic: ComplaintTopicRow | null; onClose(): void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<TopicForm>();
  const { pending, save } = saveWith(useCreateTopic(), useUpdateTopic());
  return (
    <FormDialog<TopicForm>
      title={t(topic ? 'sale.topics.edit' : 'sale.topics.add')}
      form={form}
      pending={pending}
      onClose={onClose}
      initialValues={{ topic_name: topic?.topic_name ?? '', topic_remark: topic?.topic_remark ?? '' }}
      onFinish={(values) => save(topic?.topic_id, { topic_name: values.topic_name.trim(), topic_remark: (values.topic_remark ?? '').trim() }, onClose)}
    >
      <Form.Item name="topic_name" label={t('sale.topics.name')} rules={[{ required: true, whitespace: true, message: t('sale.topics.nameRequired') }, zodRule(complaintTopicBody.shape.topic_name)]}>
        <Input maxLength={30} autoFocus />
      </Form.Item>
      <Form.Item name="topic_remark" label={t('sale.topics.remark')} rules={[zodRule(complaintTopicBody.shape.topic_remark)]}>
        <Input.TextArea rows={3} maxLength={100} showCount />
      </Form.Item>
    </FormDialog>
  );
}

/** Complaint subjects (DOMAIN §2.7): what a buyer picks when filing; names are unique. */
export default function SubjectListPage() {
  const { t } = useTranslation();
  const list = useListPage(complaintTopicEndpoints.list, { ui });
  const remove = useDeleteTopic();
  const { edit } = list.ui;
  const edited = typeof edit === 'number' ? list.rows.find((row) => row.topic_id === edit) : undefined;

  const columns: ListColumn<ComplaintTopicRow>[] = [
    { title: t('sale.topics.name'), dataIndex: 'topic_name' },
    { title: t('sale.topics.remark'), dataIndex: 'topic_remark', render: (remark: string) => <Capped text={remark} width={420} /> },
    { title: t('sale.topics.time'), dataIndex: 'create_time', render: formatUnixTime },
    actionColumn<ComplaintTopicRow>(t('common.actions.operation'), (topic) => [
      { label: t('common.actions.edit'), onClick: () => list.openUi({ edit: topic.topic_id }) },
      {
        label: t('common.actions.delete'),
        danger: true,
        confirm: t('sale.topics.confirmDelete'),
        onClick: () => remove.mutate({ params: { id: topic.topic_id } }, { onSuccess: () => list.removed(1) }),
      },
    ]),
  ];

  return (
    <Card>
      <Flex gap={12} style={{ marginBottom: 16 }}>
        <Button type="primary" onClick={() => list.openUi({ edit: 'new' })}>
          {t('sale.topics.add')}
        </Button>
      </Flex>
      <ListTable<ComplaintTopicRow> list={list} rowKey="topic_id" columns={columns} emptyText={t('sale.topics.empty')} />
      {edit === 'new' && <TopicDialog topic={null} onClose={list.closeUi} />}
      {edited && <TopicDialog key={edited.topic_id} topic={edited} onClose={list.closeUi} />}
    </Card>
  );
}
