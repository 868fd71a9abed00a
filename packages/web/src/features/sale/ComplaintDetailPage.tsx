import { Button, Card, Descriptions, Empty, Flex, Form, Input, Result, Skeleton, Space, Tag, Timeline, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router-dom';
import { complaintArbitrationQuery, complaintEndpoints, complaintMessageQuery, type ComplaintDetail, type ComplaintOwner } from '@agora/contract';
import { formatYuan } from '@/components/formatMoney';
import { formatUnixTime } from '@/components/formatTime';
import { zodRule } from '@/components/zodRule';
import { useApi } from '@/lib/api';
import { modal } from '@/lib/feedback';
import { ComplaintStatusTag, GoodsCell, Pictures } from './labels';
import { useArbitrateComplaint, useComplaintMessage, useComplaintToAppeal } from './queries';

const LIST_PATH = '/sale/complaint/complaint-list';
const OWNER_COLORS: Record<ComplaintOwner, string> = { PLATFORM: 'blue', BUYER: 'orange', SELLER: 'green' };

/** The platform's message in the conversation, while the flow allows one. */
function MessageForm({ complaint }: { complaint: ComplaintDetail }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<{ content: string }>();
  const send = useComplaintMessage();
  return (
    <Form form={form} layout="vertical" onFinish={({ content }) => send.mutate({ params: { id: complaint.complain_id }, query: { content: content.trim() } }, { onSuccess: () => form.resetFields() })}>
      <Form.Item name="content" label={t('sale.complaints.message')} rules={[{ required: true, whitespace: true, message: t('sale.complaints.messageRequired') }, zodRule(complaintMessageQuery.shape.content)]}>
        <Input.TextArea rows={2} maxLength={200} showCount placeholder={t('sale.complaints.messagePlaceholder')} />
      </Form.Item>
      <Button htmlType="submit" loading={send.isPending}>
        {t('sale.complaints.send')}
      </Button>
    </Form>
  );
}

/** The arbitration that closes the complaint: asked once more, since it cannot be undone. */
function ArbitrationForm({ complaint }: { complaint: ComplaintDetail }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<{ arbitration_result: string }>();
  const arbitrate = useArbitrateComplaint();
  const submit = ({ arbitration_result }: { arbitration_result: string }) =>
    modal().confirm({
      title: t('sale.complaints.arbitrate'),
      content: t('sale.complaints.confirmArbitrate'),
      okText: t('common.actions.confirm'),
      cancelText: t('common.actions.cancel'),
      onOk: () => arbitrate.mutateAsync({ params: { id: complaint.complain_id }, query: { arbitration_result: arbitration_result.trim() } }).catch(() => undefined),
    });
  return (
    <Form form={form} layout="vertical" onFinish={submit}>
      <Form.Item
        name="arbitration_result"
        label={t('sale.complaints.arbitrationResult')}
        rules={[{ required: true, whitespace: true, message: t('sale.complaints.arbitrationRequired') }, zodRule(complaintArbitrationQuery.shape.arbitration_result)]}
      >
        <Input.TextArea rows={3} maxLength={500} showCount placeholder={t('sale.complaints.arbitrationPlaceholder')} />
      </Form.Item>
      <Button type="primary" htmlType="submit" loading={arbitrate.isPending}>
        {t('sale.complaints.arbitrate')}
      </Button>
    </Form>
  );
}

/** A complaint (DOMAIN §2.7): what the buyer said, the seller's appeal, the conversation, and what the platform may do now. */
export default function ComplaintDetailPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const id = Number(useParams().id);
  const valid = Number.isSafeInteger(id) && id > 0;
  const detail = useApi(complaintEndpoints.detail, { params: { id } }, { enabled: valid });
  const toAppeal = useComplaintToAppeal();
  const back = <Button onClick={() => navigate(LIST_PATH)}>{t('common.actions.back')}</Button>;
  if (!valid || detail.isError) return <Result status="404" title={t('sale.complaints.notFound')} extra={back} />;
  const complaint = detail.data;
  if (!complaint) return <Skeleton active />;
  const { allowable } = complaint;

  return (
    <Flex vertical gap={16}>
      <Card
        title={
          <Space>
            {t('sale.complaints.detailTitle')}
            <ComplaintStatusTag status={complaint.status} />
          </Space>
        }
        extra={
          <Space>
            {allowable.allow_to_appeal && (
              <Button
                type="primary"
                loading={toAppeal.isPending}
                onClick={() =>
                  modal().confirm({
                    title: t('sale.complaints.toAppeal'),
                    content: t('sale.complaints.confirmToAppeal'),
                    okText: t('common.actions.confirm'),
                    cancelText: t('common.actions.cancel'),
                    onOk: () => toAppeal.mutateAsync({ params: { id: complaint.complain_id } }).catch(() => undefined),
                  })
                }
              >
                {t('sale.complaints.toAppeal')}
              </Button>
            )}
            {back}
          </Space>
        }
      >
        <Descriptions column={{ xs: 1, md: 2, xl: 3 }} size="small" bordered>
          <Descriptions.Item label={t('sale.complaints.complainant')}>{complaint.member_name}</Descriptions.Item>
          <Descriptions.Item label={t('sale.complaints.shop')}>{complaint.seller_name}</Descriptions.Item>
          <Descriptions.Item label={t('sale.complaints.time')}>{formatUnixTime(complaint.create_time)}</Descriptions.Item>
          <Descriptions.Item label={t('sale.complaints.topic')}>{complaint.complain_topic}</Descriptions.Item>
          <Descriptions.Item label={t('sale.complaints.content')} span={2}>
            {complaint.content}
          </Descriptions.Item>
          <Descriptions.Item label={t('sale.complaints.images')} span={3}>
            {complaint.images.length > 0 ? <Pictures urls={complaint.images} size={64} /> : '-'}
          </Descriptions.Item>
        </Descriptions>
      </Card>
      <Card title={t('sale.complaints.order')}>
        <Descriptions column={{ xs: 1, md: 2, xl: 3 }} size="small" bordered>
          <Descriptions.Item label={t('sale.complaints.orderSn')}>{complaint.order_sn}</Descriptions.Item>
          <Descriptions.Item label={t('sale.complaints.goods')} span={2}>
            <GoodsCell image={complaint.goods_image} name={complaint.goods_name} width={360} />
          </Descriptions.Item>
          <Descriptions.Item label={t('sale.complaints.price')}>{formatYuan(complaint.price)}</Descriptions.Item>
          <Descriptions.Item label={t('sale.complaints.num')}>{complaint.num}</Descriptions.Item>
          <Descriptions.Item label={t('sale.complaints.consignee')}>{complaint.ship_name}</Descriptions.Item>
          <Descriptions.Item label={t('sale.complaints.mobile')}>{complaint.ship_mobile}</Descriptions.Item>
          <Descriptions.Item label={t('sale.complaints.address')} span={2}>
            {complaint.ship_addr}
          </Descriptions.Item>
        </Descriptions>
      </Card>
      <Card title={t('sale.complaints.appeal')}>
        {complaint.appeal_time === null ? (
          <Typography.Text type="secondary">{t('sale.complaints.noAppeal')}</Typography.Text>
        ) : (
          <Descriptions column={1} size="small" bordered>
            <Descriptions.Item label={t('sale.complaints.appealContent')}>{complaint.appeal_content}</Descriptions.Item>
            <Descriptions.Item label={t('sale.complaints.appealTime')}>{formatUnixTime(complaint.appeal_time)}</Descriptions.Item>
            {complaint.appeal_images.length > 0 && (
              <Descriptions.Item label={t('sale.complaints.images')}>
                <Pictures urls={complaint.appeal_images} size={64} />
              </Descriptions.Item>
            )}
          </Descriptions>
        )}
      </Card>
      <Card title={t('sale.complaints.conversation')}>
        {complaint.messages.length === 0 ? (
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('sale.complaints.noMessages')} />
        ) : (
          <Timeline
            items={complaint.messages.map((message) => ({
              key: message.id,
              color: OWNER_COLORS[message.owner],
              content: (
                <Flex vertical gap={2}>
                  <Space size={8}>
                    <Tag color={OWNER_COLORS[message.owner]}>{t(`sale.owners.${message.owner}`)}</Tag>
                    {message.owner !== 'PLATFORM' && <Typography.Text>{message.owner_name}</Typography.Text>}
                    <Typography.Text type="secondary">{formatUnixTime(message.create_time)}</Typography.Text>
                  </Space>
                  <Typography.Paragraph style={{ marginBottom: 0 }}>{message.content}</Typography.Paragraph>
                </Flex>
              ),
            }))}
          />
        )}
        {allowable.allow_communicate && <MessageForm complaint={complaint} />}
      </Card>
      {(allowable.allow_arbitrate || complaint.arbitration_result !== '') && (
        <Card title={t('sale.complaints.arbitration')}>
          {complaint.arbitration_result !== '' ? (
            <Descriptions column={1} size="small" bordered>
              <Descriptions.Item label={t('sale.complaints.arbitrationResult')}>{complaint.arbitration_result}</Descriptions.Item>
            </Descriptions>
          ) : (
            <ArbitrationForm complaint={complaint} />
          )}
        </Card>
      )}
    </Flex>
  );
}
