import { Alert, Button, Card, Empty, Flex, Select, Space, Tag, Typography } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { LANG_STATES, UI_DICT_KINDS, UI_DICT_LIMITS, idOf, uiDictEndpoints, type LanguageRow, type UiDictRow } from '@agora/contract';
import { ExportButton } from '@/components/ExportButton';
import { ImportButton } from '@/components/ImportButton';
import { KeywordSearch } from '@/components/KeywordSearch';
import { ListTable, type ListColumn } from '@/components/list/ListTable';
import { actionColumn } from '@/components/list/RowActions';
import { useListPage } from '@/components/list/useListPage';
import { UiDictDialog } from './UiDictDialog';
import { useDeleteUiKey, useLanguages } from './queries';

const ui = { edit: z.union([z.literal('new'), idOf()]) };
const IMPORT_NOTES = ['note1', 'note2', 'note3', 'note4'] as const;

/** uiDict: the console's texts, one row per key with each switched-on language's text side by side. */
export default function UiDictPage() {
  const { t } = useTranslation();
  const list = useListPage(uiDictEndpoints.list, { ui });
  const languages: LanguageRow[] = (useLanguages().data ?? []).filter((language) => language.enabled !== LANG_STATES.off);
  const remove = useDeleteUiKey();
  const { edit } = list.ui;
  const edited = typeof edit === 'number' ? list.rows.find((row) => row.id === edit) : undefined;

  const columns: ListColumn<UiDictRow>[] = [
    {
      title: t('translations.key'),
      key: 'key',
      render: (_v, row) => (
        <Space size={4} wrap style={{ maxWidth: 280 }}>
          <Typography.Text code style={{ wordBreak: 'break-all' }}>
            {row.key}
          </Typography.Text>
          <Tag>{row.shipped ? t('translations.shipped') : t('translations.custom')}</Tag>
          {row.edited.length > 0 && <Tag color="orange">{t('translations.edited')}</Tag>}
        </Space>
      ),
    },
    { title: t('translations.kind'), key: 'kind', render: (_v, row) => t(`translations.kinds.${row.kind}`) },
    ...languages.map(
      (language): ListColumn<UiDictRow> => ({
        title: language.lang,
        key: `text-${language.code}`,
        render: (_v, row) => (
          <Typography.Paragraph style={{ maxWidth: 240, marginBottom: 0 }} ellipsis={{ rows: 3, tooltip: row.texts[language.code] }} type={row.edited.includes(language.code) ? 'warning' : undefined}>
            {row.texts[language.code] ?? '—'}
          </Typography.Paragraph>
        ),
      }),
    ),
    actionColumn<UiDictRow>(t('common.actions.operation'), (row) => [
      { label: t('common.actions.edit'), onClick: () => list.openUi({ edit: row.id }) },
      {
        label: t('common.actions.delete'),
        danger: true,
        disabledReason: row.shipped ? t('translations.shippedNotDeletable') : undefined,
        confirm: t('translations.confirmDelete', { key: row.key }),
        onClick: () => remove.mutate({ params: { id: row.id } }, { onSuccess: () => list.removed(1) }),
      },
    ]),
  ];

  return (
    <Card>
      <Flex wrap gap={12} align="center" style={{ marginBottom: 16 }}>
        <KeywordSearch value={list.query.keyword} maxLength={UI_DICT_LIMITS.keyword} placeholder={t('translations.keyword')} onSearch={(keyword) => list.filter({ keyword })} />
        <Select
          allowClear
          style={{ width: 200 }}
          placeholder={t('translations.kind')}
          value={list.query.kind}
          onChange={(kind?: UiDictRow['kind']) => list.filter({ kind })}
          options={UI_DICT_KINDS.map((kind) => ({ value: kind, label: t(`translations.kinds.${kind}`) }))}
        />
        <Button type="primary" icon={<PlusOutlined />} onClick={() => list.openUi({ edit: 'new' })}>
          {t('translations.add')}
        </Button>
        <Space style={{ marginLeft: 'auto' }}>
          <ImportButton endpoint={uiDictEndpoints.import} title={t('translations.import.title')} notes={IMPORT_NOTES.map((note) => t(`translations.import.${note}`))} />
          <ExportButton endpoint={uiDictEndpoints.export} query={list.query} />
        </Space>
      </Flex>
      <Alert type="info" showIcon title={t('translations.reloadHint')} style={{ marginBottom: 16 }} />
      <ListTable<UiDictRow> list={list} rowKey="id" columns={columns} emptyText={<Empty description={t('translations.empty')} />} />
      {edit === 'new' && <UiDictDialog entry={null} languages={languages} onClose={list.closeUi} />}
      {edited && <UiDictDialog key={edited.id} entry={edited} languages={languages} onClose={list.closeUi} />}
    </Card>
  );
}
