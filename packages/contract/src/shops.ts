import { z } from 'zod';
import { flag, idListOf, idOf, idParam, listQuery, type Page, type TaskQueued } from './common.js';
import { defineEndpoints, endpoint, returns } from './endpoint.js';
import { MARGIN_REMARK_MAX, type MarginFlowRow } from './finance.js';
import type { ShopStatus } from './marketplace.js';
import { MEMBER_PICKER_PAGE_SIZE, type MemberPickerRow } from './pickers.js';
import { mobileSchema, regionId } from './regions.js';

/** Unix seconds of a day-range filter (the created or paid day…). */
const unixTime = z.coerce.number().int().min(0).optional();

export const SHOP_LIST_STATES = ['ALL', 'OPEN', 'CLOSED', 'APPLY', 'REFUSED', 'APPLYING'] as const;

/** GET admin/shops (DOMAIN §2.13), newest first. shop_disable ALL leaves out the unfinished applications (APPLYING). */
export const shopListQuery = listQuery(
  {
    keyword: z.string().trim().max(50).optional(),
    shop_disable: z.enum(SHOP_LIST_STATES).default('ALL'),
    start_time: unixTime,
    end_time: unixTime,
  },
  { by: ['create_time'], default: 'create_time' },
);
export type ShopListQuery = z.output<typeof shopListQuery>;

/**
 * PUT admin/shops/{id}: with `pass` the audit of an application (a refusal needs the reason),
 * without it a plain edit whose fields are the body.
 */
export const shopUpdateQuery = z
  .object({
    pass: flag.optional(),
    audit_remark: z.string().trim().max(200, '审核备注最多200个字符').default(''),
  })
  .refine((q) => q.pass !== 0 || q.audit_remark.length > 0, { message: '请填写拒绝原因', path: ['audit_remark'] });

export interface ShopRow {
  shop_id: number;
  shop_name: string;
  member_id: number;
  member_name: string;
  shop_disable: ShopStatus;
  self_operated: 0 | 1;
  logo: string;
  region: string;
  /** masked (spec §9) */
  link_phone: string;
  company_name: string;
  goods_num: number;
  audit_remark: string;
  create_time: number;
  open_time: number | null;
}

const text = (max: number, label: string) => z.string().trim().max(max, `${label}最多${max}个字符`).default('');
const contactPhone = z
  .string()
  .trim()
  .regex(/^$|^\+?[0-9][0-9\- ]{4,18}$/, '联系电话格式有误')
  .default('');
const day = z.string().regex(/^$|^\d{4}-\d{2}-\d{2}$/, '日期格式有误').default('');
/** A money amount in yuan: positive, at most two decimals. */
export const positiveYuan = (label: string) =>
  z.coerce
    .number({ message: `请填写${label}` })
    .positive(`${label}必须大于0`)
    .max(99_999_999, `${label}过大`)
    .refine((value) => Math.abs(Math.round(value * 100) - value * 100) < 1e-6, `${label}最多两位小数`);

export const SHOP_NAME_MAX = 15;
export const shopName = z.string().trim().min(1, '请填写店铺名称').max(SHOP_NAME_MAX, `店铺名称最多${SHOP_NAME_MAX}个字符`);

/** PUT admin/shops/{id} without `pass`: the operator edits a shop (DOMAIN §2.13). */
export const shopEditBody = z
  .object({
    shop_name: shopName,
    self_operated: z.coerce.number().int().min(0).max(1).default(0),
    logo: text(500, '店铺Logo'),
    banner: text(500, '店铺横幅'),
    description: text(200, '店铺简介'),
    /** the region chosen in the domestic cascader; the server names it (`region`) from its data */
    region_id: regionId,
    region: text(100, '店铺所在地'),
    address: text(200, '详细地址'),
    commission_rate: z.coerce.number({ message: '请填写平台抽成比例' }).min(0, '平台抽成比例为0到100').max(100, '平台抽成比例为0到100'),
    goods_category_ids: z.array(z.coerce.number().int().positive()).max(200).default([]),
    company_name: text(100, '公司名称'),
    company_address: text(200, '公司地址'),
    company_phone: contactPhone,
    company_email: z.union([z.literal(''), z.string().trim().email('公司邮箱格式有误').max(100)]).default(''),
    employee_num: z.coerce.number().int().min(0).max(10_000_000).default(0),
    reg_money: z.coerce.number().int().min(0).max(100_000_000).default(0),
    link_name: text(30, '联系人'),
    link_phone: mobileSchema,
    legal_name: text(30, '法人姓名'),
    legal_id: z.string().trim().regex(/^$|^[0-9]{17}[0-9Xx]$/, '法人身份证号格式有误').default(''),
    legal_img: text(500, '法人身份证照片'),
    license_num: text(50, '营业执照号'),
    license_region_id: regionId,
    license_region: text(100, '营业执照所在地'),
    license_address: text(200, '营业执照详细地址'),
    establish_date: day,
    licence_start: day,
    licence_end: day,
    scope: text(500, '经营范围'),
    licence_img: text(500, '营业执照照片'),
    bank_account_name: text(50, '银行开户名'),
    bank_number: z.string().trim().regex(/^$|^[0-9]{8,30}$/, '银行账号为8到30位数字').default(''),
    bank_name: text(50, '开户银行'),
    bank_region_id: regionId,
    bank_region: text(100, '开户银行所在地'),
    bank_img: text(500, '开户许可证照片'),
    /** the themes its PC and WAP sites are drawn with (given at opening); left out, they stay */
    pc_theme_id: z.coerce.number({ message: '模版不存在' }).int().positive('模版不存在').optional(),
    wap_theme_id: z.coerce.number({ message: '模版不存在' }).int().positive('模版不存在').optional(),
  })
  .refine((body) => !body.licence_start || !body.licence_end || body.licence_start <= body.licence_end, {
    message: '营业执照有效期的开始日期不能晚于结束日期',
    path: ['licence_end'],
  });
export type ShopEditInput = z.infer<typeof shopEditBody>;

/** The body of `PUT admin/shops/{id}`: the edit, or none (`{}` too) when the call is an audit. */
const shopUpdateBody = z.preprocess(
  (body: z.input<typeof shopEditBody> | undefined) => (body && typeof body === 'object' && Object.keys(body).length === 0 ? undefined : body),
  shopEditBody.optional(),
);

/** GET admin/shops/{id}: everything the edit page shows, the contact phone unmasked. */
export type ShopDetail = ShopEditInput & {
  /** the regions' ids from the province down ([] when only a name was given) */
  region_ids: number[];
  license_region_ids: number[];
  bank_region_ids: number[];
  shop_id: number;
  member_id: number;
  member_name: string;
  shop_disable: ShopStatus;
  remaining_margin: number;
  settlement_days: number[];
  /** which orders its bills take */
  settlement_status: SettlementStatus;
  goods_num: number;
  audit_remark: string;
  create_time: number;
  open_time: number | null;
  close_time: number | null;
};

/** POST admin/shops/base: the operator opens a shop for an existing member; it opens at once. */
export const shopAddBody = z.object({
  member_id: z.coerce.number({ message: '请选择会员' }).int().positive('请选择会员'),
  shop_name: shopName,
  commission_rate: z.coerce.number().min(0, '平台抽成比例为0到100').max(100, '平台抽成比例为0到100').default(5),
  self_operated: z.coerce.number().int().min(0).max(1).default(0),
});
export type ShopAddInput = z.infer<typeof shopAddBody>;

/**
 * GET admin/shops/members: the members the shop-add page's member picker pages through, by name or
 * mobile; those who already have a shop come marked.
 */
export const shopMemberQuery = listQuery(
  {
    keyword: z.string().trim().max(30).default(''),
    page_size: z.coerce.number().int().min(1).max(50).default(MEMBER_PICKER_PAGE_SIZE),
  },
  { by: ['uname'], default: 'uname', order: 'asc' },
);
export type ShopMemberQuery = z.output<typeof shopMemberQuery>;
export interface ShopMemberOption extends MemberPickerRow {
  /** the member already has a shop (or an application in progress) */
  have_shop: 0 | 1;
}

/** GET admin/shops/list: id and name of the shops, for pickers and filters. */
export const shopOptionsQuery = z.object({
  keyword: z.string().trim().max(30).default(''),
  /** comma-joined ids that must be in the answer whatever the keyword (the current selection) */
  ids: z.preprocess((raw) => (raw === '' ? undefined : raw), idListOf('店铺id格式有误', 50, '一次最多查询50个店铺').optional()).transform((ids) => ids ?? []),
  limit: z.coerce.number().int().min(1).max(100).default(30),
});
export type ShopOptionsQuery = z.output<typeof shopOptionsQuery>;
export interface ShopOption {
  shop_id: number;
  shop_name: string;
  shop_disable: ShopStatus;
}

/** `{shop_ids}` of the settlement paths: comma-joined shop ids, at most 100. */
export const shopIdsParam = z.object({ ids: idListOf('店铺id格式有误', 100, '一次最多操作100个店铺') });

export const SETTLEMENT_DAYS_MAX = 5;
/**
 * Which orders a shop's bill takes ([U] 结算状态): those paid, those completed, or those whose
 * after-sale window has closed before the period's end. An order that does not qualify yet waits
 * for a later bill.
 */
export const SETTLEMENT_STATUS = ['PAID', 'COMPLETE', 'SERVICE_EXPIRED'] as const;
export type SettlementStatus = (typeof SETTLEMENT_STATUS)[number];
export const SETTLEMENT_STATUS_LABELS: Record<SettlementStatus, { zh: string; en: string }> = {
  PAID: { zh: '已付款', en: 'Paid' },
  COMPLETE: { zh: '已完成', en: 'Completed' },
  SERVICE_EXPIRED: { zh: '售后期满', en: 'After-sales closed' },
};
/** PUT admin/order/bills/{shop_ids}/param?param=15,25: the days of the month a shop's bill is cut. */
export const settlementDaysQuery = z.object({
  param: z
    .string({ message: '请选择结算日' })
    .regex(/^\d{1,2}(,\d{1,2})*$/, '请选择结算日')
    .transform((raw) => [...new Set(raw.split(',').map(Number))].sort((a, b) => a - b))
    .refine((days) => days.every((d) => d >= 1 && d <= 31), '结算日为每月1到31日')
    .refine((days) => days.length <= SETTLEMENT_DAYS_MAX, `结算日最多设置${SETTLEMENT_DAYS_MAX}个`),
  /** the settlement status to set with the days; left as it is when absent */
  status: z.enum(SETTLEMENT_STATUS, { message: '结算状态有误' }).optional(),
});

/** GET admin/shops/margin-flow/history?shop_id: every flow of one shop, newest first. */
export const marginHistoryQuery = listQuery({ shop_id: idOf('店铺id格式有误') }, { by: ['create_time'], default: 'create_time' });
export type MarginHistoryQuery = z.output<typeof marginHistoryQuery>;

/** POST admin/shops/margin-flow (fields as a query, spec §7): the operator deducts from (type 0) or adds to (type 1) a shop's margin. */
export const marginAdjustQuery = z.object({
  shop_id: idOf('店铺id格式有误'),
  type: z.coerce.number().int().min(0).max(1),
  actual_pay_amount: positiveYuan('金额'),
  remark: z.string().trim().min(1, '请填写原因').max(MARGIN_REMARK_MAX, `原因最多${MARGIN_REMARK_MAX}个字符`),
  // one voucher in a query string arrives as a plain string
  voucher: z.preprocess((value) => (typeof value === 'string' ? [value] : value), z.array(z.string().max(500)).max(5, '凭证最多5张').default([])),
});
export type MarginAdjustInput = z.output<typeof marginAdjustQuery>;

/** Every screen that filters or picks by shop. */
const SHOP_PICKERS = ['goodsList', 'shopContracts', 'liveVideo', 'goodsAudit', 'shopList', 'examineList', 'commitRecord', 'settlement', 'orderList', 'coupon', 'couponUpdate', 'goodsCommentList', 'goodsAskList', 'pcPages', 'mobilePages'] as const;

export const shopEndpoints = defineEndpoints('shops', {
  list: endpoint({ method: 'GET', path: 'admin/shops', permission: ['shopList', 'shopAudit'], query: shopListQuery, response: returns<Page<ShopRow>>() }),
  /** 导出: the list's filters, every page, as an export task */
  export: endpoint({ method: 'POST', path: 'admin/shops/export', permission: 'shopList', twoStep: true, body: shopListQuery, response: returns<TaskQueued>() }),
  /** 导出 of the audit queue: the applications (shop_disable is always APPLY, whatever the body says). */
  auditExport: endpoint({ method: 'POST', path: 'admin/shops/audit/export', permission: 'shopAudit', twoStep: true, body: shopListQuery, response: returns<TaskQueued>() }),
  options: endpoint({ method: 'GET', path: 'admin/shops/list', permission: SHOP_PICKERS, query: shopOptionsQuery, response: returns<ShopOption[]>() }),
  members: endpoint({ method: 'GET', path: 'admin/shops/members', permission: 'shopAdd', query: shopMemberQuery, response: returns<Page<ShopMemberOption>>() }),
  add: endpoint({ method: 'POST', path: 'admin/shops/base', permission: 'shopAdd', body: shopAddBody, response: returns<{ shop_id: number }>() }),
  /** the edit page, the auditor's view of an application, and the list's preview */
  detail: endpoint({ method: 'GET', path: 'admin/shops/:id', permission: ['shopEdit', 'shopAudit', 'shopList'], params: idParam, response: returns<ShopDetail>() }),
  close: endpoint({ method: 'PUT', path: 'admin/shops/disable/:id', permission: 'shopList', params: idParam }),
  reopen: endpoint({ method: 'PUT', path: 'admin/shops/enable/:id', permission: 'shopList', params: idParam }),
  /** an audit with `?pass` (shopAudit), else an edit with the body (shopEdit) */
  update: endpoint({
    method: 'PUT',
    path: 'admin/shops/:id',
    permission: ['shopAudit', 'shopEdit'],
    params: idParam,
    query: shopUpdateQuery,
    body: shopUpdateBody,
  }),
  settlementDays: endpoint({ method: 'PUT', path: 'admin/order/bills/:ids/param', permission: ['shopList', 'shopEdit'], params: shopIdsParam, query: settlementDaysQuery }),
  settleNow: endpoint({ method: 'POST', path: 'admin/order/bills/now/:ids', permission: ['shopList', 'shopEdit', 'settlement'], params: shopIdsParam, response: returns<{ bill_ids: number[] }>() }),
  marginHistory: endpoint({
    method: 'GET',
    path: 'admin/shops/margin-flow/history',
    permission: ['shopEdit', 'examineList', 'commitRecord'],
    query: marginHistoryQuery,
    response: returns<Page<MarginFlowRow>>(),
  }),
  adjustMargin: endpoint({ method: 'POST', path: 'admin/shops/margin-flow', permission: 'shopEdit', query: marginAdjustQuery, response: returns<{ total_amount: number }>() }),
});
