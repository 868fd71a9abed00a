import { Button, Card, Descriptions, Drawer, Flex, Select, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { LOG_LEVELS, systemLogEndpoints, type LogLevel, type SystemLogRow } from '@agora/contract';
import { ExportButton } from '@/components/ExportButton';
import { KeywordSearch } from '@/components/KeywordSearch';
import { DayRangeFilter } from '@/components/DayRangeFilter';
import { formatUnixTime } from '@/components/formatTime';
import { ListTable, type ListColumn } from '@/components/list/ListTable';
import { useListPage } from '@/components/list/useListPage';

/** The page's URL beside the list query: which entry's drawer is open. */
const ui = { detail: z.coerce.number().int().positive() };

/** Request parameters are stored as the JSON the server received; show them indented when they are. */
function prettyParams(params: string): string {
  if (!params) return '—';
  try {
    return JSON.stringify(JSON.parse(params), null, 2);
  } catch {
    return params;
  }
}

function LevelTag({ level }: { level: LogLevel }) {
  const { t } = useTranslation();
  return level === 'important' ? <Tag color="red">{t('systemLogs.level.important')}</Tag> : <Tag>{t('systemLogs.level.normal')}</Tag>;
}

export default function SystemLogsPage() {
  const { t, i18n } = useTranslation();
  /** what the line says in the reader's language */
  const operation = (row: SystemLogRow) => (i18n.language.startsWith('en') ? row.operate_detail_en : row.operate_detail);
  const list = useListPage(systemLogEndpoints.list, { ui });
  const params = list.query;
  const detail = list.rows.find((row) => row.id === list.ui.detail);
  const filter = list.filter;

  const columns: ListColumn<SystemLogRow>[] = [
    { title: t('systemLogs.columns.account'), dataIndex: 'operator_name', width: 140 },
    { title: t('systemLogs.columns.operation'), key: 'operation', ellipsis: true, render: (_v, row) => operation(row) },
    { title: t('systemLogs.columns.time'), dataIndex: 'create_time', width: 180, render: (value: number) => formatUnixTime(value) },
    { title: t('systemLogs.columns.ip'), dataIndex: 'operate_ip', width: 150 },
    { title: t('systemLogs.columns.level'), dataIndex: 'level', width: 100, render: (value: LogLevel) => <LevelTag level={value} /> },
    {
      title: t('common.actions.operation'),
      key: 'detail',
      width: 100,
      fixed: 'end',
      render: (_value, row) => (
        <Button type="link" size="small" onClick={() => list.openUi({ detail: row.id })}>
          {t('systemLogs.actions.detail')}
        </Button>
      ),
    },
  ];

  return (
    <Card>
      <Flex wrap gap={8} style={{ marginBottom: 16 }}>
        <KeywordSearch value={params.keyword} placeholder={t('systemLogs.filters.keyword')} width={280} onSearch={(keyword) => filter({ keyword })} />
        <Select
          allowClear
          style={{ width: 140 }}
          placeholder={t('systemLogs.filters.level')}
          value={params.level}
          onChange={(value?: LogLevel) => filter({ level: value })}
          options={LOG_LEVELS.map((value) => ({ value, label: t(`systemLogs.level.${value}`) }))}
        />
        <DayRangeFilter
          start={params.start_time}
          end={params.end_time}
          placeholder={[t('systemLogs.filters.start'), t('systemLogs.filters.end')]}
          onChange={({ start, end }) => filter({ start_time: start, end_time: end })}
        />
        <ExportButton endpoint={systemLogEndpoints.export} query={params} style={{ marginLeft: 'auto' }} />
      </Flex>
      <ListTable<SystemLogRow> list={list} rowKey="id" columns={columns} emptyText={t('systemLogs.empty')} />
      <Drawer open={detail !== undefined} size={560} title={t('systemLogs.detail.title')} onClose={list.closeUi}>
        {detail && (
          <Descriptions
            column={1}
            bordered
            size="small"
            items={[
              { key: 'account', label: t('systemLogs.columns.account'), children: detail.operator_name },
              { key: 'operation', label: t('systemLogs.columns.operation'), children: operation(detail) },
              { key: 'time', label: t('systemLogs.columns.time'), children: formatUnixTime(detail.create_time) },
              { key: 'ip', label: t('systemLogs.columns.ip'), children: detail.operate_ip },
              { key: 'level', label: t('systemLogs.columns.level'), children: <LevelTag level={detail.level} /> },
              { key: 'method', label: t('systemLogs.detail.method'), children: <Tag>{detail.method}</Tag> },
              { key: 'url', label: t('systemLogs.detail.url'), children: <Typography.Text code copyable>{detail.url}</Typography.Text> },
              {
                key: 'params',
                label: t('systemLogs.detail.params'),
                children: (
                  <pre style={{ margin: 0, whiteSpace: 'pre-wrap', wordBreak: 'break-all', maxHeight: 360, overflow: 'auto' }}>
                    {prettyParams(detail.params)}
                  </pre>
                ),
              },
            ]}
          />
        )}
      </Drawer>
    </Card>
  );
}
