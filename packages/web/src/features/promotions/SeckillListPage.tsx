import { Button, Card, Checkbox, DatePicker, Flex, Form, Input, Modal, Popconfirm, Select, Space, Tag, Typography } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import dayjs, { type Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { z } from 'zod';
import {
  SECKILL_HOURS,
  SECKILL_NAME_MAX,
  SECKILL_RULE_MAX,
  SECKILL_STATUSES,
  idOf,
  seckillEndpoints,
  type SeckillInput,
  type SeckillRow,
} from '@agora/contract';
import { KeywordSearch } from '@/components/KeywordSearch';
import { fromPickerValue, platformNow, toPickerValue } from '@/components/formatTime';
import { ListTable, type ListColumn } from '@/components/list/ListTable';
import { useListPage } from '@/components/list/useListPage';
import { useApi, useApiMutation } from '@/lib/api';
import { formatMinute } from './format';
import { seckillAuditPath, seckillPassPath } from './paths';

const STATUS_COLORS = { 0: 'blue', 1: 'green', 2: 'default' } as const;

/** The seckill's state as operators read it: a draft, else waiting / running / ended (or closed). */
function SeckillStatusTag({ event }: { event: SeckillRow }) {
  const { t } = useTranslation();
  if (event.publish_status === 0) return <Tag>{t('promotions.seckill.draft')}</Tag>;
  if (event.closed === 1) return <Tag color="red">{t('promotions.seckill.closed')}</Tag>;
  return <Tag color={STATUS_COLORS[event.status]}>{t(`promotions.seckill.status.${event.status}`)}</Tag>;
}

interface SeckillForm {
  seckill_name: string;
  start_day: Dayjs | null;
  apply_end: Dayjs | null;
  range_list: number[];
  seckill_rule: string;
}

/** New or edit (a draft): save, or save and publish at once. */
function SeckillDialog({ event, open, onClose }: { event?: SeckillRow; open: boolean; onClose(): void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<SeckillForm>();
  const create = useApiMutation(seckillEndpoints.create, { success: (_data, input) => (input.body.publish === 1 ? 'promotions.seckill.published' : 'promotions.seckill.saved') });
  const update = useApiMutation(seckillEndpoints.update, { success: (_data, input) => (input.body.publish === 1 ? 'promotions.seckill.published' : 'promotions.seckill.saved') });
  const initial: SeckillForm = event
    ? { seckill_name: event.seckill_name, start_day: dayjs(event.start_day), apply_end: toPickerValue(event.apply_end_time), range_list: event.range_list, seckill_rule: event.seckill_rule }
    : { seckill_name: '', start_day: null, apply_end: null, range_list: [], seckill_rule: '' };

  const submit = (publish: 0 | 1) =>
    form.validateFields().then(
      (values) => {
        const body: SeckillInput = {
          seckill_name: values.seckill_name.trim(),
          start_day: values.start_day!.format('YYYY-MM-DD'),
          apply_end_time: fromPickerValue(values.apply_end!),
          range_list: values.range_list,
          seckill_rule: values.seckill_rule?.trim() ?? '',
          publish,
        };
        if (event) update.mutate({ params: { id: event.seckill_id }, body }, { onSuccess: onClose });
        else create.mutate({ body }, { onSuccess: onClose });
      },
      () => undefined,
    );
  const pending = create.isPending || update.isPending;
  const required = (key: string) => ({ required: true, message: t(`promotions.seckill.required.${key}`) });

  return (
    <Modal
      open={open}
      width={720}
      title={t(event ? 'promotions.seckill.editTitle' : 'promotions.seckill.addTitle')}
      destroyOnHidden
      onCancel={onClose}
      footer={
        <Space>
          <Button onClick={onClose}>{t('common.actions.cancel')}</Button>
          <Button loading={pending} onClick={() => submit(0)}>
            {t('promotions.seckill.save')}
          </Button>
          <Button type="primary" loading={pending} onClick={() => submit(1)}>
            {t('promotions.seckill.publishNow')}
          </Button>
        </Space>
      }
    >
      <Form<SeckillForm> form={form} layout="horizontal" labelCol={{ flex: '140px' }} initialValues={initial} preserve={false}>
        <Form.Item name="seckill_name" label={t('promotions.seckill.name')} rules={[{ ...required('name'), whitespace: true }]}>
          <Input maxLength={SECKILL_NAME_MAX} showCount />
        </Form.Item>
        <Form.Item name="start_day" label={t('promotions.seckill.day')} rules={[required('day')]}>
          <DatePicker disabledDate={(day) => day.isBefore(platformNow(), 'day')} />
        </Form.Item>
        <Form.Item name="range_list" label={t('promotions.seckill.slots')} rules={[required('slots')]} extra={t('promotions.seckill.slotsHint')}>
          <Checkbox.Group style={{ display: 'grid', gridTemplateColumns: 'repeat(6, minmax(0, 1fr))', rowGap: 8 }}>
            {SECKILL_HOURS.map((hour) => (
              <Checkbox key={hour} value={hour}>{`${String(hour).padStart(2, '0')}:00`}</Checkbox>
            ))}
          </Checkbox.Group>
        </Form.Item>
        <Form.Item name="apply_end" label={t('promotions.seckill.applyEnd')} rules={[required('applyEnd')]} extra={t('promotions.seckill.applyEndHint')}>
          <DatePicker showTime={{ format: 'HH:mm' }} format="YYYY-MM-DD HH:mm" disabledDate={(day) => day.isBefore(platformNow(), 'day')} />
        </Form.Item>
        <Form.Item name="seckill_rule" label={t('promotions.seckill.rule')}>
          <Input.TextArea maxLength={SECKILL_RULE_MAX} showCount autoSize={{ minRows: 3, maxRows: 6 }} />
        </Form.Item>
      </Form>
    </Modal>
  );
}

/** The page's URL beside the list query: the event being edited, or `edit=new`. */
const ui = { edit: z.union([z.literal('new'), idOf()]) };

/** seckill-list: one-day flash sales with hourly slots; save or publish; close while running; audit the shops' goods. */
export default function SeckillListPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const list = useListPage(seckillEndpoints.list, { ui });
  const { query, filter } = list;
  const publish = useApiMutation(seckillEndpoints.publish, { success: 'promotions.seckill.published' });
  const close = useApiMutation(seckillEndpoints.close, { success: 'promotions.seckill.closedDone' });
  const remove = useApiMutation(seckillEndpoints.remove, { success: 'promotions.seckill.deleted' });
  const editing = list.ui.edit;
  const editId = typeof editing === 'number' ? editing : 0;
  const known = list.rows.find((row) => row.seckill_id === editId);
  const fetched = useApi(seckillEndpoints.detail, { params: { id: editId } }, { enabled: editId > 0 && !known });
  const event = known ?? fetched.data;

  const columns: ListColumn<SeckillRow>[] = [
    { title: t('promotions.seckill.name'), dataIndex: 'seckill_name', fixed: 'start' },
    { title: t('promotions.seckill.day'), dataIndex: 'start_day' },
    {
      title: t('promotions.seckill.slots'),
      key: 'slots',
      render: (_v, row) => (
        <Typography.Text ellipsis={{ tooltip: row.range_list.map((hour) => `${hour}:00`).join('、') }} style={{ maxWidth: 140 }}>
          {row.range_list.map((hour) => `${hour}:00`).join('、')}
        </Typography.Text>
      ),
    },
    { title: t('promotions.seckill.applyEnd'), dataIndex: 'apply_end_time', render: formatMinute },
    { title: t('promotions.seckill.statusLabel'), key: 'status', render: (_v, row) => <SeckillStatusTag event={row} /> },
    {
      title: t('promotions.seckill.applications'),
      key: 'applications',
      render: (_v, row) => (
        <Flex vertical>
          <span>{t('promotions.seckill.waitingCount', { count: row.apply_num })}</span>
          <Typography.Text type="secondary">{t('promotions.seckill.passedCount', { count: row.pass_num })}</Typography.Text>
        </Flex>
      ),
    },
    {
      title: t('common.actions.operation'),
      key: 'actions',
      fixed: 'end',
      render: (_v, row) => (
        <Space size={0}>
          {row.publish_status === 0 && (
            <>
              <Button type="link" size="small" onClick={() => list.openUi({ edit: row.seckill_id })}>
                {t('common.actions.edit')}
              </Button>
              <Popconfirm title={t('promotions.seckill.confirmPublish', { name: row.seckill_name })} onConfirm={() => publish.mutate({ params: { id: row.seckill_id } })}>
                <Button type="link" size="small">
                  {t('promotions.seckill.publish')}
                </Button>
              </Popconfirm>
            </>
          )}
          {row.publish_status === 1 && (
            <>
              {row.status !== 2 && (
                <Button type="link" size="small" onClick={() => navigate(seckillAuditPath(row.seckill_id))}>
                  {t('promotions.seckill.audit')}
                </Button>
              )}
              <Button type="link" size="small" onClick={() => navigate(seckillPassPath(row.seckill_id))}>
                {t('promotions.seckill.passed')}
              </Button>
            </>
          )}
          {row.publish_status === 1 && row.status === 1 && (
            <Popconfirm title={t('promotions.seckill.confirmClose', { name: row.seckill_name })} okButtonProps={{ danger: true }} onConfirm={() => close.mutate({ params: { id: row.seckill_id } })}>
              <Button type="link" size="small" danger>
                {t('promotions.seckill.close')}
              </Button>
            </Popconfirm>
          )}
          {(row.publish_status === 0 || row.status === 2) && (
            <Popconfirm title={t('promotions.seckill.confirmDelete', { name: row.seckill_name })} okButtonProps={{ danger: true }} onConfirm={() => remove.mutate({ params: { id: row.seckill_id } })}>
              <Button type="link" size="small" danger>
                {t('common.actions.delete')}
              </Button>
            </Popconfirm>
          )}
        </Space>
      ),
    },
  ];

  return (
    <Card>
      <Flex wrap gap={12} style={{ marginBottom: 16 }}>
        <KeywordSearch value={query.seckill_name} maxLength={SECKILL_NAME_MAX} placeholder={t('promotions.seckill.keyword')} onSearch={(seckill_name) => filter({ seckill_name })} />
        <Select
          allowClear
          style={{ width: 150 }}
          placeholder={t('promotions.seckill.statusLabel')}
          value={query.status}
          onChange={(status: number | undefined) => filter({ status })}
          options={SECKILL_STATUSES.map((status) => ({ value: status, label: t(`promotions.seckill.status.${status}`) }))}
        />
        <Button type="primary" icon={<PlusOutlined />} onClick={() => list.openUi({ edit: 'new' })}>
          {t('promotions.seckill.add')}
        </Button>
      </Flex>
      <ListTable<SeckillRow> list={list} rowKey="seckill_id" columns={columns} emptyText={t('promotions.seckill.empty')} />
      <SeckillDialog key={editing === 'new' ? 'new' : event?.seckill_id} open={editing === 'new' || !!event} event={editing === 'new' ? undefined : event} onClose={list.closeUi} />
    </Card>
  );
}
