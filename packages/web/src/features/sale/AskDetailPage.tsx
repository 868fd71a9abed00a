import { Button, Card, Descriptions, Empty, Flex, Form, Input, Result, Skeleton, Space, Table, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router-dom';
import { askAnswerBody, askEndpoints, type AskDetail, type AskReply, type AuditStatus } from '@agora/contract';
import { formatUnixTime } from '@/components/formatTime';
import { RowActions } from '@/components/list/RowActions';
import { zodRule } from '@/components/zodRule';
import { useApi } from '@/lib/api';
import { AuditTag, GoodsCell } from './labels';
import { useAnswerAsk, useAuditAskReplies, useRemoveAskReplies } from './queries';

const LIST_PATH = '/sale/goods-ask-list';

function AnswerForm({ ask }: { ask: AskDetail }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<{ content: string }>();
  const answer = useAnswerAsk();
  return (
    <Form form={form} layout="vertical" onFinish={({ content }) => answer.mutate({ params: { id: ask.ask_id }, body: { content: content.trim() } })}>
      <Form.Item name="content" label={t('sale.asks.answer')} rules={[{ required: true, whitespace: true, message: t('sale.asks.answerRequired') }, zodRule(askAnswerBody.shape.content)]}>
        <Input.TextArea rows={3} maxLength={120} showCount placeholder={t('sale.asks.answerPlaceholder')} />
      </Form.Item>
      <Button type="primary" htmlType="submit" loading={answer.isPending}>
        {t('sale.asks.submitAnswer')}
      </Button>
    </Form>
  );
}

/** One ask (DOMAIN §2.9): the question, the answer (or the form for it), and other buyers' answers with their audit. */
export default function AskDetailPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const id = Number(useParams().askId);
  const valid = Number.isSafeInteger(id) && id > 0;
  const detail = useApi(askEndpoints.detail, { params: { id } }, { enabled: valid });
  const auditReplies = useAuditAskReplies();
  const removeReplies = useRemoveAskReplies();
  const back = <Button onClick={() => navigate(LIST_PATH)}>{t('common.actions.back')}</Button>;
  if (!valid || detail.isError) return <Result status="404" title={t('sale.asks.notFound')} extra={back} />;
  const ask = detail.data;
  if (!ask) return <Skeleton active />;

  return (
    <Flex vertical gap={16}>
      <Card
        title={
          <Space>
            {t('sale.asks.detailTitle')}
            <AuditTag status={ask.auth_status} />
            {ask.status === 'DELETED' && <Tag>{t('sale.askStatus.DELETED')}</Tag>}
          </Space>
        }
        extra={back}
      >
        <Descriptions column={{ xs: 1, md: 2 }} size="small" bordered>
          <Descriptions.Item label={t('sale.asks.goods')} span={2}>
            <GoodsCell image={ask.goods_image} name={ask.goods_name} width={420} />
          </Descriptions.Item>
          <Descriptions.Item label={t('sale.asks.member')}>
            {ask.member_name}
            {ask.anonymous === 'YES' && ` (${t('sale.asks.anonymous')})`}
          </Descriptions.Item>
          <Descriptions.Item label={t('sale.asks.shop')}>{ask.seller_name}</Descriptions.Item>
          <Descriptions.Item label={t('sale.asks.time')}>{formatUnixTime(ask.create_time)}</Descriptions.Item>
          <Descriptions.Item label={t('sale.asks.replyStatus')}>{t(`sale.replyStatus.${ask.reply_status}`)}</Descriptions.Item>
          <Descriptions.Item label={t('sale.asks.content')} span={2}>
            {ask.content}
          </Descriptions.Item>
          {ask.reply_time !== null && (
            <>
              <Descriptions.Item label={t('sale.asks.answer')}>{ask.reply_content}</Descriptions.Item>
              <Descriptions.Item label={t('sale.asks.answerTime')}>{formatUnixTime(ask.reply_time)}</Descriptions.Item>
            </>
          )}
        </Descriptions>
        {ask.reply_status === 'NO' && (
          <div style={{ marginTop: 16 }}>
            <AnswerForm ask={ask} />
          </div>
        )}
      </Card>
      <Card title={t('sale.asks.replies')}>
        <Table<AskReply>
          rowKey="reply_id"
          pagination={false}
          dataSource={ask.replies}
          locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('sale.asks.noReplies')} /> }}
          columns={[
            { title: t('sale.asks.member'), dataIndex: 'member_name' },
            { title: t('sale.asks.answer'), dataIndex: 'content' },
            { title: t('sale.asks.authStatus'), dataIndex: 'auth_status', render: (status: AuditStatus) => <AuditTag status={status} /> },
            { title: t('sale.asks.answerTime'), dataIndex: 'create_time', render: formatUnixTime },
            {
              title: t('common.actions.operation'),
              key: 'actions',
              render: (_v, reply) => (
                <RowActions
                  actions={[
                    reply.auth_status === 'WAIT_AUDIT' && { label: t('sale.asks.pass'), onClick: () => auditReplies.mutate({ body: { ids: [reply.reply_id], auth_status: 'PASS_AUDIT' } }) },
                    reply.auth_status === 'WAIT_AUDIT' && { label: t('sale.asks.refuse'), danger: true, onClick: () => auditReplies.mutate({ body: { ids: [reply.reply_id], auth_status: 'REFUSE_AUDIT' } }) },
                    { label: t('sale.asks.deleteReply'), danger: true, confirm: t('sale.asks.confirmDeleteReply'), onClick: () => removeReplies.mutate({ params: { ids: [reply.reply_id] } }) },
                  ]}
                />
              ),
            },
          ]}
        />
      </Card>
    </Flex>
  );
}
