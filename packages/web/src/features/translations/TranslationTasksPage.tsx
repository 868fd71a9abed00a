import { Alert, Button, Card, Empty, Flex, Form, Progress, Select, Tag, Typography } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { z } from 'zod';
import {
  DEFAULT_LANG,
  LANG_STATES,
  TASK_POLL_MS,
  TRANSLATION_SCOPES,
  TRANSLATION_TASK_SCOPES,
  ROUTE_BY_NAME,
  translationTaskEndpoints,
  type LanguageRow,
  type TranslationScope,
  type TranslationTaskRow,
  type TranslationTaskScope,
  type TranslationTaskStatus,
} from '@agora/contract';
import { FormDialog } from '@/components/FormDialog';
import { formatUnixTime } from '@/components/formatTime';
import { TwoLines } from '@/components/TwoLines';
import { ListTable, type ListColumn } from '@/components/list/ListTable';
import { useListPage } from '@/components/list/useListPage';
import { useCreateTranslationTask, useLanguages } from './queries';

const ui = { create: z.literal('1') };
const STATUS_COLORS: Record<TranslationTaskStatus, string> = { WAIT: 'default', RUNNING: 'processing', DONE: 'success', FAILED: 'error' };
const UNDER_WAY: readonly TranslationTaskStatus[] = ['WAIT', 'RUNNING'];
const FAILURES_PATH = ROUTE_BY_NAME.get('translationFailed')!.path;

function CreateTaskDialog({ targets, onClose }: { targets: LanguageRow[]; onClose(): void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<{ language: number; scope: TranslationScope }>();
  const create = useCreateTranslationTask();
  return (
    <FormDialog<{ language: number; scope: TranslationScope }>
      title={t('translations.tasks.create')}
      form={form}
      pending={create.isPending}
      onClose={onClose}
      initialValues={{ language: targets[0]?.id }}
      onFinish={(values) => create.mutate({ params: { id: values.language }, body: { scope: values.scope } }, { onSuccess: onClose })}
    >
      <Form.Item name="language" label={t('translations.tasks.lang')} rules={[{ required: true, message: t('translations.tasks.langRequired') }]}>
        <Select options={targets.map((language) => ({ value: language.id, label: language.lang }))} />
      </Form.Item>
      <Form.Item name="scope" label={t('translations.tasks.scope')} rules={[{ required: true, message: t('translations.tasks.scopeRequired') }]}>
        <Select options={TRANSLATION_SCOPES.map((scope) => ({ value: scope, label: t(`translations.tasks.scopes.${scope}`) }))} />
      </Form.Item>
    </FormDialog>
  );
}

/** translationTask: the translation tasks and their records, live while any is under way. */
export default function TranslationTasksPage() {
  const { t } = useTranslation();
  const list = useListPage(translationTaskEndpoints.list, {
    ui,
    refetchInterval: (page) => (page?.data.some((row) => UNDER_WAY.includes(row.status)) ? TASK_POLL_MS : false),
  });
  const languages = useLanguages().data ?? [];
  const nameOf = (code: string) => languages.find((language) => language.code === code)?.lang ?? code;
  const targets = languages.filter((language) => language.code !== DEFAULT_LANG && language.enabled !== LANG_STATES.off);

  const columns: ListColumn<TranslationTaskRow>[] = [
    { title: 'ID', dataIndex: 'id', width: 60 },
    { title: t('translations.tasks.lang'), key: 'lang', render: (_v, row) => nameOf(row.lang) },
    { title: t('translations.tasks.scope'), key: 'scope', render: (_v, row) => t(`translations.tasks.scopes.${row.scope}`) },
    {
      title: t('translations.tasks.status'),
      key: 'status',
      render: (_v, row) => (
        <Flex vertical gap={2}>
          <span>
            <Tag color={STATUS_COLORS[row.status]}>{t(`translations.tasks.statuses.${row.status}`)}</Tag>
          </span>
          {row.message && (
            <Typography.Paragraph type="danger" style={{ maxWidth: 150, marginBottom: 0 }} ellipsis={{ rows: 2, tooltip: row.message }}>
              {row.message}
            </Typography.Paragraph>
          )}
        </Flex>
      ),
    },
    { title: t('translations.tasks.progress'), key: 'progress', width: 100, render: (_v, row) => <Progress percent={row.progress} size="small" status={row.status === 'FAILED' ? 'exception' : undefined} /> },
    {
      title: t('translations.tasks.counts'),
      key: 'counts',
      render: (_v, row) => (
        <span>
          {row.success_count} /{' '}
          {row.fail_count > 0 ? <Link to={`${FAILURES_PATH}?task_id=${row.id}`}>{row.fail_count}</Link> : 0} / {row.total}
        </span>
      ),
    },
    { title: t('translations.tasks.operator'), dataIndex: 'operator' },
    {
      title: t('translations.tasks.times'),
      key: 'times',
      render: (_v, row) => <TwoLines first={formatUnixTime(row.create_time)} second={row.finish_time ? formatUnixTime(row.finish_time) : '—'} />,
    },
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
        <Select
          allowClear
          style={{ width: 200 }}
          placeholder={t('translations.tasks.scope')}
          value={list.query.scope}
          onChange={(scope?: TranslationTaskScope) => list.filter({ scope })}
          options={TRANSLATION_TASK_SCOPES.map((scope) => ({ value: scope, label: t(`translations.tasks.scopes.${scope}`) }))}
        />
        <Button type="primary" icon={<PlusOutlined />} disabled={targets.length === 0} onClick={() => list.openUi({ create: '1' })}>
          {t('translations.tasks.create')}
        </Button>
      </Flex>
      <Alert type="info" showIcon title={t('translations.tasks.hint')} style={{ marginBottom: 16 }} />
      <ListTable<TranslationTaskRow> list={list} rowKey="id" columns={columns} emptyText={<Empty description={t('translations.tasks.empty')} />} />
      {list.ui.create && <CreateTaskDialog targets={targets} onClose={list.closeUi} />}
    </Card>
  );
}
