import { Button, Card, Empty, Flex, Form, Input, InputNumber, Typography } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { SEARCH_LIMITS, hotKeywordBody, hotKeywordEndpoints, idOf, type HotKeywordRow } from '@agora/contract';
import { FormDialog, saveWith } from '@/components/FormDialog';
import { KeywordSearch } from '@/components/KeywordSearch';
import { ListTable, type ListColumn } from '@/components/list/ListTable';
import { actionColumn } from '@/components/list/RowActions';
import { useListPage } from '@/components/list/useListPage';
import { zodRule } from '@/components/zodRule';
import { useApiMutation } from '@/lib/api';

const ui = { edit: z.union([z.literal('new'), idOf()]) };

function HotKeywordDialog({ row, onClose }: { row: HotKeywordRow | null; onClose(): void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<{ hot_name: string; sort: number }>();
  const { pending, save } = saveWith(useApiMutation(hotKeywordEndpoints.create, { success: 'search.saved' }), useApiMutation(hotKeywordEndpoints.update, { success: 'search.saved' }));
  return (
    <FormDialog
      title={row ? t('search.hot.edit') : t('search.hot.add')}
      form={form}
      pending={pending}
      onClose={onClose}
      initialValues={{ hot_name: row?.hot_name ?? '', sort: row?.sort ?? 0 }}
      onFinish={(values) => save(row?.id, { hot_name: values.hot_name, sort: values.sort ?? 0 }, onClose)}
    >
      <Form.Item name="hot_name" label={t('search.hot.name')} rules={[zodRule(hotKeywordBody.shape.hot_name)]}>
        <Input maxLength={SEARCH_LIMITS.hotName} autoFocus />
      </Form.Item>
      <Form.Item name="sort" label={t('search.sort')} extra={t('search.sortHint')} rules={[zodRule(hotKeywordBody.shape.sort)]}>
        <InputNumber min={0} max={SEARCH_LIMITS.sortMax} precision={0} style={{ width: '100%' }} />
      </Form.Item>
    </FormDialog>
  );
}

/** hotKeyword: the words under the buyer's search box, smallest sort first. */
export default function HotKeywordPage() {
  const { t } = useTranslation();
  const list = useListPage(hotKeywordEndpoints.list, { ui });
  const remove = useApiMutation(hotKeywordEndpoints.remove, { success: 'search.deleted' });
  const { edit } = list.ui;
  const edited = typeof edit === 'number' ? list.rows.find((row) => row.id === edit) : undefined;
  const columns: ListColumn<HotKeywordRow>[] = [
    { title: t('search.hot.name'), dataIndex: 'hot_name', render: (name: string) => <Typography.Text strong>{name}</Typography.Text> },
    { title: t('search.sort'), dataIndex: 'sort', sortKey: 'sort' },
    actionColumn<HotKeywordRow>(t('common.actions.operation'), (row) => [
      { label: t('common.actions.edit'), onClick: () => list.openUi({ edit: row.id }) },
      { label: t('common.actions.delete'), danger: true, confirm: t('search.confirmDelete', { name: row.hot_name }), onClick: () => remove.mutate({ params: { id: row.id } }, { onSuccess: () => list.removed(1) }) },
    ]),
  ];
  return (
    <Card>
      <Flex wrap gap={12} style={{ marginBottom: 16 }}>
        <KeywordSearch value={list.query.keyword} maxLength={SEARCH_LIMITS.keyword} placeholder={t('search.hot.name')} onSearch={(keyword) => list.filter({ keyword })} />
        <Button type="primary" icon={<PlusOutlined />} onClick={() => list.openUi({ edit: 'new' })}>
          {t('search.hot.add')}
        </Button>
      </Flex>
      <ListTable<HotKeywordRow> list={list} rowKey="id" columns={columns} emptyText={<Empty description={t('search.hot.empty')} />} />
      {edit === 'new' && <HotKeywordDialog row={null} onClose={list.closeUi} />}
      {edited && <HotKeywordDialog key={edited.id} row={edited} onClose={list.closeUi} />}
    </Card>
  );
}
