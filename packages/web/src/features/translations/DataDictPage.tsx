import { Alert, Button, Card, Empty, Flex, Form, Input, Select, Space, Tag, Typography } from 'antd';
import { SyncOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { DATA_DICT_GROUPS, DATA_DICT_LIMITS, DEFAULT_LANG, LANG_STATES, dataDictEndpoints, idOf, type DataDictGroup, type DataDictRow, type LanguageRow } from '@agora/contract';
import { FormDialog } from '@/components/FormDialog';
import { KeywordSearch } from '@/components/KeywordSearch';
import { ListTable, type ListColumn } from '@/components/list/ListTable';
import { actionColumn } from '@/components/list/RowActions';
import { useListPage } from '@/components/list/useListPage';
import { useLanguages, useSyncDataDict, useTranslateGoods, useUpdateDataEntry } from './queries';

const ui = { edit: idOf() };

/** The other languages' texts of one entry; an emptied one is removed (buyers then see the source). */
function DataDictDialog({ entry, languages, onClose }: { entry: DataDictRow; languages: LanguageRow[]; onClose(): void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<{ texts: Record<string, string> }>();
  const update = useUpdateDataEntry();
  const others = languages.filter((language) => language.code !== DEFAULT_LANG);
  const sourceLang = languages.find((language) => language.code === DEFAULT_LANG)?.lang ?? DEFAULT_LANG;
  return (
    <FormDialog<{ texts: Record<string, string> }>
      title={t('translations.dataDict.edit')}
      form={form}
      pending={update.isPending}
      width={560}
      onClose={onClose}
      initialValues={{ texts: Object.fromEntries(others.map((language) => [language.code, entry.texts[language.code] ?? ''])) }}
      onFinish={(values) =>
        update.mutate(
          { params: { id: entry.id }, body: { texts: Object.fromEntries(others.map((language) => [language.code, (values.texts?.[language.code] ?? '').trim()])) } },
          { onSuccess: onClose },
        )
      }
    >
      <Form.Item label={t('translations.dataDict.source', { lang: sourceLang })}>
        <Typography.Text>{entry.source}</Typography.Text>
      </Form.Item>
      {others.map((language) => (
        <Form.Item key={language.code} name={['texts', language.code]} label={t('translations.textOf', { lang: language.lang })}>
          <Input.TextArea autoSize={{ minRows: 1, maxRows: 4 }} maxLength={DATA_DICT_LIMITS.text} />
        </Form.Item>
      ))}
    </FormDialog>
  );
}

/** dataDict: business data names (categories, logistics companies, goods) in every switched-on language. */
export default function DataDictPage() {
  const { t } = useTranslation();
  const list = useListPage(dataDictEndpoints.list, { ui });
  const languages = (useLanguages().data ?? []).filter((language) => language.enabled !== LANG_STATES.off);
  const sync = useSyncDataDict();
  const translateGoods = useTranslateGoods();
  const edited = list.ui.edit ? list.rows.find((row) => row.id === list.ui.edit) : undefined;

  const columns: ListColumn<DataDictRow>[] = [
    { title: t('translations.dataDict.group'), key: 'group', render: (_v, row) => t(`translations.dataDict.groups.${row.group_sn}`) },
    { title: t('translations.dataDict.dataKey'), dataIndex: 'data_key' },
    ...languages.map(
      (language): ListColumn<DataDictRow> => ({
        title: language.lang,
        key: `text-${language.code}`,
        render: (_v, row) => (
          <Space size={4} wrap style={{ maxWidth: 260 }}>
            <Typography.Paragraph style={{ maxWidth: 240, marginBottom: 0 }} ellipsis={{ rows: 2, tooltip: row.texts[language.code] }}>
              {row.texts[language.code] ?? '—'}
            </Typography.Paragraph>
            {row.machine.includes(language.code) && <Tag>{t('translations.dataDict.machine')}</Tag>}
          </Space>
        ),
      }),
    ),
    actionColumn<DataDictRow>(t('common.actions.operation'), (row) => [
      { label: t('common.actions.edit'), onClick: () => list.openUi({ edit: row.id }) },
      row.group_sn === 'GOODS' && {
        label: t('translations.dataDict.translate'),
        confirm: t('translations.dataDict.translateConfirm'),
        onClick: () => translateGoods.mutate({ body: { goods_id: row.data_key } }),
      },
    ]),
  ];

  return (
    <Card>
      <Flex wrap gap={12} align="center" style={{ marginBottom: 16 }}>
        <Select
          allowClear
          style={{ width: 200 }}
          placeholder={t('translations.dataDict.group')}
          value={list.query.group_sn}
          onChange={(group_sn?: DataDictGroup) => list.filter({ group_sn })}
          options={DATA_DICT_GROUPS.map((group) => ({ value: group, label: t(`translations.dataDict.groups.${group}`) }))}
        />
        <KeywordSearch value={list.query.keyword} maxLength={DATA_DICT_LIMITS.keyword} placeholder={t('translations.dataDict.keyword')} onSearch={(keyword) => list.filter({ keyword })} />
        <Button icon={<SyncOutlined />} loading={sync.isPending} onClick={() => sync.mutate({})}>
          {t('translations.dataDict.sync')}
        </Button>
      </Flex>
      <Alert type="info" showIcon title={t('translations.dataDict.hint')} style={{ marginBottom: 16 }} />
      <ListTable<DataDictRow> list={list} rowKey="id" columns={columns} emptyText={<Empty description={t('translations.dataDict.empty')} />} />
      {edited && <DataDictDialog key={edited.id} entry={edited} languages={languages} onClose={list.closeUi} />}
    </Card>
  );
}
