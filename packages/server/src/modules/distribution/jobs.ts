/** Distribution's background work (DOMAIN §2.20): frozen commission becomes withdrawable after the cycle; monthly performance bills; the withdrawal export. */
import { withdrawQuery, type WithdrawQuery, type WithdrawRow } from '@agora/contract';
import { shippedTexts } from '../../platform/i18n.js';
import { registerScheduledTask } from '../../platform/scheduler.js';
import { fromUnixSeconds, platformDateTime } from '../../platform/time.js';
import { dayRangeWords, exportJob, filterWords } from '../../platform/xlsx-export.js';
import { unfreezeDue } from './commission.js';
import { buildBills } from './service.js';
import { withdrawalListSpec } from './withdrawals.js';

registerScheduledTask('distribution.unfreeze', {
  schedule: { everyMinutes: 30 },
  async run(ctx, now) {
    return `佣金解冻 ${await unfreezeDue(ctx, now)} 笔`;
  },
});

registerScheduledTask('distribution.bills', {
  schedule: { dailyAt: '01:30' },
  async run(ctx, now) {
    return `生成分销业绩单 ${await buildBills(ctx, now)} 张`;
  },
});

const time = (seconds: number | null) => (seconds === null ? '' : platformDateTime(fromUnixSeconds(seconds)));

/** The words of the console's own locale files (distribution.withdraw.*), so the sheet says what the list says. */
const words = { zh: shippedTexts('zh-CN'), en: shippedTexts('en-US') };
const word = (lang: 'zh' | 'en', key: string) => words[lang][`distribution.withdraw.${key}`] ?? key;

/** 导出 of the withdrawal requests (spec's ManagerWithdrawExport): the list's own spec under the operator's filters. */
export const withdrawExport = exportJob<WithdrawQuery, WithdrawRow>('withdraw.export', {
  title: { zh: '提现申请', en: 'Withdrawal requests' },
  params: withdrawQuery,
  columns: [
    { header: { zh: '申请单号', en: 'Request no.' }, value: (row) => row.sn, width: 22 },
    { header: { zh: '会员', en: 'Member' }, value: (row) => row.member_name },
    { header: { zh: '提现金额(元)', en: 'Amount (yuan)' }, value: (row) => row.amount, width: 14 },
    { header: { zh: '提现方式', en: 'Paid to' }, value: (row, lang) => word(lang, `ways.${row.way}`), width: 10 },
    { header: { zh: '收款账号', en: 'Account' }, value: (row) => row.account, width: 24 },
    { header: { zh: '申请状态', en: 'State' }, value: (row, lang) => word(lang, `status.${row.status}`), width: 12 },
    { header: { zh: '申请备注', en: 'Request remark' }, value: (row) => row.apply_remark, width: 20 },
    { header: { zh: '审核备注', en: 'Audit remark' }, value: (row) => row.audit_remark, width: 20 },
    { header: { zh: '转账备注', en: 'Payout remark' }, value: (row) => row.transfer_remark, width: 20 },
    { header: { zh: '关闭原因', en: 'Close reason' }, value: (row) => row.close_reason, width: 20 },
    { header: { zh: '操作人', en: 'Operator' }, value: (row) => row.operator },
    { header: { zh: '申请时间', en: 'Requested' }, value: (row) => time(row.create_time), width: 20 },
    { header: { zh: '审核时间', en: 'Audited' }, value: (row) => time(row.audit_time), width: 20 },
    { header: { zh: '完成时间', en: 'Finished' }, value: (row) => time(row.finish_time), width: 20 },
  ],
  describe: async (_ctx, query) =>
    filterWords(
      '全部提现申请',
      [
        query.status && `状态：${words.zh[`distribution.withdraw.status.${query.status}`]}`,
        query.member_name && `会员：${query.member_name}`,
        query.sn && `申请单号：${query.sn}`,
        dayRangeWords('申请时间', query.start_time, query.end_time),
      ],
      `按申请时间${query.order === 'asc' ? '升序' : '降序'}`,
    ),
  list: withdrawalListSpec,
});
