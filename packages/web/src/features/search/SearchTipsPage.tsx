import { Button, Card, Empty, Flex, Form, Input, InputNumber, Select, Tag, Typography } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { SEARCH_LIMITS, SEARCH_TIP_TYPES, idOf, searchTipBody, searchTipEndpoints, type SearchTipRow, type SearchTipType } from '@agora/contract';
import { FormDialog } from '@/components/FormDialog';
import { KeywordSearch } from '@/components/KeywordSearch';
import { formatUnixTime } from '@/components/formatTime';
import { ListTable, type ListColumn } from '@/components/list/ListTable';
import { actionColumn } from '@/components/list/RowActions';
import { useListPage } from '@/components/list/useListPage';
import { zodRule } from '@/components/zodRule';
import { useApiMutation } from '@/lib/api';

const ui = { dialog: z.enum(['add']), words: idOf(), sorting: idOf() };

function AddTipDialog({ onClose }: { onClose(): void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<{ words: string; sort: number }>();
  const create = useApiMutation(searchTipEndpoints.create, { success: 'search.saved' });
  return (
    <FormDialog title={t('search.tips.add')} form={form} pending={create.isPending} onClose={onClose} initialValues={{ words: '', sort: 0 }} onFinish={(body) => create.mutate({ body: { words: body.words, sort: body.sort ?? 0 } }, { onSuccess: onClose })}>
      <Form.Item name="words" label={t('search.tips.words')} rules={[zodRule(searchTipBody.shape.words)]}>
        <Input maxLength={SEARCH_LIMITS.tipWords} showCount autoFocus />
      </Form.Item>
      <Form.Item name="sort" label={t('search.sort')} extra={t('search.sortHint')} rules={[zodRule(searchTipBody.shape.sort)]}>
        <InputNumber min={0} max={SEARCH_LIMITS.sortMax} precision={0} style={{ width: '100%' }} />
      </Form.Item>
    </FormDialog>
  );
}

function WordsDialog({ tip, onClose }: { tip: SearchTipRow; onClose(): void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<{ words: string }>();
  const save = useApiMutation(searchTipEndpoints.words, { success: 'search.saved' });
  return (
    <FormDialog title={t('search.tips.editWords')} form={form} pending={save.isPending} onClose={onClose} initialValues={{ words: tip.words }} onFinish={(body) => save.mutate({ params: { id: tip.id }, body }, { onSuccess: onClose })}>
      <Form.Item name="words" label={t('search.tips.words')} rules={[zodRule(searchTipBody.shape.words)]}>
        <Input maxLength={SEARCH_LIMITS.tipWords} showCount autoFocus />
      </Form.Item>
    </FormDialog>
  );
}

function SortDialog({ tip, onClose }: { tip: SearchTipRow; onClose(): void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<{ sort: number }>();
  const save = useApiMutation(searchTipEndpoints.sort, { success: 'search.saved' });
  return (
    <FormDialog title={t('search.tips.editSort')} form={form} pending={save.isPending} onClose={onClose} initialValues={{ sort: tip.sort }} onFinish={(body) => save.mutate({ params: { id: tip.id }, body: { sort: body.sort ?? 0 } }, { onSuccess: onClose })}>
      <Form.Item name="sort" label={t('search.sort')} extra={t('search.sortHint')} rules={[zodRule(searchTipBody.shape.sort)]}>
        <InputNumber min={0} max={SEARCH_LIMITS.sortMax} precision={0} style={{ width: '100%' }} autoFocus />
      </Form.Item>
    </FormDialog>
  );
}

/** searchTips: suggestions under the search box; system ones come from the goods index, custom ones from operators. */
export default function SearchTipsPage() {
  const { t } = useTranslation();
  const list = useListPage(searchTipEndpoints.list, { ui });
  const remove = useApiMutation(searchTipEndpoints.remove, { success: 'search.deleted' });
  const find = (id: number | undefined) => (id === undefined ? undefined : list.rows.find((row) => row.id === id));
  const wordsOf = find(list.ui.words);
  const sortOf = find(list.ui.sorting);
  const columns: ListColumn<SearchTipRow>[] = [
    { title: t('search.tips.words'), dataIndex: 'words', render: (words: string) => <Typography.Text strong>{words}</Typography.Text> },
    { title: t('search.tips.type'), dataIndex: 'type', render: (type: SearchTipType) => <Tag color={type === 'SYSTEM' ? 'blue' : 'green'}>{t(`search.tips.types.${type}`)}</Tag> },
    { title: t('search.tips.goodsNum'), dataIndex: 'goods_num' },
    { title: t('search.sort'), dataIndex: 'sort', sortKey: 'sort' },
    { title: t('search.createTime'), dataIndex: 'create_time', render: formatUnixTime },
    actionColumn<SearchTipRow>(t('common.actions.operation'), (row) => [
      { label: t('common.actions.edit'), onClick: () => list.openUi({ words: row.id }) },
      { label: t('search.tips.editSort'), onClick: () => list.openUi({ sorting: row.id }) },
      { label: t('common.actions.delete'), danger: true, confirm: t('search.confirmDelete', { name: row.words }), onClick: () => remove.mutate({ params: { id: row.id } }, { onSuccess: () => list.removed(1) }) },
    ]),
  ];
  return (
    <Card>
      <Flex wrap gap={12} style={{ marginBottom: 16 }}>
        <KeywordSearch value={list.query.keyword} maxLength={SEARCH_LIMITS.keyword} placeholder={t('search.tips.words')} onSearch={(keyword) => list.filter({ keyword })} />
        <Select<SearchTipType>
          allowClear
          style={{ width: 160 }}
          placeholder={t('search.tips.type')}
          value={list.query.type}
          onChange={(type) => list.filter({ type })}
          options={SEARCH_TIP_TYPES.map((type) => ({ value: type, label: t(`search.tips.types.${type}`) }))}
        />
        <Button type="primary" icon={<PlusOutlined />} onClick={() => list.openUi({ dialog: 'add' })}>
          {t('search.tips.add')}
        </Button>
      </Flex>
      <ListTable<SearchTipRow> list={list} rowKey="id" columns={columns} emptyText={<Empty description={t('search.tips.empty')} />} />
      {list.ui.dialog === 'add' && <AddTipDialog onClose={list.closeUi} />}
      {wordsOf && <WordsDialog key={wordsOf.id} tip={wordsOf} onClose={list.closeUi} />}
      {sortOf && <SortDialog key={sortOf.id} tip={sortOf} onClose={list.closeUi} />}
    </Card>
  );
}
