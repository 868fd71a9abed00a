/**
 * The shop list's and the margin flow lists' 导出 (docs/jobs.md): each list's own spec for the
 * operator's filters, written to xlsx by a background job.
 */
import { MARGIN_AUTH_STATUS, SHOP_STATUS, marginFlowListQuery, shopListQuery, type MarginFlowListQuery, type MarginFlowRow, type ShopListQuery, type ShopRow } from '@agora/contract';
import { fromUnixSeconds, platformDateTime } from '../../platform/time.js';
import { dayRangeWords, exportJob, filterWords } from '../../platform/xlsx-export.js';
import { marginFlowListSpec } from './margin.js';
import { shopListSpec } from './service.js';

const time = (seconds: number | null) => (seconds === null ? '' : platformDateTime(fromUnixSeconds(seconds)));
const order = (query: { order: 'asc' | 'desc' }, by: string) => `按${by}${query.order === 'asc' ? '升序' : '降序'}`;

export const shopExport = exportJob<ShopListQuery, ShopRow>('shop.export', {
  title: { zh: '店铺列表', en: 'Shops' },
  params: shopListQuery,
  columns: [
    { header: { zh: '店铺ID', en: 'ID' }, value: (row) => row.shop_id, width: 10 },
    { header: { zh: '店铺名称', en: 'Shop name' }, value: (row) => row.shop_name, width: 24 },
    { header: { zh: '会员名称', en: 'Member' }, value: (row) => row.member_name },
    { header: { zh: '状态', en: 'Status' }, value: (row, lang) => SHOP_STATUS[row.shop_disable][lang], width: 12 },
    { header: { zh: '自营', en: 'Self-operated' }, value: (row, lang) => (row.self_operated === 1 ? (lang === 'en' ? 'Yes' : '是') : lang === 'en' ? 'No' : '否'), width: 8 },
    { header: { zh: '公司名称', en: 'Company' }, value: (row) => row.company_name, width: 24 },
    // Masked as the list shows it (spec §9).
    { header: { zh: '联系电话', en: 'Phone' }, value: (row) => row.link_phone },
    { header: { zh: '所在地', en: 'Region' }, value: (row) => row.region, width: 24 },
    { header: { zh: '商品数', en: 'Goods' }, value: (row) => row.goods_num, width: 10 },
    { header: { zh: '审核备注', en: 'Audit remark' }, value: (row) => row.audit_remark, width: 20 },
    { header: { zh: '申请时间', en: 'Applied' }, value: (row) => time(row.create_time), width: 20 },
    { header: { zh: '开店时间', en: 'Opened' }, value: (row) => time(row.open_time), width: 20 },
  ],
  describe: async (_ctx, query) =>
    filterWords(
      '全部店铺',
      [
        query.shop_disable !== 'ALL' && `状态：${SHOP_STATUS[query.shop_disable].zh}`,
        query.keyword && `关键字：${query.keyword}`,
        dayRangeWords('申请时间', query.start_time, query.end_time),
      ],
      order(query, '申请时间'),
    ),
  list: shopListSpec,
});

const AUTH_WORDS = { AUDITED: '已审核', ...Object.fromEntries(Object.entries(MARGIN_AUTH_STATUS).map(([key, label]) => [key, label.zh])) } as Record<string, string>;

export const marginFlowExport = exportJob<MarginFlowListQuery, MarginFlowRow>('margin.export', {
  title: { zh: '保证金记录', en: 'Margin flows' },
  params: marginFlowListQuery,
  columns: [
    { header: { zh: '流水ID', en: 'ID' }, value: (row) => row.id, width: 10 },
    { header: { zh: '店铺名称', en: 'Shop' }, value: (row) => row.shop_name, width: 24 },
    { header: { zh: '类型', en: 'Type' }, value: (row, lang) => (row.type === 1 ? (lang === 'en' ? 'Add' : '增加') : lang === 'en' ? 'Deduct' : '扣除'), width: 8 },
    { header: { zh: '金额(元)', en: 'Amount (yuan)' }, value: (row) => row.actual_pay_amount, width: 12 },
    { header: { zh: '剩余保证金(元)', en: 'Remaining (yuan)' }, value: (row) => row.total_amount, width: 14 },
    { header: { zh: '说明', en: 'Remark' }, value: (row) => row.remark, width: 24 },
    { header: { zh: '凭证', en: 'Vouchers' }, value: (row) => row.voucher.join('\n'), width: 24 },
    { header: { zh: '状态', en: 'Status' }, value: (row, lang) => MARGIN_AUTH_STATUS[row.auth_status][lang], width: 12 },
    { header: { zh: '审核备注', en: 'Audit remark' }, value: (row) => row.auth_remark, width: 20 },
    { header: { zh: '审核人', en: 'Auditor' }, value: (row) => row.auditor_name },
    { header: { zh: '审核时间', en: 'Audited' }, value: (row) => time(row.audit_time), width: 20 },
    { header: { zh: '时间', en: 'Time' }, value: (row) => time(row.create_time), width: 20 },
  ],
  describe: async (_ctx, query) =>
    filterWords(
      '全部保证金记录',
      [
        query.auth_status && `状态：${AUTH_WORDS[query.auth_status]}`,
        query.shop_name && `店铺名称：${query.shop_name}`,
        dayRangeWords('时间', query.start_time, query.end_time),
      ],
      order(query, '时间'),
    ),
  list: marginFlowListSpec,
});
