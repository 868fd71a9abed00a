/**
 * The shop list's 导出 (docs/jobs.md): each list's own spec for the
 * operator's filters, written to xlsx by a background job.
 */
import { SHOP_STATUS, shopListQuery, type ShopListQuery, type ShopRow } from '@agora/contract';
import { fromUnixSeconds, platformDateTime } from '../../platform/time.js';
import { dayRangeWords, exportJob, filterWords } from '../../platform/xlsx-export.js';
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
