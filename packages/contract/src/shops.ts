import { z } from 'zod';
import { pageQuery } from './common.js';
import type { ShopStatus } from './marketplace.js';

/** GET admin/shops (DOMAIN §2.13). shop_disable ALL leaves out the unfinished applications (APPLYING). */
export const shopListQuery = pageQuery.extend({
  keyword: z.string().trim().max(50).optional(),
  shop_disable: z.enum(['ALL', 'OPEN', 'CLOSED', 'APPLY', 'REFUSED', 'APPLYING']).default('ALL'),
  start_time: z.coerce.number().int().min(0).optional(),
  end_time: z.coerce.number().int().min(0).optional(),
});
export type ShopListQuery = z.infer<typeof shopListQuery>;

/** PUT admin/shops/{id} with pass: the audit of an application. */
export const shopAuditQuery = z
  .object({
    pass: z.coerce.number().int().min(0).max(1),
    audit_remark: z.string().trim().max(200, '审核备注最多200个字符').default(''),
  })
  .refine((q) => q.pass === 1 || q.audit_remark.length > 0, { message: '请填写拒绝原因', path: ['audit_remark'] });

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
