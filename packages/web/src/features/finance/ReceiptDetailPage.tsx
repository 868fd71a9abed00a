import { Card, Descriptions, Flex, Result, Spin, Table, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router-dom';
import { financeEndpoints, type ReceiptDetail } from '@agora/contract';
import { formatYuan } from '@/components/formatMoney';
import { formatUnixTime } from '@/components/formatTime';
import { useApi } from '@/lib/api';

/** /finance/receipt-detail/{id}: one invoice as the order asked for it and as the seller issued it (view only). */
export default function ReceiptDetailPage() {
  const { t } = useTranslation();
  const id = Number(useParams().id);
  const detail = useApi(financeEndpoints.receipt, { params: { id } }, { enabled: Number.isSafeInteger(id) && id > 0 });
  if (detail.isError) return <Result status="404" title={t('finance.receipt.notFound')} />;
  const receipt = detail.data;
  if (!receipt) return <Spin style={{ display: 'block', margin: '80px auto' }} />;
  const special = receipt.receipt_type === 'VATOSPECIAL';
  return (
    <Flex vertical gap={16}>
      <Card title={t('finance.receipt.invoice')} extra={<Tag color={receipt.status ? 'green' : 'gold'}>{t(`finance.receiptStatus.${receipt.status}`)}</Tag>}>
        <Descriptions column={2} size="small">
          <Descriptions.Item label={t('finance.receipt.type')}>{t(`finance.receiptType.${receipt.receipt_type}`)}</Descriptions.Item>
          <Descriptions.Item label={t('finance.receipt.title')}>{receipt.receipt_title}</Descriptions.Item>
          <Descriptions.Item label={t('finance.receipt.content')}>{receipt.receipt_content || '—'}</Descriptions.Item>
          <Descriptions.Item label={t('finance.receipt.taxNo')}>{receipt.tax_no || '—'}</Descriptions.Item>
          {special && <Descriptions.Item label={t('finance.zpzz.address')}>{receipt.reg_addr}</Descriptions.Item>}
          {special && <Descriptions.Item label={t('finance.zpzz.tel')}>{receipt.reg_tel}</Descriptions.Item>}
          {special && <Descriptions.Item label={t('finance.zpzz.bank')}>{`${receipt.bank_name} ${receipt.bank_account}`}</Descriptions.Item>}
          <Descriptions.Item label={t('finance.receipt.issued')}>{receipt.issue_time ? formatUnixTime(receipt.issue_time) : '—'}</Descriptions.Item>
          <Descriptions.Item label={t('finance.receipt.logistics')}>{receipt.logi_name ? `${receipt.logi_name} ${receipt.logi_code}` : '—'}</Descriptions.Item>
        </Descriptions>
      </Card>
      <Card title={t('finance.receipt.order')}>
        <Descriptions column={2} size="small" style={{ marginBottom: 16 }}>
          <Descriptions.Item label={t('finance.receipt.orderSn')}>{receipt.order_sn}</Descriptions.Item>
          <Descriptions.Item label={t('finance.receipt.amount')}>{formatYuan(receipt.order_price)}</Descriptions.Item>
          <Descriptions.Item label={t('finance.receipt.shop')}>{receipt.seller_name}</Descriptions.Item>
          <Descriptions.Item label={t('finance.receipt.member')}>{`${receipt.member_name} ${receipt.member_mobile}`}</Descriptions.Item>
          <Descriptions.Item label={t('finance.receipt.recipient')} span={2}>{`${receipt.ship_name} ${receipt.ship_address}`}</Descriptions.Item>
        </Descriptions>
        <Table<ReceiptDetail['goods'][number]>
          rowKey={(row) => `${row.name}-${row.price}`}
          size="small"
          pagination={false}
          dataSource={receipt.goods}
          columns={[
            { title: t('finance.receipt.goods'), dataIndex: 'name' },
            { title: t('finance.receipt.price'), dataIndex: 'price', align: 'right', render: formatYuan },
            { title: t('finance.receipt.num'), dataIndex: 'num', align: 'right' },
          ]}
        />
      </Card>
    </Flex>
  );
}
