import { Alert, Button, Card, Descriptions, Flex, Popconfirm, Progress, Statistic, Tag, Typography } from 'antd';
import { ReloadOutlined, StopOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { TASK_POLL_MS, goodsIndexEndpoints, type TaskStatus } from '@agora/contract';
import { formatUnixTime } from '@/components/formatTime';
import { useApi, useApiMutation } from '@/lib/api';

const OPEN: readonly TaskStatus[] = ['queued', 'running'];
const STATUS_COLOR: Record<TaskStatus, string> = { queued: 'default', running: 'processing', done: 'success', failed: 'error', cancelled: 'warning' };

/** goodsIndex: the goods search index, its full re-index as a background job (progress, stop). */
export default function GoodsIndexPage() {
  const { t } = useTranslation();
  const status = useApi(goodsIndexEndpoints.status, {}, { refetchInterval: (query) => (query.state.data?.task && OPEN.includes(query.state.data.task.status) ? TASK_POLL_MS : false) });
  const start = useApiMutation(goodsIndexEndpoints.start, { success: 'search.index.started' });
  const stop = useApiMutation(goodsIndexEndpoints.stop, { success: 'search.index.stopping' });
  const data = status.data;
  const task = data?.task ?? null;
  const open = task !== null && OPEN.includes(task.status);

  return (
    <Flex vertical gap={16}>
      <Card>
        <Flex gap={48} wrap>
          <Statistic title={t('search.index.indexed')} value={data?.indexed ?? 0} loading={status.isLoading} />
          <Statistic title={t('search.index.searchable')} value={data?.searchable ?? 0} loading={status.isLoading} />
          <Statistic title={t('search.index.lastBuilt')} value={formatUnixTime(data?.last_built)} loading={status.isLoading} />
        </Flex>
        {data && data.indexed !== data.searchable && !open && <Alert style={{ marginTop: 16 }} type="warning" showIcon title={t('search.index.stale')} />}
      </Card>
      <Card
        title={t('search.index.task')}
        extra={
          <Flex gap={8}>
            {open && task && (
              <Popconfirm title={t('search.index.confirmStop')} onConfirm={() => stop.mutate({ params: { id: task.id } })}>
                <Button danger icon={<StopOutlined />} loading={stop.isPending}>
                  {t('search.index.stop')}
                </Button>
              </Popconfirm>
            )}
            <Button type="primary" icon={<ReloadOutlined />} disabled={open} loading={start.isPending} onClick={() => start.mutate({})}>
              {t('search.index.start')}
            </Button>
          </Flex>
        }
      >
        {task ? (
          <Flex vertical gap={12}>
            <Progress percent={task.progress} status={task.status === 'failed' ? 'exception' : task.status === 'done' ? 'success' : open ? 'active' : 'normal'} aria-label={t('search.index.progress')} />
            <Descriptions
              size="small"
              column={{ xs: 1, md: 3 }}
              items={[
                { key: 'status', label: t('search.index.status'), children: <Tag color={STATUS_COLOR[task.status]}>{t(`tasks.status.${task.status}`)}</Tag> },
                { key: 'created', label: t('search.index.createTime'), children: formatUnixTime(task.create_time) },
                { key: 'finished', label: t('search.index.finishTime'), children: formatUnixTime(task.finish_time) },
              ]}
            />
            {task.message && <Typography.Text type="secondary">{task.message}</Typography.Text>}
          </Flex>
        ) : (
          <Typography.Text type="secondary">{t('search.index.never')}</Typography.Text>
        )}
        <Typography.Paragraph type="secondary" style={{ marginTop: 16, marginBottom: 0 }}>
          {t('search.index.hint')}
        </Typography.Paragraph>
      </Card>
    </Flex>
  );
}
