import { Card, Flex, InputNumber, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { smsEndpoints, SMS_RECORD_STATES, type SmsRecordRow, type SmsRecordState } from '@agora/contract';
import { KeywordSearch } from '@/components/KeywordSearch';
import { DayRangeFilter } from '@/components/DayRangeFilter';
import { formatUnixTime } from '@/components/formatTime';
import { ListTable, type ListColumn } from '@/components/list/ListTable';
import { useListPage } from '@/components/list/useListPage';
import { OneLine, RecordTag } from './SmsTags';

/** checkMessage (查看短信): one row per recipient of every send, filtered by task, mobile, state and date. */
export default function CheckMessagePage() {
  const { t } = useTranslation();
  const list = useListPage(smsEndpoints.records);
  const params = list.query;
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
        <DayRangeFilter start={params.start_time} end={params.end_time} onChange={({ start, end }) => list.filter({ start_time: start, end_time: end })} />
      </Flex>
      <ListTable<SmsRecordRow> list={list} rowKey="id" columns={columns} emptyText={t('sms.records.empty')} />
    </Card>
  );
}
