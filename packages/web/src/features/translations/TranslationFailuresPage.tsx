import { Button, Card, Empty, Flex, Select, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { DEFAULT_LANG, translationTaskEndpoints, type TranslationFailureRow } from '@agora/contract';
import { formatUnixTime } from '@/components/formatTime';
import { ListTable, type ListColumn } from '@/components/list/ListTable';
import { actionColumn } from '@/components/list/RowActions';
import { useListPage } from '@/components/list/useListPage';
import { useRowSelection } from '@/components/list/useRowSelection';
import { useLanguages, useRetranslate } from './queries';

/** translationFailed: the items tasks could not translate; "translate again" starts a retry task for them. */
export default function TranslationFailuresPage() {
  const { t } = useTranslation();
  const list = useListPage(translationTaskEndpoints.failures);
  const selection = useRowSelection(list);
  const retry = useRetranslate();
  const languages = useLanguages().data ?? [];
  const nameOf = (code: string) => languages.find((language) => language.code === code)?.lang ?? code;

  const translateAgain = (ids: number[]) =>
    retry.mutate(
      { body: { ids } },
      {
        onSuccess: () => {
          selection.drop(ids);
          list.removed(ids.length);
        },
      },
    );

  const columns: ListColumn<TranslationFailureRow>[] = [
    { title: t('translations.failures.taskId'), dataIndex: 'task_id' },
    { title: t('translations.tasks.lang'), key: 'lang', render: (_v, row) => nameOf(row.lang) },
    { title: t('translations.tasks.scope'), key: 'scope', render: (_v, row) => t(`translations.tasks.scopes.${row.scope}`) },
    {
      title: t('translations.failures.ref'),
      key: 'ref',
      render: (_v, row) => (
        <Typography.Text code style={{ wordBreak: 'break-all', maxWidth: 140, display: 'inline-block' }}>
          {row.ref}
        </Typography.Text>
      ),
    },
    {
      title: t('translations.failures.source'),
      key: 'source',
      render: (_v, row) => (
        <Typography.Paragraph style={{ maxWidth: 160, marginBottom: 0 }} ellipsis={{ rows: 2, tooltip: row.source }}>
          {row.source}
        </Typography.Paragraph>
      ),
    },
    {
      title: t('translations.failures.reason'),
      key: 'reason',
      render: (_v, row) => (
        <Typography.Paragraph type="danger" style={{ maxWidth: 180, marginBottom: 0 }} ellipsis={{ rows: 2, tooltip: row.reason }}>
          {row.reason}
        </Typography.Paragraph>
      ),
    },
    { title: t('translations.failures.createTime'), dataIndex: 'create_time', render: formatUnixTime },
    actionColumn<TranslationFailureRow>(t('common.actions.operation'), (row) => [{ label: t('translations.failures.retry'), onClick: () => translateAgain([row.id]) }]),
  ];

  return (
    <Card>
      <Flex wrap gap={12} align="center" style={{ marginBottom: 16 }}>
        <Select
          allowClear
          style={{ width: 180 }}
          placeholder={t('translations.tasks.lang')}
          value={list.query.lang}
          onChange={(lang?: string) => list.filter({ lang })}
          options={languages.filter((language) => language.code !== DEFAULT_LANG).map((language) => ({ value: language.code, label: language.lang }))}
        />
        {list.query.task_id && (
          <Button onClick={() => list.filter({ task_id: undefined })}>
            {t('translations.failures.task')} #{list.query.task_id} ✕
          </Button>
        )}
        <Button type="primary" disabled={selection.selected.length === 0} loading={retry.isPending} onClick={() => translateAgain(selection.selected)}>
          {t('translations.failures.retrySelected', { count: selection.selected.length })}
        </Button>
      </Flex>
      <ListTable<TranslationFailureRow>
        list={list}
        rowKey="id"
        columns={columns}
        emptyText={<Empty description={t('translations.failures.empty')} />}
        rowSelection={{ selectedRowKeys: selection.selected, onChange: selection.onChange }}
      />
    </Card>
  );
}
