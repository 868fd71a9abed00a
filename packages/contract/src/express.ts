import { z } from 'zod';
import { idOf, listQuery, type Page } from './common.js';
import { defineEndpoints, endpoint, returns } from './endpoint.js';

/**
 * Logistics companies (DOMAIN §2.29, `/setting/payment-and-delivery/express`): the carriers shops
 * ship with. Name and code are unique; an e-waybill carrier also needs its KDN code (unique) and
 * the fields its waybill account asks the shop for. A carrier that shipments name cannot be deleted
 * or renamed.
 */
export const LOGI_LIMITS = { name: 30, code: 20, kdcode: 20, formItems: 10, itemName: 20, itemCode: 30 } as const;
export const LOGI_STATES = ['OPEN', 'CLOSE'] as const;
export type LogiState = (typeof LOGI_STATES)[number];

const code = (label: string, max: number) =>
  z
    .string({ message: `请填写${label}` })
    .trim()
    .max(max, `${label}最多${max}个字符`)
    .refine((value) => value === '' || /^[A-Za-z0-9_-]+$/.test(value), `${label}只能包含英文字母、数字、下划线和短横线`);

/** One field a shop fills in for its e-waybill account with this carrier (e.g. 月结账号 / MonthCode). */
export const waybillFormItem = z.object({
  name: z.string({ message: '请填写面单字段名称' }).trim().min(1, '请填写面单字段名称').max(LOGI_LIMITS.itemName, `面单字段名称最多${LOGI_LIMITS.itemName}个字符`),
  code: z
    .string({ message: '请填写面单字段代码' })
    .trim()
    .min(1, '请填写面单字段代码')
    .max(LOGI_LIMITS.itemCode, `面单字段代码最多${LOGI_LIMITS.itemCode}个字符`)
    .regex(/^[A-Za-z][A-Za-z0-9_]*$/, '面单字段代码须以英文字母开头，只含字母、数字和下划线'),
});
export type WaybillFormItem = z.infer<typeof waybillFormItem>;

const logiFields = z.object({
  name: z.string({ message: '请填写物流公司名称' }).trim().min(1, '请填写物流公司名称').max(LOGI_LIMITS.name, `物流公司名称最多${LOGI_LIMITS.name}个字符`),
  code: code('物流公司代码', LOGI_LIMITS.code).refine((value) => value !== '', '请填写物流公司代码'),
  /** the carrier's code at the express query platform (快递鸟) */
  kdcode: code('快递鸟代码', LOGI_LIMITS.kdcode).default(''),
  /** 1: shops may print e-waybills with this carrier */
  is_waybill: z.union([z.literal(0), z.literal(1)], { message: '电子面单只能是0或1' }).default(0),
  form_items: z.array(waybillFormItem).max(LOGI_LIMITS.formItems, `面单字段最多${LOGI_LIMITS.formItems}个`).default([]),
  disabled: z.enum(LOGI_STATES, { message: '状态只能是OPEN或CLOSE' }).default('OPEN'),
});

/** POST / PUT admin/systems/logi-companies */
export const logiCompanyBody = logiFields
  .refine((logi) => logi.is_waybill === 0 || logi.kdcode !== '', { message: '支持电子面单时请填写快递鸟代码', path: ['kdcode'] })
  .refine((logi) => new Set(logi.form_items.map((item) => item.code)).size === logi.form_items.length, { message: '面单字段代码不能重复', path: ['form_items'] });
export type LogiCompanyInput = z.output<typeof logiCompanyBody>;
export type LogiCompanyBodyInput = z.input<typeof logiCompanyBody>;

export interface LogiCompanyRow {
  logi_id: number;
  name: string;
  code: string;
  kdcode: string;
  is_waybill: 0 | 1;
  form_items: WaybillFormItem[];
  disabled: LogiState;
  /** shipments that name this carrier: while any do, it can be neither deleted nor renamed */
  used: 0 | 1;
  create_time: number;
}

export const logiCompanyParams = z.object({ id: idOf('物流公司id格式有误') });

/** GET admin/systems/logi-companies: by name. */
export const logiCompanyQuery = listQuery({
  keyword: z.string().trim().max(30).optional(),
  disabled: z.enum(LOGI_STATES).optional(),
});
export type LogiCompanyQuery = z.output<typeof logiCompanyQuery>;

/** POST admin/systems/logi-companies/{id}?disabled=OPEN|CLOSE */
export const logiToggleQuery = z.object({ disabled: z.enum(LOGI_STATES, { message: '状态只能是OPEN或CLOSE' }) });

export const expressEndpoints = defineEndpoints('express', {
  list: endpoint({ method: 'GET', path: 'admin/systems/logi-companies', permission: 'expressSettings', query: logiCompanyQuery, response: returns<Page<LogiCompanyRow>>() }),
  get: endpoint({ method: 'GET', path: 'admin/systems/logi-companies/:id', permission: 'expressSettings', params: logiCompanyParams, response: returns<LogiCompanyRow>() }),
  create: endpoint({ method: 'POST', path: 'admin/systems/logi-companies', permission: 'expressSettings', body: logiCompanyBody, response: returns<LogiCompanyRow>() }),
  update: endpoint({ method: 'PUT', path: 'admin/systems/logi-companies/:id', permission: 'expressSettings', params: logiCompanyParams, body: logiCompanyBody, response: returns<LogiCompanyRow>() }),
  toggle: endpoint({ method: 'POST', path: 'admin/systems/logi-companies/:id', permission: 'expressSettings', params: logiCompanyParams, query: logiToggleQuery, response: returns<LogiCompanyRow>() }),
  remove: endpoint({ method: 'DELETE', path: 'admin/systems/logi-companies/:id', permission: 'expressSettings', params: logiCompanyParams }),
});
