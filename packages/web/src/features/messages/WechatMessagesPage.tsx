import { Alert, Button, Card, Empty, Flex, Switch, Table, Tag, Typography } from 'antd';
import { SyncOutlined } from '@ant-design/icons';
import type { ColumnsType } from 'antd/es/table';
import { generatePath, useNavigate } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { ROUTE_BY_NAME, wechatEndpoints, type WechatNoticeRow, type WechatTemplateRow } from '@agora/contract';
import { formatUnixTime } from '@/components/formatTime';
import { actionColumn } from '@/components/list/RowActions';
import { useApi, useApiMutation } from '@/lib/api';

/** wechatMessage: which member events also go out as WeChat service messages, and the templates synced from WeChat. */
export default function WechatMessagesPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const notices = useApi(wechatEndpoints.notices, {});
  const templates = useApi(wechatEndpoints.templates, {});
  const sync = useApiMutation(wechatEndpoints.sync, { success: (result) => ['notices.wechat.syncedCount', { count: result.count }] });
  const enable = useApiMutation(wechatEndpoints.enable, { success: 'notices.wechat.switched' });

  const noticeColumns: ColumnsType<WechatNoticeRow> = [
    { title: t('notices.wechat.notice'), dataIndex: 'notice_name', render: (name: string) => <Typography.Text strong>{name}</Typography.Text> },
    {
      title: t('notices.wechat.template'),
      key: 'template',
      render: (_v, row) => (row.template_id ? row.template_title || row.template_id : <Typography.Text type="secondary">{t('notices.wechat.noTemplate')}</Typography.Text>),
    },
    { title: t('notices.wechat.mapped'), key: 'keywords', width: 130, render: (_v, row) => t('notices.wechat.mappedCount', { count: row.keywords.length }) },
    {
      title: t('notices.templates.enabled'),
      key: 'is_enable',
      width: 100,
      render: (_v, row) => (
        <Switch
          size="small"
          checked={row.is_enable === 1}
          disabled={!row.template_id}
          loading={enable.isPending && enable.variables?.params.notice_type === row.notice_type}
          onChange={(checked) => enable.mutate({ params: { notice_type: row.notice_type }, query: { enable: checked ? 1 : 0 } })}
        />
      ),
    },
    actionColumn<WechatNoticeRow>(t('common.actions.operation'), (row) => [
      { label: t('common.actions.edit'), onClick: () => navigate(generatePath(ROUTE_BY_NAME.get('wechatTemplate')!.path, { notice_type: row.notice_type })) },
    ]),
  ];
  const templateColumns: ColumnsType<WechatTemplateRow> = [
    { title: t('notices.wechat.templateTitle'), dataIndex: 'title' },
    { title: t('notices.wechat.templateId'), dataIndex: 'template_id', render: (id: string) => <Typography.Text copyable>{id}</Typography.Text> },
    { title: t('notices.wechat.keywords'), dataIndex: 'keywords', render: (keywords: string[]) => keywords.map((keyword) => <Tag key={keyword}>{keyword}</Tag>) },
    { title: t('notices.wechat.syncTime'), dataIndex: 'sync_time', width: 170, render: formatUnixTime },
  ];

  return (
    <Card>
      <Alert type="info" showIcon style={{ marginBottom: 16 }} title={t('notices.wechat.hint')} />
      <Table<WechatNoticeRow> rowKey="notice_type" columns={noticeColumns} dataSource={notices.data ?? []} loading={notices.isLoading} pagination={false} size="middle" />
      <Flex justify="space-between" align="center" style={{ margin: '24px 0 12px' }}>
        <Typography.Title level={5} style={{ margin: 0 }}>
          {t('notices.wechat.synced')}
        </Typography.Title>
        <Button icon={<SyncOutlined />} loading={sync.isPending} onClick={() => sync.mutate({})}>
          {t('notices.wechat.sync')}
        </Button>
      </Flex>
      <Table<WechatTemplateRow>
        rowKey="template_id"
        columns={templateColumns}
        dataSource={templates.data ?? []}
        loading={templates.isLoading}
        pagination={false}
        size="middle"
        locale={{ emptyText: <Empty description={t('notices.wechat.emptyTemplates')} /> }}
      />
    </Card>
  );
}
