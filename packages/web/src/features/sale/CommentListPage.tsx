import { Button, Card, Flex, Form, Input, Select, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { COMMENT_GRADES, commentEndpoints, commentReplyBody, idOf, type AuditStatus, type CommentGrade, type CommentRow } from '@agora/contract';
import { DayRangeFilter } from '@/components/DayRangeFilter';
import { FormDialog } from '@/components/FormDialog';
import { KeywordSearch } from '@/components/KeywordSearch';
import { ShopSelect } from '@/components/ShopSelect';
import { DayTime } from '@/components/TwoLines';
import { ListTable, type ListColumn } from '@/components/list/ListTable';
import { actionColumn } from '@/components/list/RowActions';
import { useListPage } from '@/components/list/useListPage';
import { zodRule } from '@/components/zodRule';
import { AuditTag, Capped, GoodsCell, GradeTag, Pictures, Secondary } from './labels';
import { useAuditComments, useHideComment, useReplyComment, useShowComment } from './queries';

/** The reply dialog in the URL: the comment answered. */
const ui = { reply: idOf() };
const AUDIT_KEYS: AuditStatus[] = ['WAIT_AUDIT', 'PASS_AUDIT', 'REFUSE_AUDIT'];

function ReplyDialog({ comment, onClose }: { comment: CommentRow; onClose(): void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<{ content: string }>();
  const reply = useReplyComment();
  return (
    <FormDialog<{ content: string }>
      title={t('sale.comments.replyTitle')}
      form={form}
      pending={reply.isPending}
      onClose={onClose}
      initialValues={{ content: '' }}
      onFinish={({ content }) => reply.mutate({ params: { id: comment.comment_id }, body: { content: content.trim() } }, { onSuccess: onClose })}
    >
      <Typography.Paragraph type="secondary">{comment.content}</Typography.Paragraph>
      <Form.Item name="content" label={t('sale.comments.replyContent')} rules={[{ required: true, whitespace: true, message: t('sale.comments.replyRequired') }, zodRule(commentReplyBody.shape.content)]}>
        <Input.TextArea rows={3} maxLength={200} showCount autoFocus />
      </Form.Item>
    </FormDialog>
  );
}

/** Goods comments (DOMAIN §2.8): grade, keyword, shop, audit and visibility filters; audit, reply, hide and show. */
export default function CommentListPage() {
  const { t } = useTranslation();
  const list = useListPage(commentEndpoints.list, { ui });
  const query = list.query;
  const audit = useAuditComments();
  const hide = useHideComment();
  const show = useShowComment();
  const replying = list.rows.find((row) => row.comment_id === list.ui.reply);

  const columns: ListColumn<CommentRow>[] = [
    // the goods with the member who reviewed it
    { title: t('sale.comments.goods'), key: 'goods', render: (_v, row) => <GoodsCell image={row.goods_image} name={row.goods_name} width={130} below={<Secondary text={row.member_name} width={130} />} /> },
    {
      title: t('sale.comments.content'),
      key: 'content',
      render: (_v, row) => (
        <Flex vertical gap={4}>
          <Capped text={row.comments_type === 'ADDITIONAL' ? `[${t('sale.commentTypes.ADDITIONAL')}] ${row.content}` : row.content} width={230} />
          <Pictures urls={row.images} />
          {row.reply_content && <Secondary text={t('sale.comments.platformReply', { content: row.reply_content })} width={230} />}
        </Flex>
      ),
    },
    { title: t('sale.comments.grade'), dataIndex: 'grade', render: (grade: CommentGrade) => <GradeTag grade={grade} /> },
    {
      title: t('sale.comments.auditStatus'),
      key: 'state',
      render: (_v, row) => (
        <Flex vertical gap={2} align="start">
          <AuditTag status={row.audit_status} />
          {row.status === 0 && <Typography.Text type="secondary" style={{ fontSize: 12 }}>{t('sale.shown.0')}</Typography.Text>}
        </Flex>
      ),
    },
    { title: t('sale.comments.time'), dataIndex: 'create_time', sortKey: 'create_time', render: (seconds: number) => <DayTime seconds={seconds} /> },
    actionColumn<CommentRow>(t('common.actions.operation'), (row) => [
      row.audit_status === 'WAIT_AUDIT' && { label: t('sale.comments.pass'), onClick: () => audit.mutate({ body: { ids: [row.comment_id], auth_status: 'PASS_AUDIT' } }) },
      row.audit_status === 'WAIT_AUDIT' && { label: t('sale.comments.refuse'), danger: true, confirm: t('sale.comments.confirmRefuse'), onClick: () => audit.mutate({ body: { ids: [row.comment_id], auth_status: 'REFUSE_AUDIT' } }) },
      row.audit_status === 'PASS_AUDIT' && !row.reply_content && { label: t('sale.comments.reply'), onClick: () => list.openUi({ reply: row.comment_id }) },
      row.status === 1
        ? { label: t('sale.comments.hide'), danger: true, confirm: t('sale.comments.confirmHide'), onClick: () => hide.mutate({ params: { id: row.comment_id } }) }
        : { label: t('sale.comments.show'), onClick: () => show.mutate({ params: { id: row.comment_id } }) },
    ]),
  ];

  return (
    <Card>
      <Flex wrap gap={12} style={{ marginBottom: 16 }}>
        <KeywordSearch value={query.keyword} placeholder={t('sale.comments.keyword')} width={240} maxLength={50} onSearch={(keyword) => list.filter({ keyword })} />
        <Select
          allowClear
          style={{ width: 120 }}
          placeholder={t('sale.comments.grade')}
          value={query.grade}
          onChange={(grade?: CommentGrade) => list.filter({ grade })}
          options={(Object.keys(COMMENT_GRADES) as CommentGrade[]).map((value) => ({ value, label: t(`sale.grades.${value}`) }))}
        />
        <ShopSelect value={query.seller_id} placeholder={t('sale.comments.shop')} style={{ width: 180 }} onChange={(seller_id) => list.filter({ seller_id })} />
        <Select
          allowClear
          style={{ width: 150 }}
          placeholder={t('sale.comments.auditStatus')}
          value={query.audit_status}
          onChange={(audit_status?: AuditStatus) => list.filter({ audit_status })}
          options={AUDIT_KEYS.map((value) => ({ value, label: t(`sale.audit.${value}`) }))}
        />
        <Select
          allowClear
          style={{ width: 120 }}
          placeholder={t('sale.comments.status')}
          value={query.status}
          onChange={(status?: number) => list.filter({ status })}
          options={[1, 0].map((value) => ({ value, label: t(`sale.shown.${value}`) }))}
        />
        <DayRangeFilter start={query.start_time} end={query.end_time} placeholder={[t('sale.comments.from'), t('sale.comments.to')]} onChange={({ start, end }) => list.filter({ start_time: start, end_time: end })} />
        <Button style={{ marginLeft: 'auto' }} onClick={list.reset}>
          {t('common.actions.reset')}
        </Button>
      </Flex>
      <ListTable<CommentRow> list={list} rowKey="comment_id" columns={columns} emptyText={t('sale.comments.empty')} />
      {replying && <ReplyDialog key={replying.comment_id} comment={replying} onClose={list.closeUi} />}
    </Card>
  );
}
