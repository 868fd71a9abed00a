import { z } from 'zod';
import { idOf, listQuery, md5Hex, type Page } from './common.js';
import { defineEndpoints, endpoint, returns } from './endpoint.js';
import { MSG } from './messages.js';
import { PASSWORD_PATTERN } from './password.js';
import { mobileSchema, regionSelectionSchema, type RegionSelection } from './regions.js';

/**
 * A member's mobile by its country's rule (contract regions: libphonenumber's mobile patterns,
 * domestic CN by default): stored bare for CN and as `+<dialling code><number>` otherwise; `+86…`
 * becomes the bare domestic number so the same phone cannot be registered twice in two spellings.
 */
export const memberMobile = mobileSchema;

export const memberUname = z
  .string()
  .trim()
  .min(2, '会员名称为2-20个字符')
  .max(20, '会员名称为2-20个字符')
  .regex(/^[\w\u4e00-\u9fa5.@-]+$/, '会员名称只能包含中文、字母、数字和 _ . @ -');

const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const email = z.string().trim().max(100, '邮箱最多100个字符').refine((value) => value === '' || EMAIL_PATTERN.test(value), '邮箱格式有误');
const birthday = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, '生日格式有误')
  .refine((value) => {
    const date = new Date(`${value}T00:00:00Z`);
    return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(value) && date.getTime() <= Date.now();
  }, '生日格式有误');

/** Spec §3 Member: sex 1 male, 0 female. */
export const MEMBER_SEX = { MALE: 1, FEMALE: 0 } as const;
export const REGISTER_SOURCES = ['PC', 'WAP', 'APP', 'MINI', 'ADMIN'] as const;
export type RegisterSource = (typeof REGISTER_SOURCES)[number];

export const MEMBER_SORTS = ['create_time', 'last_login', 'consum_point', 'balance'] as const;
export type MemberSort = (typeof MEMBER_SORTS)[number];

const memberId = idOf('会员id格式有误');
const levelId = idOf('会员等级id格式有误');

/**
 * GET admin/members (DOMAIN §2.10): the member list, the recycle bin (disabled -1), the top-up
 * page's search and the member picker. Every filter and sort is served by an index on `members`.
 */
export const memberListQuery = listQuery(
  {
    keyword: z.string().trim().max(50).optional(),
    uname: z.string().trim().max(20).optional(),
    mobile: z.string().trim().max(20).optional(),
    email: z.string().trim().max(100).optional(),
    sex: z.coerce.number().int().min(0).max(1).optional(),
    level_id: levelId.optional(),
    start_time: z.coerce.number().int().min(0).optional(),
    end_time: z.coerce.number().int().min(0).optional(),
    disabled: z.coerce.number().int().min(-1).max(0).default(0),
  },
  { by: MEMBER_SORTS, default: 'create_time' },
).refine((q) => q.start_time === undefined || q.end_time === undefined || q.start_time <= q.end_time, {
  message: '开始时间不能晚于结束时间',
});
export type MemberListQuery = z.infer<typeof memberListQuery>;

export interface MemberRow {
  member_id: number;
  uname: string;
  nickname: string;
  face: string;
  /** masked (spec §9) */
  mobile: string;
  email: string;
  sex: 0 | 1;
  level_id: number | null;
  level_name: string;
  grade_point: number;
  consum_point: number;
  /** yuan */
  balance: number;
  create_time: number;
  last_login: number | null;
  login_count: number;
  disabled: 0 | -1;
  register_source: string;
}

/** GET admin/members/{id}: everything, the full mobile included. */
export interface MemberDetail extends Omit<MemberRow, 'mobile'> {
  mobile: string;
  birthday: string | null;
  /**
   * Where the member lives as the country/state/city picker gives it (spec §3 Region selection),
   * names from the server's data; null when none was chosen (an older member may still have `region`).
   */
  region_selection: RegionSelection | null;
  /** a domestic region's ids from the province down ([] otherwise) */
  region_ids: number[];
  /** the region's name as shown: '广东省 深圳市 南山区' (domestic), '美国 Texas Houston' (read-only) */
  region: string;
  address: string;
  tel: string;
  remark: string;
  register_ip: string;
  have_shop: 0 | 1;
  shop_id: number | null;
}

const profileFields = {
  nickname: z.string().trim().max(30, '昵称最多30个字符').default(''),
  face: z.string().trim().max(500, '头像地址最多500个字符').default(''),
  mobile: memberMobile,
  email: email.default(''),
  sex: z.coerce.number().int().min(0).max(1).default(1),
  birthday: birthday.nullable().default(null),
  /**
   * The country/state/city picker's selection, checked against the server's region data (spec §5
   * messages); null removes it. Absent leaves the stored region as it is (PUT). A selection
   * without a country counts as none.
   */
  region_selection: regionSelectionSchema
    .nullable()
    .optional()
    .transform((selection) => (selection && !selection.country_code ? null : selection)),
  address: z.string().trim().max(200, '详细地址最多200个字符').default(''),
  tel: z.string().trim().max(30, '固定电话最多30个字符').default(''),
  remark: z.string().trim().max(200, '备注最多200个字符').default(''),
  level_id: levelId.nullable().default(null),
};

/** POST admin/members: an operator registers a member (password as the console's MD5). */
export const memberCreateBody = z.object({ uname: memberUname, password: md5Hex, ...profileFields });
export type MemberCreate = z.infer<typeof memberCreateBody>;
export type MemberCreateInput = z.input<typeof memberCreateBody>;

/** PUT admin/members/{id}: uname never changes; a password (MD5) resets it and signs the member out. */
export const memberUpdateBody = z.object({
  ...profileFields,
  password: z.union([md5Hex, z.literal('')]).optional().transform((value) => value || undefined),
});
export type MemberUpdate = z.infer<typeof memberUpdateBody>;
export type MemberUpdateInput = z.input<typeof memberUpdateBody>;

export const memberParams = z.object({ id: memberId });
export const memberIdParam = z.object({ member_id: memberId });
export const memberLevelParams = z.object({ member_id: memberId, level_id: levelId });
export const levelParams = z.object({ id: levelId });

// ─── Levels ─────────────────────────────────────────────────────────────────

const ratio = (label: string, min: number) =>
  z.coerce.number().int(`${label}须为${min}-100的整数`).min(min, `${label}须为${min}-100的整数`).max(100, `${label}须为${min}-100的整数`);
export const MAX_LEVEL_POINT = 2_000_000_000;
const levelPoint = z.number().int('积分须为整数').min(0, '积分不能小于0').max(MAX_LEVEL_POINT, '积分过大');

/**
 * POST admin/members/level, PUT …/level/{id}. A level covers the level points
 * [min_point, max_point); max_point null means no ceiling. Ranges of two levels never overlap.
 */
export const memberLevelBody = z
  .object({
    level_name: z.string().trim().min(1, '请填写等级名称').max(20, '等级名称最多20个字符'),
    level_icon: z.string().trim().max(500, '图标地址最多500个字符').default(''),
    benefit_ratio: ratio('会员折扣', 1),
    allocation_ratio: ratio('店铺分摊比例', 0).default(0),
    min_point: levelPoint,
    max_point: levelPoint.nullable().default(null),
    description: z.string().trim().max(200, '等级说明最多200个字符').default(''),
  })
  .refine((level) => level.max_point === null || level.max_point > level.min_point, {
    message: '积分上限须大于积分下限',
    path: ['max_point'],
  });
export type MemberLevelInput = z.infer<typeof memberLevelBody>;
export type MemberLevelBodyInput = z.input<typeof memberLevelBody>;

export interface MemberLevelRow {
  level_id: number;
  level_name: string;
  level_icon: string;
  benefit_ratio: number;
  allocation_ratio: number;
  min_point: number;
  max_point: number | null;
  description: string;
  is_default: 0 | 1;
  member_count: number;
  create_time: number;
}

/** A level's point range as operators read it: `1000 – 5000`, `20000 – ∞`. */
export const levelRange = (level: { min_point: number; max_point: number | null }): string =>
  `${level.min_point} – ${level.max_point === null ? '∞' : level.max_point}`;

// ─── Wallet, points and the ledger (DOMAIN §2.10, §2.11) ────────────────────

export const MAX_ADJUST_MONEY = 1_000_000;
export const MAX_ADJUST_POINT = 1_000_000;
const adjustReason = z.string().trim().min(1, '请填写调整原因').max(100, '调整原因最多100个字符');

/** PUT admin/members/deposit/{member_id}/increase: a signed change of the pre-deposit balance, in yuan. */
export const depositAdjustBody = z.object({
  money: z.coerce
    .number({ message: '请输入调整金额' })
    .refine((value) => Number.isFinite(value), '请输入调整金额')
    .refine((value) => value !== 0, '调整金额不能为0')
    .refine((value) => Math.abs(value) <= MAX_ADJUST_MONEY, '单次调整金额不能超过1000000元')
    .refine((value) => Math.abs(value * 100 - Math.round(value * 100)) < 1e-6, '金额最多保留两位小数'),
  reason: adjustReason,
});
export type DepositAdjust = z.infer<typeof depositAdjustBody>;

/** PUT admin/members/point/{member_id}: a signed change of the spendable points. */
export const pointAdjustBody = z.object({
  point: z.coerce
    .number({ message: '请输入调整积分' })
    .int('积分须为整数')
    .refine((value) => value !== 0, '调整积分不能为0')
    .refine((value) => Math.abs(value) <= MAX_ADJUST_POINT, '单次调整积分不能超过1000000'),
  reason: adjustReason,
});
export type PointAdjust = z.infer<typeof pointAdjustBody>;

export interface MemberWallet {
  member_id: number;
  /** yuan */
  balance: number;
  consum_point: number;
  grade_point: number;
}

/** BALANCE in yuan; POINT (spendable) and GRADE_POINT (level) in points. */
export const LEDGER_KINDS = ['BALANCE', 'POINT', 'GRADE_POINT'] as const;
export type LedgerKind = (typeof LEDGER_KINDS)[number];
export const LEDGER_OPERATOR_TYPES = ['ADMIN', 'ORDER', 'SYSTEM'] as const;

export interface MemberLedgerRow {
  id: number;
  member_id: number;
  member_name: string;
  kind: LedgerKind;
  /** signed change: yuan for BALANCE, points otherwise */
  amount: number;
  /** the value after the change */
  after: number;
  reason: string;
  operator_type: string;
  operator_name: string;
  create_time: number;
}

/** GET admin/members/deposit/log: balance movements, of one member or all, newest first. */
export const depositLogQuery = listQuery(
  {
    member_id: memberId.optional(),
    member_name: z.string().trim().max(20).optional(),
    start_time: z.coerce.number().int().min(0).optional(),
    end_time: z.coerce.number().int().min(0).optional(),
  },
  { by: ['create_time'], default: 'create_time' },
);
export type DepositLogQuery = z.infer<typeof depositLogQuery>;

// ─── Import (DOMAIN §2.10, §2.31) ───────────────────────────────────────────

/** The largest member import file. */
export const MEMBER_IMPORT_MAX_MB = 10;

/**
 * The columns of the member import sheet: the member's account and profile fields the admin add
 * takes (DOMAIN §2.10), in the template's order. The header may be in either language. The
 * region (a picker selection) and the avatar (an uploaded file) are not importable.
 */
export const MEMBER_IMPORT_COLUMNS = [
  { key: 'uname', zh: '会员名称', en: 'Member name', required: true },
  { key: 'mobile', zh: '手机号', en: 'Mobile', required: true },
  { key: 'password', zh: '初始密码', en: 'Initial password', required: false },
  { key: 'nickname', zh: '昵称', en: 'Nickname', required: false },
  { key: 'email', zh: '邮箱', en: 'Email', required: false },
  { key: 'sex', zh: '性别', en: 'Sex', required: false },
  { key: 'birthday', zh: '生日', en: 'Birthday', required: false },
  { key: 'level_name', zh: '会员等级', en: 'Member level', required: false },
  { key: 'address', zh: '详细地址', en: 'Address', required: false },
  { key: 'tel', zh: '固定电话', en: 'Telephone', required: false },
  { key: 'remark', zh: '备注', en: 'Remark', required: false },
] as const;
export type MemberImportKey = (typeof MEMBER_IMPORT_COLUMNS)[number]['key'];

/**
 * One row of a member import: the admin-add body, with the password as typed in the sheet (spec
 * §5 rule, hashed by the server) and optional — a member imported without one signs in by SMS
 * code until they set one. The level comes as its name; the server turns it into `level_id`.
 */
export const memberImportRow = memberCreateBody.extend({
  password: z
    .string()
    .trim()
    .default('')
    .refine((value) => value === '' || PASSWORD_PATTERN.test(value), MSG.passwordRule),
  sex: z
    .string()
    .trim()
    .default('')
    .refine((value) => ['', '男', '女', '1', '0'].includes(value), '性别只能填写“男”或“女”')
    .transform((value) => (value === '女' || value === '0' ? 0 : 1)),
  level_name: z.string().trim().max(20, '会员等级最多20个字符').default(''),
});
export type MemberImportRow = z.infer<typeof memberImportRow>;

/** GET admin/members/point/{member_id}: the member's spendable and level point changes, newest first. */
export const pointLogQuery = listQuery({}, { by: ['create_time'], default: 'create_time' });
export type PointLogQuery = z.infer<typeof pointLogQuery>;

/** Pages that read the level list: the level page itself, the level filter and select of the member pages. */
const LEVEL_READERS = ['memberLevel', 'memberLevelAdd', 'memberLevelEdit', 'memberList', 'memberRecycle', 'memberEdit'] as const;

export const memberEndpoints = defineEndpoints('members', {
  levels: endpoint({ method: 'GET', path: 'admin/members/level', permission: LEVEL_READERS, response: returns<MemberLevelRow[]>() }),
  createLevel: endpoint({ method: 'POST', path: 'admin/members/level', permission: 'memberLevelAdd', body: memberLevelBody, response: returns<MemberLevelRow>() }),
  level: endpoint({ method: 'GET', path: 'admin/members/level/:id', permission: 'memberLevelEdit', params: levelParams, response: returns<MemberLevelRow>() }),
  updateLevel: endpoint({ method: 'PUT', path: 'admin/members/level/:id', permission: 'memberLevelEdit', params: levelParams, body: memberLevelBody, response: returns<MemberLevelRow>() }),
  deleteLevel: endpoint({ method: 'DELETE', path: 'admin/members/level/:id', permission: 'memberLevel', params: levelParams }),
  setDefaultLevel: endpoint({ method: 'PUT', path: 'admin/members/level/default/:id', permission: 'memberLevel', params: levelParams, response: returns<MemberLevelRow>() }),
  assignLevel: endpoint({ method: 'PUT', path: 'admin/members/edit-level/:member_id/:level_id', permission: 'memberEdit', params: memberLevelParams, response: returns<MemberDetail>() }),
  depositLog: endpoint({ method: 'GET', path: 'admin/members/deposit/log', permission: ['memberTopUp', 'memberEdit', 'preDeposit'], query: depositLogQuery, response: returns<Page<MemberLedgerRow>>() }),
  wallet: endpoint({ method: 'GET', path: 'admin/members/deposit/:member_id/wallet', permission: 'memberTopUp', params: memberIdParam, response: returns<MemberWallet>() }),
  adjustBalance: endpoint({ method: 'PUT', path: 'admin/members/deposit/:member_id/increase', permission: 'memberTopUp', twoStep: true, params: memberIdParam, body: depositAdjustBody, response: returns<MemberWallet>() }),
  pointLog: endpoint({ method: 'GET', path: 'admin/members/point/:member_id', permission: ['memberTopUp', 'memberEdit'], params: memberIdParam, query: pointLogQuery, response: returns<Page<MemberLedgerRow>>() }),
  adjustPoints: endpoint({ method: 'PUT', path: 'admin/members/point/:member_id', permission: 'memberTopUp', twoStep: true, params: memberIdParam, body: pointAdjustBody, response: returns<MemberWallet>() }),
  // the top-up page finds its member with the same list, and so does the member picker
  list: endpoint({ method: 'GET', path: 'admin/members', permission: ['memberList', 'memberRecycle', 'memberTopUp'], query: memberListQuery, response: returns<Page<MemberRow>>() }),
  create: endpoint({ method: 'POST', path: 'admin/members', permission: 'memberList', body: memberCreateBody, response: returns<MemberDetail>() }),
  detail: endpoint({ method: 'GET', path: 'admin/members/:id', permission: ['memberEdit', 'memberTopUp'], params: memberParams, response: returns<MemberDetail>() }),
  update: endpoint({ method: 'PUT', path: 'admin/members/:id', permission: 'memberEdit', twoStep: 'conditional', params: memberParams, body: memberUpdateBody, response: returns<MemberDetail>() }),
  recycle: endpoint({ method: 'DELETE', path: 'admin/members/:id', permission: 'memberList', params: memberParams }),
  restore: endpoint({ method: 'POST', path: 'admin/members/:id', permission: 'memberRecycle', params: memberParams }),
});
