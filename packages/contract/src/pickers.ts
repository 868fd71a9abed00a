/**
 * The shared pickers and editors of spec §2 "Shared dialogs": their sizes and limits (spec §9),
 * result shapes (spec §3) and rules (spec §5), used by the console's widgets and by the server
 * behind the goods picker.
 */
import { z } from 'zod';
import { MAX_ID, idOf, listQuery } from './common.js';
import { MSG } from './messages.js';

// ─── Dialog widths (spec §9) ────────────────────────────────────────────────

export const GOODS_PICKER_WIDTH = 805;
export const MEMBER_PICKER_WIDTH = 900;
export const TEXT_PICKER_WIDTH = 500;
export const PRICE_RANGE_PICKER_WIDTH = 450;
/** The second-step identity verification dialog: a share of the window, not pixels. */
export const TWO_STEP_DIALOG_WIDTH = '31%';

// ─── Searches as you type (spec §9) ─────────────────────────────────────────

/** A search box's request waits this long after the last keystroke. */
export const SEARCH_DEBOUNCE_MS = 300;

// ─── Counts shared by the goods and member pickers (spec §5) ────────────────

export interface PickerCounts {
  /** null: unlimited */
  max: number | null;
  selected: number;
  /** null: unlimited */
  remaining: number | null;
}

/** A limit below 1 means unlimited. */
export const isUnlimited = (limit: number): boolean => !(limit >= 1);

export function pickerCounts(limit: number, selected: number): PickerCounts {
  if (isUnlimited(limit)) return { max: null, selected, remaining: null };
  return { max: limit, selected, remaining: Math.max(0, limit - selected) };
}

// ─── Goods picker: GET admin/goods/skus ─────────────────────────────────────

/** Rows per "load more" step. */
export const GOODS_PICKER_PAGE_SIZE = 10;

/**
 * GET admin/goods/skus: on-sale, approved goods, one row per SKU. `keyword` matches the goods
 * name, its number and the shop name; `shop_id` fixes the shop (seller mode, or the admin's shop filter).
 */
export const goodsSkuPickerQuery = listQuery({
  keyword: z.string().trim().max(50, '关键字最多50个字符').default(''),
  shop_id: idOf('店铺id格式有误').optional(),
  /** covers the category's subtree */
  category_id: idOf('分类id格式有误').optional(),
}).extend({ page_size: z.coerce.number().int().min(1).max(100).default(GOODS_PICKER_PAGE_SIZE) });
export type GoodsSkuPickerQuery = z.infer<typeof goodsSkuPickerQuery>;

/** Spec §3 Goods (picker), plus the shop it belongs to. */
export interface GoodsPickerRow {
  goods_id: number;
  sku_id: number;
  goods_name: string;
  /** the SKU's specs on one line, '' for a goods item without specs */
  properties_name: string;
  goods_image: string;
  /** yuan: the goods' own price */
  goods_price: number;
  /** yuan: this SKU's price */
  price: number;
  /** 0 bought with money, 1 exchanged for points (plus `price`) */
  point_disable: 0 | 1;
  exchange_point: number;
  sn: string;
  enable_quantity: number;
  shop_id: number;
  shop_name: string;
}

/** Spec §7 Other: the buyer site's page of a goods item. */
export function buyerGoodsUrl(buyerDomain: string, goodsId: number): string {
  return `${buyerDomain.replace(/\/+$/, '')}/goods/${goodsId}`;
}

// ─── Member picker ──────────────────────────────────────────────────────────

export const MEMBER_PICKER_PAGE_SIZE = 10;

/** What the member picker shows of a member (spec §3 Member); mobile masked (spec §9). */
export interface MemberPickerRow {
  member_id: number;
  uname: string;
  face: string;
  mobile: string;
  /** 1 male, 0 female */
  sex: 0 | 1;
}

// ─── Actions (opt_type / opt_value) of the text picker, floor tags and image picker ─

/** Spec §5: action types. GOODS is a goods number, SHOP a shop number, CATEGORY a category id. */
export const OPT_TYPES = ['NONE', 'URL', 'KEYWORD', 'GOODS', 'SHOP', 'CATEGORY'] as const;
export type OptType = (typeof OPT_TYPES)[number];
export const ID_OPT_TYPES: readonly OptType[] = ['GOODS', 'SHOP', 'CATEGORY'];

/**
 * The problem with an action's value, or null (spec §5): required unless NONE; a URL starts
 * with /; a goods, shop or category id is a positive integer no larger than 9223372036854775807.
 */
export function optValueProblem(optType: OptType, optValue: string): string | null {
  if (optType === 'NONE') return null;
  const value = optValue.trim();
  if (!value) return MSG.optValueRequired;
  if (optType === 'URL' && !value.startsWith('/')) return MSG.optUrlInvalid;
  if (ID_OPT_TYPES.includes(optType)) {
    if (!/^[1-9]\d*$/.test(value)) return MSG.optIdInvalid;
    if (BigInt(value) > MAX_ID) return MSG.optIdTooLarge;
  }
  return null;
}

export const blockOpt = z
  .object({ opt_type: z.enum(OPT_TYPES), opt_value: z.string().default('') })
  .superRefine((opt, issues) => {
    const problem = optValueProblem(opt.opt_type, opt.opt_value);
    if (problem) issues.addIssue({ code: 'custom', message: problem, path: ['opt_value'] });
  })
  .transform((opt) => ({ opt_type: opt.opt_type, opt_value: opt.opt_type === 'NONE' ? '' : opt.opt_value.trim() }));
export type BlockOpt = z.infer<typeof blockOpt>;

// ─── Text picker (spec §5) ──────────────────────────────────────────────────

export const TEXT_PICKER_MIN = 1;
export const TEXT_PICKER_MAX = 100;

/** A text of `min`–`max` characters, 请输入文本内容！ when empty or out of bounds. */
export const pickerText = (min = TEXT_PICKER_MIN, max = TEXT_PICKER_MAX) =>
  z.string().trim().min(min, MSG.textRequired).max(max, MSG.textRequired);

/** Spec §3 text-picker result: { text, opt_type, opt_value }. */
export const textPickerResult = z
  .object({ text: pickerText(), opt_type: z.enum(OPT_TYPES), opt_value: z.string().default('') })
  .superRefine((result, issues) => {
    const problem = optValueProblem(result.opt_type, result.opt_value);
    if (problem) issues.addIssue({ code: 'custom', message: problem, path: ['opt_value'] });
  });
export type TextPickerResult = z.infer<typeof textPickerResult>;

// ─── Floor tags and floor title (spec §3, §5) ───────────────────────────────

export const FLOOR_TAGS_MAX = 10;
export const FLOOR_TAG_TEXT_MAX = 5;

/** Spec §3 floor tag: a TEXT block with an action. */
export const floorTag = z.object({
  block_type: z.literal('TEXT').default('TEXT'),
  block_value: z.string().trim().min(1, MSG.floorTagTextRequired).max(FLOOR_TAG_TEXT_MAX, MSG.floorTagTextTooLong),
  block_opt: blockOpt,
});
export type FloorTag = z.infer<typeof floorTag>;

export const floorTags = z.array(floorTag).max(FLOOR_TAGS_MAX, MSG.floorTagTooMany);

export const FLOOR_TITLE_MIN = 2;
export const FLOOR_TITLE_MAX = 4;
/** '#' and 3 to 6 hex digits (spec §5). */
export const HEX_COLOR_PATTERN = /^#[0-9a-fA-F]{3,6}$/;

const hexColor = (requiredMessage: string) =>
  z.string().trim().min(1, requiredMessage).regex(HEX_COLOR_PATTERN, MSG.hexColorInvalid);

export const floorTitle = z.object({
  text: z.string().trim().min(1, MSG.floorTitleTextRequired).min(FLOOR_TITLE_MIN, MSG.floorTitleTextLength).max(FLOOR_TITLE_MAX, MSG.floorTitleTextLength),
  start_color: hexColor(MSG.floorTitleStartColorRequired),
  end_color: hexColor(MSG.floorTitleEndColorRequired),
});
export type FloorTitle = z.infer<typeof floorTitle>;

// ─── Price ranges (spec §5) ─────────────────────────────────────────────────

export const PRICE_RANGES_MAX = 10;
export type PriceRange = [number, number];
export const DEFAULT_PRICE_RANGES: PriceRange[] = [[0, 100]];

/**
 * Why ranges handed to the picker cannot be used, or null: not more than `max` ranges; each
 * low below its high and above the previous range's low.
 */
export function defaultPriceRangesProblem(ranges: readonly PriceRange[], max = PRICE_RANGES_MAX): string | null {
  if (ranges.length > max) return MSG.priceRangeTooLong;
  const malformed = ranges.some(
    ([low, high], index) =>
      !Number.isFinite(low) || !Number.isFinite(high) || low >= high || (index > 0 && ranges[index - 1][0] >= low),
  );
  return malformed ? MSG.priceRangeInvalid : null;
}

/** The last range has a high above its low: it may be confirmed or followed by another. */
export function lastPriceRangeValid(ranges: readonly PriceRange[]): boolean {
  const last = ranges[ranges.length - 1];
  return !!last && Number.isFinite(last[1]) && last[1] > last[0];
}

/** Adds a range from the previous high to that plus 1; unchanged at `max` or while the last range is invalid. */
export function addPriceRange(ranges: readonly PriceRange[], max = PRICE_RANGES_MAX): PriceRange[] {
  if (ranges.length >= max || !lastPriceRangeValid(ranges)) return [...ranges];
  const high = ranges[ranges.length - 1][1];
  return [...ranges, [high, high + 1]];
}

/** Removes the last range while more than one is left. */
export function removePriceRange(ranges: readonly PriceRange[]): PriceRange[] {
  return ranges.length > 1 ? ranges.slice(0, -1) : [...ranges];
}

// ─── Period selector (spec §3, §4) ──────────────────────────────────────────

export const PERIOD_TYPES = ['MONTH', 'YEAR'] as const;
export type PeriodType = (typeof PERIOD_TYPES)[number];

/** Spec §3 period-selector result: the period and the same period a year earlier; times in unix seconds. */
export interface PeriodResult {
  type: PeriodType;
  year: number;
  last_year: number;
  /** 1–12; null for a whole year */
  month: number | null;
  last_month: number | null;
  /** '2024-05', or '2024' for a year */
  year_month: string;
  last_year_month: string;
  start_time: number;
  last_start_time: number;
  /** the period's last second */
  end_time: number;
  last_end_time: number;
}

const pad2 = (n: number) => String(n).padStart(2, '0');
const unix = (date: Date) => Math.floor(date.getTime() / 1000);

/** Start and end (unix seconds, local time) of a month (1–12) or, with month null, a year. */
function periodBounds(year: number, month: number | null): [number, number] {
  const start = month === null ? new Date(year, 0, 1) : new Date(year, month - 1, 1);
  const next = month === null ? new Date(year + 1, 0, 1) : new Date(year, month, 1);
  return [unix(start), unix(next) - 1];
}

export function periodResult(type: PeriodType, year: number, month?: number | null): PeriodResult {
  const m = type === 'MONTH' ? (month ?? 1) : null;
  const lastYear = year - 1;
  const [start, end] = periodBounds(year, m);
  const [lastStart, lastEnd] = periodBounds(lastYear, m);
  return {
    type,
    year,
    last_year: lastYear,
    month: m,
    last_month: m,
    year_month: m === null ? String(year) : `${year}-${pad2(m)}`,
    last_year_month: m === null ? String(lastYear) : `${lastYear}-${pad2(m)}`,
    start_time: start,
    last_start_time: lastStart,
    end_time: end,
    last_end_time: lastEnd,
  };
}

/** The current month or year as a period result. */
export function currentPeriod(type: PeriodType, now: Date = new Date()): PeriodResult {
  return periodResult(type, now.getFullYear(), now.getMonth() + 1);
}

/** Spec §5: no future month or year may be chosen. */
export function isFuturePeriod(type: PeriodType, year: number, month: number | null, now: Date = new Date()): boolean {
  const thisYear = now.getFullYear();
  if (type === 'YEAR' || month === null) return year > thisYear;
  return year > thisYear || (year === thisYear && month > now.getMonth() + 1);
}

// ─── Tree-grade editor (spec §7, §9) ────────────────────────────────────────

export const GRADE_EDITOR_MAX_LEVEL = 3;
export const INTERNATIONAL_GRADE_EDITOR_MAX_LEVEL = 2;

/** The editor's api path for one parent: every `@id` becomes the parent's id. */
export const gradeApiPath = (api: string, parentId: number | string): string => api.replaceAll('@id', encodeURIComponent(String(parentId)));

// ─── Date range shortcuts (spec §9) ─────────────────────────────────────────

/** Last week, last month, last three months: ranges of 7, 30 and 90 days ending today. */
export const DATE_RANGE_SHORTCUT_DAYS = { lastWeek: 7, lastMonth: 30, lastThreeMonths: 90 } as const;
