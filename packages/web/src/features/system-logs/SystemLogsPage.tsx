import { Button, Card, DatePicker, Descriptions, Drawer, Select, Space, Table, Tag, Typography, type TableColumnsType } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import { LOG_LEVELS, type LogLevel, type SystemLogRow } from '@agora/contract';
import { KeywordSearch } from '@/components/KeywordSearch';
import { useDateRangePresets } from '@/components/dateRangePresets';
import { formatUnixTime } from '@/components/formatTime';
import { readPaging, urlPagination, useSearchState } from '@/components/useSearchState';
import { useSystemLogs, type SystemLogListParams } from './queries';

const isLogLevel = (value: string | undefined): value is LogLevel => LOG_LEVELS.some((level) => level === value);

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
  const { t } = useTranslation();
  const presets = useDateRangePresets();
  const search = useSearchState();
  const level = search.readString('level');
  const params: SystemLogListParams = {
    ...readPaging(search),
    keyword: search.readString('keyword'),
    level: isLogLevel(level) ? level : undefined,
    start_time: search.readNumber('start'),
    end_time: search.readNumber('end'),
  };
  const list = useSystemLogs(params);
  const detailId = search.readNumber('detail');
  const detail = list.data?.data.find((row) => row.id === detailId);

  const filter = (patch: Record<string, string | number | undefined>) => search.update({ ...patch, page: undefined, detail: undefined });

  const range: [Dayjs, Dayjs] | null =
    params.start_time !== undefined && params.end_time !== undefined ? [dayjs.unix(params.start_time), dayjs.unix(params.end_time)] : null;

  const columns: TableColumnsType<SystemLogRow> = [
    { title: t('systemLogs.columns.account'), dataIndex: 'operator_name', width: 140 },
    { title: t('systemLogs.columns.operation'), dataIndex: 'operate_detail', ellipsis: true },
    { title: t('systemLogs.columns.time'), dataIndex: 'create_time', width: 180, render: (value: number) => formatUnixTime(value) },
    { title: t('systemLogs.columns.ip'), dataIndex: 'operate_ip', width: 150 },
    { title: t('systemLogs.columns.level'), dataIndex: 'level', width: 100, render: (value: LogLevel) => <LevelTag level={value} /> },
    {
      title: t('common.actions.operation'),
      key: 'detail',
      width: 100,
      fixed: 'end',
      render: (_value, row) => (
        <Button type="link" size="small" onClick={() => search.update({ detail: row.id })}>
          {t('systemLogs.actions.detail')}
        </Button>
      ),
    },
  ];

  return (
    <Card>
      <Space wrap style={{ marginBottom: 16 }}>
        <KeywordSearch value={params.keyword} placeholder={t('systemLogs.filters.keyword')} width={280} onSearch={(keyword) => filter({ keyword })} />
        <Select
          allowClear
          style={{ width: 140 }}
          placeholder={t('systemLogs.filters.level')}
          value={params.level}
          onChange={(value?: LogLevel) => filter({ level: value })}
          options={LOG_LEVELS.map((value) => ({ value, label: t(`systemLogs.level.${value}`) }))}
        />
        <DatePicker.RangePicker
          value={range}
          placeholder={[t('systemLogs.filters.start'), t('systemLogs.filters.end')]}
          disabledDate={(date) => date.isAfter(dayjs().endOf('day'))}
          presets={presets}
          onChange={(dates) => {
            const [start, end] = dates ?? [];
            filter({
              start: start ? start.startOf('day').unix() : undefined,
              end: end ? end.endOf('day').unix() : undefined,
            });
          }}
        />
      </Space>
      <Table<SystemLogRow>
        rowKey="id"
        columns={columns}
        dataSource={list.data?.data}
        loading={list.isFetching}
        scroll={{ x: 900 }}
        locale={{ emptyText: list.isError ? t('common.loadFailed') : t('systemLogs.empty') }}
        pagination={urlPagination(search, params, list.data?.data_total, (total) => t('systemLogs.total', { total }), () => ({ detail: undefined }))}
      />
      <Drawer open={detail !== undefined} size={560} title={t('systemLogs.detail.title')} onClose={() => search.update({ detail: undefined })}>
        {detail && (
          <Descriptions
            column={1}
            bordered
            size="small"
            items={[
              { key: 'account', label: t('systemLogs.columns.account'), children: detail.operator_name },
              { key: 'operation', label: t('systemLogs.columns.operation'), children: detail.operate_detail },
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
