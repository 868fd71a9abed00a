import { z } from 'zod';
import { idOf, listQuery, type Page } from './common.js';
import { defineEndpoints, endpoint, returns } from './endpoint.js';

/**
 * Shop contracts (店铺合同, spec §1's "contracts"; DOMAIN names no behaviour): the platform's signed
 * agreement with each shop. A contract runs from its start day to its end day (platform days,
 * UTC+8, both included); its state is read from those days and a termination:
 * 未生效 before the start, 生效中, 即将到期 in its last CONTRACT_EXPIRING_DAYS days, 已过期 after
 * the end, 已终止 once the platform ended it early (with a reason; irreversible). A shop holds at
 * most one contract at a time: periods of one shop's contracts that are not terminated never overlap.
 */
export const CONTRACT_STATES = ['PENDING', 'ACTIVE', 'EXPIRING', 'EXPIRED', 'TERMINATED'] as const;
export type ContractState = (typeof CONTRACT_STATES)[number];
export const CONTRACT_STATE_WORDS: Record<ContractState, { zh: string; en: string }> = {
  PENDING: { zh: '未生效', en: 'not yet in force' },
  ACTIVE: { zh: '生效中', en: 'in force' },
  EXPIRING: { zh: '即将到期', en: 'expiring soon' },
  EXPIRED: { zh: '已过期', en: 'expired' },
  TERMINATED: { zh: '已终止', en: 'terminated' },
};
/** the states a contract may still be edited or terminated in */
export const CONTRACT_OPEN_STATES = ['PENDING', 'ACTIVE', 'EXPIRING'] as const satisfies readonly ContractState[];
/** a contract ending within this many days (today included) is 即将到期, and its shop is told once */
export const CONTRACT_EXPIRING_DAYS = 30;
export const CONTRACT_LIMITS = { no: 32, remark: 200, reason: 200, fileMb: 10 } as const;
/** the signed file: a scan (PDF) or a photo */
export const CONTRACT_FILE_EXTS = ['pdf', 'jpg', 'jpeg', 'png'] as const;

const day = (message: string) => z.string({ message }).regex(/^\d{4}-\d{2}-\d{2}$/, message).refine((value) => !Number.isNaN(Date.parse(`${value}T00:00:00Z`)), message);

const contractFields = {
  contract_no: z
    .string({ message: '请填写合同编号' })
    .trim()
    .min(1, '请填写合同编号')
    .max(CONTRACT_LIMITS.no, `合同编号最多${CONTRACT_LIMITS.no}个字符`)
    .regex(/^[A-Za-z0-9-_]+$/, '合同编号只能包含字母、数字、短横线和下划线')
    .transform((value) => value.toUpperCase()),
  start_date: day('请选择合同开始日期'),
  end_date: day('请选择合同结束日期'),
  file_url: z.string({ message: '请上传合同文件' }).trim().min(1, '请上传合同文件').max(500, '合同文件地址过长'),
  file_name: z.string().trim().max(200, '合同文件名过长').default(''),
  remark: z.string().trim().max(CONTRACT_LIMITS.remark, `备注最多${CONTRACT_LIMITS.remark}个字符`).default(''),
};

const endAfterStart = <T extends { start_date: string; end_date: string }>(value: T) => value.end_date >= value.start_date;
const endAfterStartIssue = { message: '合同结束日期不能早于开始日期', path: ['end_date'] };

/** PUT admin/shops/contracts/{id}: the shop stays (the contract is that shop's). */
export const contractEditBody = z.object(contractFields).refine(endAfterStart, endAfterStartIssue);
export type ContractEditInput = z.output<typeof contractEditBody>;

/** POST admin/shops/contracts */
export const contractBody = z.object({ ...contractFields, shop_id: idOf('请选择店铺') }).refine(endAfterStart, endAfterStartIssue);
export type ContractInput = z.output<typeof contractBody>;

export const contractTerminateBody = z.object({
  reason: z.string({ message: '请填写终止原因' }).trim().min(1, '请填写终止原因').max(CONTRACT_LIMITS.reason, `终止原因最多${CONTRACT_LIMITS.reason}个字符`),
});

export interface ContractRow {
  id: number;
  contract_no: string;
  shop_id: number;
  shop_name: string;
  start_date: string;
  end_date: string;
  state: ContractState;
  /** days left until the end day (0 on it), negative once expired */
  days_left: number;
  file_url: string;
  file_name: string;
  remark: string;
  terminate_reason: string;
  /** unix seconds, or null while not terminated */
  terminate_time: number | null;
  terminated_by: string;
  /** unix seconds the shop was told of the coming end, or null */
  expiry_notice_time: number | null;
  create_time: number;
}

export const contractParams = z.object({ id: idOf('合同id格式有误') });
export const contractShopParams = z.object({ shop_id: idOf('店铺id格式有误') });

const optionalDay = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, '日期格式有误').optional();

/** GET admin/shops/contracts */
export const contractQuery = listQuery(
  {
    shop_id: idOf('店铺id格式有误').optional(),
    contract_no: z.string().trim().max(CONTRACT_LIMITS.no).transform((value) => value.toUpperCase()).optional(),
    state: z.enum(CONTRACT_STATES, { message: '合同状态有误' }).optional(),
    end_from: optionalDay,
    end_to: optionalDay,
  },
  { by: ['end_date', 'create_time'], default: 'end_date', order: 'asc' },
);
export type ContractQuery = z.output<typeof contractQuery>;

/** POST admin/shops/contracts/files → */
export interface ContractFile {
  url: string;
  name: string;
  ext: string;
  size: number;
}

export const contractEndpoints = defineEndpoints('contracts', {
  list: endpoint({ method: 'GET', path: 'admin/shops/contracts', permission: 'shopContracts', query: contractQuery, response: returns<Page<ContractRow>>() }),
  get: endpoint({ method: 'GET', path: 'admin/shops/contracts/:id', permission: 'shopContracts', params: contractParams, response: returns<ContractRow>() }),
  create: endpoint({ method: 'POST', path: 'admin/shops/contracts', permission: 'shopContracts', body: contractBody, response: returns<ContractRow>() }),
  update: endpoint({ method: 'PUT', path: 'admin/shops/contracts/:id', permission: 'shopContracts', params: contractParams, body: contractEditBody, response: returns<ContractRow>() }),
  terminate: endpoint({ method: 'PUT', path: 'admin/shops/contracts/:id/terminate', permission: 'shopContracts', params: contractParams, body: contractTerminateBody, response: returns<ContractRow>() }),
  /** the signed file (PDF, JPG or PNG up to CONTRACT_LIMITS.fileMb), checked by its content */
  upload: endpoint({ method: 'POST', path: 'admin/shops/contracts/files', permission: 'shopContracts', multipart: true, response: returns<ContractFile>() }),
  /** the shop's contract in force today (or else its next one), for the shop's own page */
  ofShop: endpoint({ method: 'GET', path: 'admin/shops/:shop_id/contract', permission: ['shopEdit', 'shopContracts'], params: contractShopParams, response: returns<ContractRow | null>() }),
});
