/** The exports of the service, refund and collection lists (docs/jobs.md): each reads its list's own spec. */
import {
  COLLECTION_STATUSES,
  CREATE_CHANNELS,
  PAY_WAYS,
  PAYMENT_TYPES,
  REFUND_STATUSES,
  REFUND_WAYS,
  SERVICE_STATUSES,
  SERVICE_TYPES,
  collectionListQuery,
  refundListQuery,
  serviceListQuery,
  type CollectionListQuery,
  type CollectionRow,
  type RefundListQuery,
  type RefundRow,
  type ServiceListQuery,
  type ServiceRow,
} from '@agora/contract';
import { fromUnixSeconds, platformDateTime } from '../../platform/time.js';
import { dayRangeWords, exportJob, filterWords } from '../../platform/xlsx-export.js';
import { collectionListSpec, refundListSpec, serviceListSpec } from './service.js';

const time = (seconds: number | null) => (seconds === null ? '' : platformDateTime(fromUnixSeconds(seconds)));
const order = (label: string, query: { order: 'asc' | 'desc' }) => `按${label}${query.order === 'asc' ? '升序' : '降序'}`;

export const serviceExport = exportJob<ServiceListQuery, ServiceRow>('aftersale.export', {
  title: { zh: '售后服务', en: 'After-sales services' },
  params: serviceListQuery,
  columns: [
    { header: { zh: '申请时间', en: 'Applied' }, value: (row) => time(row.create_time), width: 20 },
    { header: { zh: '售后服务单号', en: 'Service no.' }, value: (row) => row.sn, width: 22 },
    { header: { zh: '订单编号', en: 'Order no.' }, value: (row) => row.order_sn, width: 22 },
    { header: { zh: '服务类型', en: 'Type' }, value: (row, lang) => SERVICE_TYPES[row.service_type][lang], width: 10 },
    { header: { zh: '状态', en: 'Status' }, value: (row, lang) => SERVICE_STATUSES[row.service_status][lang], width: 12 },
    { header: { zh: '会员', en: 'Member' }, value: (row) => row.member_name },
    { header: { zh: '店铺', en: 'Shop' }, value: (row) => row.shop_name, width: 20 },
    { header: { zh: '来源', en: 'Channel' }, value: (row, lang) => CREATE_CHANNELS[row.create_channel][lang], width: 10 },
    { header: { zh: '商品', en: 'Goods' }, value: (row) => row.goods_names.replace(/\n/g, '；'), width: 40 },
  ],
  describe: async (_ctx, query) =>
    filterWords(
      '全部售后服务',
      [
        query.keyword && `关键字：${query.keyword}`,
        query.service_sn && `售后服务单号：${query.service_sn}`,
        query.order_sn && `订单编号：${query.order_sn}`,
        query.service_type && `服务类型：${SERVICE_TYPES[query.service_type].zh}`,
        query.service_status && `状态：${SERVICE_STATUSES[query.service_status].zh}`,
        dayRangeWords('申请时间', query.start_time, query.end_time),
      ],
      order('申请时间', query),
    ),
  list: serviceListSpec,
});

export const refundExport = exportJob<RefundListQuery, RefundRow>('refund.export', {
  title: { zh: '退款单', en: 'Refunds' },
  params: refundListQuery,
  columns: [
    { header: { zh: '创建时间', en: 'Created' }, value: (row) => time(row.create_time), width: 20 },
    { header: { zh: '退款单号', en: 'Refund no.' }, value: (row) => row.sn, width: 22 },
    { header: { zh: '售后服务单号', en: 'Service no.' }, value: (row) => row.service_sn, width: 22 },
    { header: { zh: '订单编号', en: 'Order no.' }, value: (row) => row.order_sn, width: 22 },
    { header: { zh: '会员', en: 'Member' }, value: (row) => row.member_name },
    { header: { zh: '店铺', en: 'Shop' }, value: (row) => row.shop_name, width: 20 },
    { header: { zh: '退款方式', en: 'Refund way' }, value: (row, lang) => REFUND_WAYS[row.refund_way][lang], width: 12 },
    { header: { zh: '申请退款金额(元)', en: 'Requested (yuan)' }, value: (row) => row.refund_price, width: 14 },
    { header: { zh: '同意退款金额(元)', en: 'Agreed (yuan)' }, value: (row) => row.agree_price, width: 14 },
    { header: { zh: '实际退款金额(元)', en: 'Refunded (yuan)' }, value: (row) => row.actual_price, width: 14 },
    { header: { zh: '退还积分', en: 'Points back' }, value: (row) => row.refund_point, width: 10 },
    { header: { zh: '退款状态', en: 'Status' }, value: (row, lang) => REFUND_STATUSES[row.refund_status][lang], width: 10 },
    { header: { zh: '退款时间', en: 'Refunded at' }, value: (row) => time(row.refund_time), width: 20 },
  ],
  describe: async (_ctx, query) =>
    filterWords(
      '全部退款单',
      [
        query.keyword && `关键字：${query.keyword}`,
        query.service_sn && `售后服务单号：${query.service_sn}`,
        query.order_sn && `订单编号：${query.order_sn}`,
        query.refund_status && `退款状态：${REFUND_STATUSES[query.refund_status].zh}`,
        query.refund_way && `退款方式：${REFUND_WAYS[query.refund_way].zh}`,
        query.create_channel && `来源：${CREATE_CHANNELS[query.create_channel].zh}`,
        dayRangeWords('创建时间', query.start_time, query.end_time),
      ],
      order('创建时间', query),
    ),
  list: refundListSpec,
});

export const collectionExport = exportJob<CollectionListQuery, CollectionRow>('collection.export', {
  title: { zh: '收款单', en: 'Collections' },
  params: collectionListQuery,
  columns: [
    { header: { zh: '订单编号', en: 'Order no.' }, value: (row) => row.order_sn, width: 22 },
    { header: { zh: '支付方式', en: 'Payment type' }, value: (row, lang) => PAYMENT_TYPES[row.payment_type][lang], width: 12 },
    { header: { zh: '付款方式', en: 'Pay method' }, value: (row, lang) => PAY_WAYS[row.pay_way]?.[lang] ?? row.pay_way, width: 12 },
    { header: { zh: '付款时间', en: 'Paid at' }, value: (row) => time(row.pay_time), width: 20 },
    { header: { zh: '付款金额(元)', en: 'Amount (yuan)' }, value: (row) => row.pay_money, width: 12 },
    { header: { zh: '付款人', en: 'Payer' }, value: (row) => row.pay_member_name },
    { header: { zh: '付款状态', en: 'Status' }, value: (row, lang) => COLLECTION_STATUSES[row.pay_status][lang], width: 10 },
    { header: { zh: '店铺', en: 'Shop' }, value: (row) => row.shop_name, width: 20 },
    { header: { zh: '交易流水号', en: 'Trade no.' }, value: (row) => row.trade_no, width: 26 },
  ],
  describe: async (_ctx, query) =>
    filterWords(
      '全部收款单',
      [
        query.keyword && `订单编号：${query.keyword}`,
        query.member_name && `付款人：${query.member_name}`,
        query.pay_way && `付款方式：${PAY_WAYS[query.pay_way].zh}`,
        query.payment_type && `支付方式：${PAYMENT_TYPES[query.payment_type].zh}`,
        query.pay_status && `付款状态：${COLLECTION_STATUSES[query.pay_status].zh}`,
        dayRangeWords('付款时间', query.start_time, query.end_time),
      ],
      order('付款时间', query),
    ),
  list: collectionListSpec,
});
