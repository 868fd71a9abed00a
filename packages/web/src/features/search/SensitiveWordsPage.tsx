import { Button, Card, Empty, Flex, Form, Input, Typography } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { SEARCH_LIMITS, sensitiveWordBody, sensitiveWordEndpoints, type SensitiveWordRow } from '@agora/contract';
import { FormDialog } from '@/components/FormDialog';
import { KeywordSearch } from '@/components/KeywordSearch';
import { formatUnixTime } from '@/components/formatTime';
import { ListTable, type ListColumn } from '@/components/list/ListTable';
import { actionColumn } from '@/components/list/RowActions';
import { useListPage } from '@/components/list/useListPage';
import { zodRule } from '@/components/zodRule';
import { useApiMutation } from '@/lib/api';

const ui = { dialog: z.enum(['add']) };

function AddWordDialog({ onClose }: { onClose(): void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<{ word_name: string }>();
  const create = useApiMutation(sensitiveWordEndpoints.create, { success: 'search.sensitive.added' });
  return (
    <FormDialog title={t('search.sensitive.add')} form={form} pending={create.isPending} onClose={onClose} initialValues={{ word_name: '' }} onFinish={(body) => create.mutate({ body }, { onSuccess: onClose })}>
      <Form.Item name="word_name" label={t('search.sensitive.word')} extra={t('search.sensitive.hint')} rules={[zodRule(sensitiveWordBody.shape.word_name)]}>
        <Input maxLength={SEARCH_LIMITS.sensitiveWord} autoFocus />
      </Form.Item>
    </FormDialog>
  );
}

/** sensitiveWords: words replaced with * in goods names, comments, replies and answers (never refused); no edit, delete is soft. */
export default function SensitiveWordsPage() {
  const { t } = useTranslation();
  const list = useListPage(sensitiveWordEndpoints.list, { ui });
  const remove = useApiMutation(sensitiveWordEndpoints.remove, { success: 'search.deleted' });
  const columns: ListColumn<SensitiveWordRow>[] = [
    { title: t('search.sensitive.word'), dataIndex: 'word_name', render: (word: string) => <Typography.Text strong>{word}</Typography.Text> },
    { title: t('search.createTime'), dataIndex: 'create_time', render: formatUnixTime },
    actionColumn<SensitiveWordRow>(t('common.actions.operation'), (row) => [
      { label: t('common.actions.delete'), danger: true, confirm: t('search.confirmDelete', { name: row.word_name }), onClick: () => remove.mutate({ params: { id: row.id } }, { onSuccess: () => list.removed(1) }) },
    ]),
  ];
  return (
    <Card>
      <Flex wrap gap={12} align="center" style={{ marginBottom: 16 }}>
        <KeywordSearch value={list.query.keyword} maxLength={SEARCH_LIMITS.keyword} placeholder={t('search.sensitive.word')} onSearch={(keyword) => list.filter({ keyword })} />
        <Button type="primary" icon={<PlusOutlined />} onClick={() => list.openUi({ dialog: 'add' })}>
          {t('search.sensitive.add')}
        </Button>
        <Typography.Text type="secondary">{t('search.sensitive.hint')}</Typography.Text>
      </Flex>
      <ListTable<SensitiveWordRow> list={list} rowKey="id" columns={columns} emptyText={<Empty description={t('search.sensitive.empty')} />} />
      {list.ui.dialog === 'add' && <AddWordDialog onClose={list.closeUi} />}
    </Card>
  );
}
