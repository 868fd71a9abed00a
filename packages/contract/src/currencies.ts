import { z } from 'zod';
import { idOf, listQuery, type Page } from './common.js';
import { defineEndpoints, endpoint, returns } from './endpoint.js';

/**
 * Currencies and exchange rates (DOMAIN §2.32, spec §7 "Currencies"). One currency is the default
 * (prices are kept in it); every other currency's rate says how many of its units one unit of the
 * default buys. Rates are exact decimals on the wire (strings), `numeric` in the database.
 */

/** Digits after the point a rate keeps. */
export const RATE_SCALE = 8;
/** Digits before the point. */
export const RATE_INT_DIGITS = 10;
const RATE_PATTERN = new RegExp(`^\\d{1,${RATE_INT_DIGITS}}(\\.\\d{1,${RATE_SCALE}})?$`);

const RATE_RULE = `汇率须为正数，最多${RATE_INT_DIGITS}位整数、${RATE_SCALE}位小数`;

/** A rate as the API writes it: a plain decimal string without trailing zeros ("7.1", "0.1382"). */
export const rateText = z
  .union([z.string(), z.number()], { message: '请填写汇率' })
  .transform((value) => String(value).trim())
  .refine((value) => value !== '', '请填写汇率')
  .refine((value) => /^\d+(\.\d+)?$/.test(value), RATE_RULE)
  .transform(normalizeRate)
  .refine((value) => RATE_PATTERN.test(value), RATE_RULE)
  .refine((value) => /[1-9]/.test(value), '汇率须大于0');

/** "7.10000000" → "7.1", "1.00000000" → "1", "0012.5" → "12.5". */
export function normalizeRate(value: string): string {
  const [whole, fraction = ''] = value.split('.');
  const int = whole.replace(/^0+(?=\d)/, '');
  const frac = fraction.replace(/0+$/, '');
  return frac ? `${int}.${frac}` : int;
}

const flag01 = (label: string) => z.union([z.literal(0), z.literal(1)], { message: `${label}只能是0或1` });

export const CURRENCY_LIMITS = { code: 3, name: 20, symbol: 5, sort: 9999 } as const;

/** POST admin/i18n/currencies, PUT admin/i18n/currencies/{id}. */
export const currencyBody = z.object({
  /** ISO 4217: three capital letters */
  currency_code: z
    .string({ message: '请填写币种代码' })
    .trim()
    .transform((code) => code.toUpperCase())
    .refine((code) => /^[A-Z]{3}$/.test(code), '币种代码须为3位英文字母（ISO 4217）'),
  currency_name: z.string({ message: '请填写币种名称' }).trim().min(1, '请填写币种名称').max(CURRENCY_LIMITS.name, `币种名称最多${CURRENCY_LIMITS.name}个字符`),
  currency_symbol: z.string({ message: '请填写币种符号' }).trim().min(1, '请填写币种符号').max(CURRENCY_LIMITS.symbol, `币种符号最多${CURRENCY_LIMITS.symbol}个字符`),
  rate: rateText,
  sort: z.number({ message: '请填写排序' }).int('排序须为整数').min(0, `排序须为0-${CURRENCY_LIMITS.sort}`).max(CURRENCY_LIMITS.sort, `排序须为0-${CURRENCY_LIMITS.sort}`).default(0),
  enable: flag01('启用状态').default(1),
  /** 1: the scheduled rate sync keeps this currency's rate up to date */
  auto_rate: flag01('自动同步汇率').default(0),
  /** 1: make this the default currency (its rate becomes 1; the others are rebased on it) */
  is_default: flag01('默认币种').default(0),
});
export type CurrencyInput = z.output<typeof currencyBody>;
export type CurrencyBodyInput = z.input<typeof currencyBody>;

export interface CurrencyRow {
  id: number;
  currency_code: string;
  currency_name: string;
  currency_symbol: string;
  /** units of this currency one unit of the default buys; "1" for the default */
  rate: string;
  sort: number;
  enable: 0 | 1;
  auto_rate: 0 | 1;
  is_default: 0 | 1;
  /** unix seconds of the last rate change (by hand or by the sync) */
  rate_update_time: number;
  update_time: number;
}

const currencyId = idOf('币种id格式有误');
export const currencyParams = z.object({ id: currencyId });

/** GET admin/i18n/currencies/list: by sort, then id. */
export const currencyListQuery = listQuery(
  {
    keyword: z.string().trim().max(20).optional(),
    enable: z.coerce.number().int().min(0).max(1).optional(),
  },
  { by: ['sort'], default: 'sort', order: 'asc' },
);
export type CurrencyListQuery = z.output<typeof currencyListQuery>;

/** PUT admin/i18n/currencies/enable/{id}?enable=0|1 */
export const currencyEnableQuery = z.object({ enable: z.coerce.number().int().min(0, '启用状态只能是0或1').max(1, '启用状态只能是0或1') });
/** PUT admin/i18n/currencies/auto-rate/{id} */
export const currencyAutoRateBody = z.object({ auto_rate: flag01('自动同步汇率') });

/** GET admin/i18n/currencies/rate?currency_code: the source's live rate, not saved. */
export const rateLookupQuery = z.object({
  currency_code: z
    .string({ message: '请填写币种代码' })
    .trim()
    .transform((code) => code.toUpperCase())
    .refine((code) => /^[A-Z]{3}$/.test(code), '币种代码须为3位英文字母（ISO 4217）'),
});
export interface RateLookup {
  base_code: string;
  currency_code: string;
  rate: string;
  /** the rate source's own date of the rate (YYYY-MM-DD), or '' */
  rate_date: string;
}

/** PUT admin/i18n/currencies/update-rate: what the sync did. */
export interface RateUpdateResult {
  updated: { currency_code: string; rate: string }[];
  /** currencies the source has no rate for */
  missing: string[];
}

const READERS = ['currency', 'exchangeRate'] as const;

export const currencyEndpoints = defineEndpoints('currencies', {
  list: endpoint({ method: 'GET', path: 'admin/i18n/currencies/list', permission: READERS, query: currencyListQuery, response: returns<Page<CurrencyRow>>() }),
  create: endpoint({ method: 'POST', path: 'admin/i18n/currencies', permission: 'currency', body: currencyBody, response: returns<CurrencyRow>() }),
  update: endpoint({ method: 'PUT', path: 'admin/i18n/currencies/:id', permission: 'currency', params: currencyParams, body: currencyBody, response: returns<CurrencyRow>() }),
  enable: endpoint({ method: 'PUT', path: 'admin/i18n/currencies/enable/:id', permission: 'currency', params: currencyParams, query: currencyEnableQuery, response: returns<CurrencyRow>() }),
  remove: endpoint({ method: 'DELETE', path: 'admin/i18n/currencies/:id', permission: 'currency', params: currencyParams }),
  /** the base currency every page shows prices in */
  default: endpoint({ method: 'GET', path: 'admin/i18n/currencies/default', permission: 'signed-in', response: returns<CurrencyRow>() }),
  updateRate: endpoint({ method: 'PUT', path: 'admin/i18n/currencies/update-rate', permission: 'exchangeRate', response: returns<RateUpdateResult>() }),
  rate: endpoint({ method: 'GET', path: 'admin/i18n/currencies/rate', permission: 'exchangeRate', query: rateLookupQuery, response: returns<RateLookup>() }),
  autoRate: endpoint({ method: 'PUT', path: 'admin/i18n/currencies/auto-rate/:id', permission: 'exchangeRate', params: currencyParams, body: currencyAutoRateBody, response: returns<CurrencyRow>() }),
});
