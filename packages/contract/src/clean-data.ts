import { z } from 'zod';
import { defineEndpoints, endpoint, returns } from './endpoint.js';

/**
 * Clear data (`/setting/system-params/clearing-data`, DOMAIN §2.29 [U]): `PUT admin/system/clean-all`
 * empties the marketplace's business data, behind the second step, with an important audit row.
 * What it clears and what it keeps is this list: the confirmation shows it, the server clears it.
 */
export const CLEAN_GROUPS = {
  orders: { zh: '订单、订单日志、支付与发货记录、售后单与退款', en: 'Orders with their logs, payments and shipments; after-sales and refunds' },
  members: { zh: '会员及其积分与预存款流水、充值记录、会员优惠券、商品收藏、发票资质与开票记录', en: 'Members with their points and wallet ledgers, top-ups, coupons held, favourites, invoice qualifications and invoices' },
  shops: { zh: '店铺及店铺资料、保证金流水、结算单、店铺合同、直播间', en: 'Shops with their details, margin records, settlement bills, contracts and live rooms' },
  goods: { zh: '商品与SKU、商品评论、商品咨询与回复', en: 'Goods and SKUs, goods comments, questions and answers' },
  promotions: { zh: '优惠券、秒杀活动与报名、拼团活动、积分兑换商品、签到活动与签到记录', en: 'Coupons, seckill events and their applications, group-buy events, points-exchange goods, sign-in activities and check-ins' },
  distribution: { zh: '分销员、分销商品与订单、佣金、分销结算与提现', en: 'Distributors, distribution goods and orders, commissions, distribution bills and withdrawals' },
  service: { zh: '交易投诉、客服会话与消息、通知发送记录、站内消息、短信发送任务与记录', en: 'Trade complaints, customer-service chats, the notification history, site messages, SMS send tasks and records' },
  statistics: { zh: '统计数据', en: 'Statistics' },
} as const;
export type CleanGroup = keyof typeof CLEAN_GROUPS;

/** What clearing never touches. */
export const CLEAN_KEEPS = {
  zh: '管理员与角色、系统设置、支付方式与各类插件配置、SMTP账号、物流公司、分类品牌与参数、会员等级、地区、币种与语言、页面装修、素材库、系统日志',
  en: 'Administrators and roles, system settings, payment methods and plugin configs, SMTP accounts, logistics companies, categories, brands and parameters, member levels, regions, currencies and languages, page decoration, the media library, system logs',
} as const;

/** The operator confirms by typing this. */
export const CLEAN_CONFIRM_TEXT = '确认清除';

export const cleanAllBody = z.object({
  confirm: z.literal(CLEAN_CONFIRM_TEXT, { message: `请输入“${CLEAN_CONFIRM_TEXT}”以确认清除数据` }),
});

export interface CleanAllResult {
  /** rows cleared per group */
  cleared: { group: CleanGroup; rows: number }[];
}

export const cleanDataEndpoints = defineEndpoints('cleanData', {
  cleanAll: endpoint({ method: 'PUT', path: 'admin/system/clean-all', permission: 'clearingData', twoStep: true, body: cleanAllBody, response: returns<CleanAllResult>() }),
});
