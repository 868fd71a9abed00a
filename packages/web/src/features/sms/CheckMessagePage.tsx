import { Card, DatePicker, Flex, InputNumber, Select } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import { smsEndpoints, SMS_RECORD_STATES, type SmsRecordRow, type SmsRecordState } from '@agora/contract';
import { KeywordSearch } from '@/components/KeywordSearch';
import { useDateRangePresets } from '@/components/dateRangePresets';
import { formatUnixTime } from '@/components/formatTime';
import { ListTable, type ListColumn } from '@/components/list/ListTable';
import { useListPage } from '@/components/list/useListPage';
import { OneLine, RecordTag } from './SmsTags';

/** checkMessage (查看短信): one row per recipient of every send, filtered by task, mobile, state and date. */
export default function CheckMessagePage() {
  const { t } = useTranslation();
  const presets = useDateRangePresets();
  const list = useListPage(smsEndpoints.records);
  const params = list.query;
  const range: [Dayjs, Dayjs] | null = params.start_time !== undefined && params.end_time !== undefined ? [dayjs.unix(params.start_time), dayjs.unix(params.end_time)] : null;
  const columns: ListColumn<SmsRecordRow>[] = [
    { title: t('sms.records.task'), dataIndex: 'task_id', width: 80 },
    { title: t('sms.records.mobile'), dataIndex: 'mobile', width: 120 },
    { title: t('sms.records.content'), dataIndex: 'content', render: (text: string) => <OneLine text={text} width={300} /> },
    { title: t('sms.records.status'), dataIndex: 'status', width: 140, render: (status: SmsRecordState) => <RecordTag status={status} /> },
    { title: t('sms.records.reason'), dataIndex: 'fail_reason', render: (reason: string) => <OneLine text={reason} width={180} /> },
    { title: t('sms.records.sent'), dataIndex: 'send_time', width: 170, render: (time: number | null) => (time ? formatUnixTime(time) : '—') },
  ];
  return (
    <Card>
      <Flex wrap gap={8} style={{ marginBottom: 16 }}>
        <InputNumber
          min={1}
          precision={0}
          style={{ width: 130 }}
          placeholder={t('sms.records.task')}
          value={params.task_id ?? null}
          onChange={(value) => list.filter({ task_id: value ?? undefined })}
        />
        <KeywordSearch value={params.mobile} placeholder={t('sms.records.mobileFilter')} width={200} onSearch={(mobile) => list.filter({ mobile })} />
        <Select
          allowClear
          style={{ width: 150 }}
          placeholder={t('sms.records.statusAll')}
          value={params.status}
          onChange={(status?: SmsRecordState) => list.filter({ status })}
          options={SMS_RECORD_STATES.map((value) => ({ value, label: t(`sms.recordStatus.${value}`) }))}
        />
        <DatePicker.RangePicker
          value={range}
          presets={presets}
          disabledDate={(date) => date.isAfter(dayjs().endOf('day'))}
          onChange={(dates) => {
            const [start, end] = dates ?? [];
            list.filter({ start_time: start ? start.startOf('day').unix() : undefined, end_time: end ? end.endOf('day').unix() : undefined });
          }}
        />
      </Flex>
      <ListTable<SmsRecordRow> list={list} rowKey="id" columns={columns} emptyText={t('sms.records.empty')} />
    </Card>
  );
}
