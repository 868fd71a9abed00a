import { useEffect, useRef } from 'react';
import { Button, Card, Flex, Popconfirm, Progress, Select, Space, Switch, Table, Tag, Typography, Upload } from 'antd';
import { DownloadOutlined, UploadOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { TASK_POLL_MS, TASK_STATUSES, taskEndpoints, type ImportOutcome, type OperateType, type ScheduledTaskRow, type TaskRow, type TaskStatus } from '@agora/contract';
import { DayRangeFilter } from '@/components/DayRangeFilter';
import { useImportUpload } from '@/components/ImportButton';
import { formatUnixTime } from '@/components/formatTime';
import { ListTable, type ListColumn } from '@/components/list/ListTable';
import { useListPage } from '@/components/list/useListPage';
import { api, apiKey, useApi, useApiMutation } from '@/lib/api';
import { usePermissions } from '@/lib/permissions';

const STATUS_COLORS: Record<TaskStatus, string> = { queued: 'default', running: 'processing', done: 'success', failed: 'error', cancelled: 'warning' };
const OUTCOME_COLORS: Record<ImportOutcome, string> = { ok: 'success', partial: 'warning', failed: 'error' };
const live = (status: TaskStatus) => status === 'queued' || status === 'running';

/** Saves a file the API answered (a Blob) under its name. */
export function saveBlob(blob: Blob, name: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  link.click();
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

function formatSize(bytes: number | null): string {
  if (bytes === null) return '—';
  return bytes < 1024 * 1024 ? `${Math.max(1, Math.round(bytes / 1024))} KB` : `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}

/**
 * The progress of a queued or running record, polled every TASK_POLL_MS; when it ends the list is
 * read again, so its row shows the result and the download.
 */
function LiveProgress({ row }: { row: TaskRow }) {
  const queryClient = useQueryClient();
  const progress = useApi(taskEndpoints.progress, { params: { id: row.id } }, { refetchInterval: TASK_POLL_MS });
  const now = progress.data ?? row;
  const ended = !live(now.status);
  useEffect(() => {
    if (ended) void queryClient.invalidateQueries({ queryKey: apiKey(taskEndpoints.list) });
  }, [ended, queryClient]);
  return (
    <div>
      <Progress percent={now.progress} size="small" status={now.status === 'running' ? 'active' : 'normal'} />
      {now.message && <Typography.Text type="secondary">{now.message}</Typography.Text>}
    </div>
  );
}

function Schedules() {
  const { t } = useTranslation();
  const schedules = useApi(taskEndpoints.schedules, {});
  const columns = [
    { title: t('tasks.schedules.name'), dataIndex: 'name', render: (name: string) => t(`tasks.schedules.names.${name}`, { defaultValue: name }) },
    { title: t('tasks.schedules.schedule'), dataIndex: 'schedule', width: 140 },
    { title: t('tasks.schedules.lastRun'), dataIndex: 'last_finish_time', width: 180, render: (value: number | null) => formatUnixTime(value) },
    { title: t('tasks.schedules.nextRun'), dataIndex: 'next_run_time', width: 180, render: (value: number) => formatUnixTime(value) },
    {
      title: t('tasks.schedules.result'),
      key: 'result',
      render: (_value: unknown, row: ScheduledTaskRow) =>
        row.last_status === 'failed' ? <Typography.Text type="danger">{row.last_error}</Typography.Text> : (row.last_result ?? '—'),
    },
  ];
  return (
    <Card title={t('tasks.schedules.title')} size="small" style={{ marginTop: 16 }}>
      <Table<ScheduledTaskRow> rowKey="name" size="small" pagination={false} columns={columns} dataSource={schedules.data} loading={schedules.isFetching} />
    </Card>
  );
}

/** The founder's switch: may deriveRecord / importRecord holders see everyone's records. */
function VisibilitySwitch() {
  const { t } = useTranslation();
  const visibility = useApi(taskEndpoints.visibility, {});
  const save = useApiMutation(taskEndpoints.setVisibility, { success: 'tasks.visibility.saved', invalidates: ['tasks'] });
  return (
    <Space>
      <Switch
        size="small"
        checked={visibility.data?.see_all === 1}
        loading={visibility.isPending || save.isPending}
        onChange={(checked) => save.mutate({ body: { see_all: checked ? 1 : 0 } })}
      />
      <Typography.Text type="secondary">{t('tasks.visibility.label')}</Typography.Text>
    </Space>
  );
}

function ImportActions() {
  const { t } = useTranslation();
  const upload = useImportUpload(taskEndpoints.memberImport);
  return (
    <Space>
      <Upload accept=".xlsx" showUploadList={false} customRequest={upload}>
        <Button type="primary" icon={<UploadOutlined />}>
          {t('tasks.actions.upload')}
        </Button>
      </Upload>
      <Button icon={<DownloadOutlined />} onClick={() => void api(taskEndpoints.memberImportTemplate, {}).then((blob) => saveBlob(blob as unknown as Blob, '会员导入模板.xlsx'))}>
        {t('tasks.actions.template')}
      </Button>
    </Space>
  );
}

/**
 * Export records (derive-record) and import records (import-record), DOMAIN §2.31: the caller's
 * own records (everyone's for the founder, or when the founder allows it), live progress while a
 * task runs, and cancel, retry, delete and download.
 */
function TaskRecordsPage({ type }: { type: OperateType }) {
  const { t, i18n } = useTranslation();
  const { roleId } = usePermissions();
  const founder = roleId === 0;
  const fixed = useRef({ operate_type: type }).current;
  const list = useListPage(taskEndpoints.list, { fixed });
  const params = list.query;
  const cancel = useApiMutation(taskEndpoints.cancel, { success: 'tasks.messages.cancelled' });
  const retry = useApiMutation(taskEndpoints.retry, { success: 'tasks.messages.retried' });
  const remove = useApiMutation(taskEndpoints.remove, { success: 'tasks.messages.deleted' });
  const download = (row: TaskRow) => void api(taskEndpoints.download, { params: { id: row.id } }).then((blob) => saveBlob(blob as unknown as Blob, row.result_name ?? `${row.id}.xlsx`));

  const columns: ListColumn<TaskRow>[] = [
    { title: t('tasks.columns.name'), dataIndex: 'kind', width: 140, render: (_kind: string, row: TaskRow) => row.kind_name[i18n.language.startsWith('en') ? 'en' : 'zh'] },
    { title: t(type === 'EXPORT' ? 'tasks.columns.filters' : 'tasks.columns.file'), dataIndex: 'filter_summary', ellipsis: true },
    { title: t('tasks.columns.requester'), dataIndex: 'owner_name', width: 110 },
    {
      title: t('tasks.columns.status'),
      dataIndex: 'status',
      width: 100,
      // A finished import says how its rows went: one whose every row was refused has not succeeded.
      render: (status: TaskStatus, row: TaskRow) =>
        row.import_outcome ? (
          <Tag color={OUTCOME_COLORS[row.import_outcome]}>{t(`tasks.outcome.${row.import_outcome}`)}</Tag>
        ) : (
          <Tag color={STATUS_COLORS[status]}>{t(`tasks.status.${status}`)}</Tag>
        ),
    },
    {
      title: t('tasks.columns.progress'),
      key: 'progress',
      width: 220,
      render: (_value, row) =>
        live(row.status) ? (
          <LiveProgress row={row} />
        ) : row.status === 'failed' ? (
          <Typography.Text type="danger">{row.error_reason}</Typography.Text>
        ) : (
          <Typography.Text type="secondary">{row.message}</Typography.Text>
        ),
    },
    { title: t('tasks.columns.rows'), dataIndex: 'result_rows', width: 90, align: 'right', render: (rows: number | null) => rows ?? '—' },
    ...(type === 'EXPORT' ? [{ title: t('tasks.columns.size'), dataIndex: 'result_size', width: 90, align: 'right' as const, render: formatSize }] : []),
    { title: t('tasks.columns.created'), dataIndex: 'create_time', width: 170, render: (value: number) => formatUnixTime(value) },
    { title: t('tasks.columns.finished'), dataIndex: 'finish_time', width: 170, render: (value: number | null) => formatUnixTime(value) },
    {
      title: t('common.actions.operation'),
      key: 'actions',
      width: 200,
      fixed: 'end',
      render: (_value, row) => (
        <Space size={0} wrap>
          {row.status === 'done' && row.result_name && (
            <Button type="link" size="small" onClick={() => download(row)}>
              {t(type === 'EXPORT' ? 'tasks.actions.download' : 'tasks.actions.report')}
            </Button>
          )}
          {live(row.status) && (
            <Popconfirm title={t('tasks.confirm.cancel')} onConfirm={() => cancel.mutate({ params: { id: row.id } })}>
              <Button type="link" size="small">
                {t('tasks.actions.cancel')}
              </Button>
            </Popconfirm>
          )}
          {(row.status === 'failed' || row.status === 'cancelled') && (
            <Button type="link" size="small" onClick={() => retry.mutate({ params: { id: row.id } })}>
              {t('tasks.actions.retry')}
            </Button>
          )}
          {row.status !== 'running' && (
            <Popconfirm title={t('tasks.confirm.delete')} okButtonProps={{ danger: true }} onConfirm={() => remove.mutate({ params: { id: row.id } })}>
              <Button type="link" size="small" danger>
                {t('tasks.actions.delete')}
              </Button>
            </Popconfirm>
          )}
        </Space>
      ),
    },
  ];

  return (
    <Card>
      <Flex wrap gap={12} align="center" style={{ marginBottom: 16 }}>
        <Select
          allowClear
          style={{ width: 140 }}
          placeholder={t('tasks.filters.status')}
          value={params.status}
          onChange={(value?: TaskStatus) => list.filter({ status: value })}
          options={TASK_STATUSES.map((value) => ({ value, label: t(`tasks.status.${value}`) }))}
        />
        <DayRangeFilter
          start={params.start_time}
          end={params.end_time}
          placeholder={[t('tasks.filters.start'), t('tasks.filters.end')]}
          onChange={({ start, end }) => list.filter({ start_time: start, end_time: end })}
        />
        {type === 'IMPORT' && <ImportActions />}
        {founder && (
          <div style={{ marginLeft: 'auto' }}>
            <VisibilitySwitch />
          </div>
        )}
      </Flex>
      <ListTable<TaskRow> list={list} rowKey="id" columns={columns} emptyText={t(type === 'EXPORT' ? 'tasks.emptyExport' : 'tasks.emptyImport')} />
      {founder && type === 'EXPORT' && <Schedules />}
    </Card>
  );
}

export function DeriveRecordPage() {
  return <TaskRecordsPage type="EXPORT" />;
}

export function ImportRecordPage() {
  return <TaskRecordsPage type="IMPORT" />;
}
