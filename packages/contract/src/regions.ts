import { z } from 'zod';
import mobileMetadata from 'libphonenumber-js/mobile/metadata';
import { Metadata, getCountries, getCountryCallingCode, type CountryCode } from 'libphonenumber-js/core';
import { idOf, idOrZeroOf } from './common.js';
import { defineEndpoints, endpoint, returns } from './endpoint.js';
import { MSG } from './messages.js';

/** Spec §9: the domestic country. Its regions are the official divisions in `regions`. */
export const DOMESTIC_COUNTRY_CODE = 'CN';

/** Spec §3 Region selection: region_type 0 domestic, 1 overseas. */
export const REGION_TYPE = { DOMESTIC: 0, OVERSEAS: 1 } as const;

/** Levels of the domestic region tree: province-level (1), prefecture-level (2), county-level (3). */
export const REGION_MAX_LEVEL = 3;

// ---------------------------------------------------------------------------------------------
// Mobile numbers. One rule for server and console: a country's mobile pattern, matched anchored
// against the national significant number (what follows the dialling code, no trunk prefix).
//
// The patterns live in a small registry. It starts with libphonenumber's metadata (Google's
// libphonenumber data, as packaged by libphonenumber-js); operators edit a country's pattern in
// regional management, and each side fills the registry with what the `countries` table holds:
// the server from the table (kept fresh across instances), the console from `GET base/countries`.
// Checking stays pure and synchronous (zod refinements call it).

interface TypeRule {
  pattern(): string;
}
interface NumberingPlanRules {
  type(type: 'MOBILE'): TypeRule | undefined;
  nationalNumberPattern(): string;
}

let metadataInstance: Metadata | null = null;
const defaultRuleCache = new Map<string, MobileRule | null>();

export interface MobileRule {
  /** ISO 3166-1 alpha-2 */
  code: string;
  /** dialling code without '+', e.g. '86' */
  tel: string;
  /** pattern of a valid mobile national number (it runs anchored: see mobilePatternRegExp) */
  mobile_regex: string;
}

/** Every region libphonenumber knows a numbering plan for (ISO 3166-1 alpha-2 and a few like AC, TA, XK). */
export function phoneCountryCodes(): string[] {
  return getCountries(mobileMetadata);
}

/** The country's rule as libphonenumber's metadata has it (what the reference data loads), or null. */
export function defaultMobileRule(countryCode: string): MobileRule | null {
  const code = countryCode.toUpperCase();
  const cached = defaultRuleCache.get(code);
  if (cached !== undefined) return cached;
  let rule: MobileRule | null = null;
  if (/^[A-Z]{2}$/.test(code) && getCountries(mobileMetadata).includes(code as CountryCode)) {
    metadataInstance ??= new Metadata(mobileMetadata);
    metadataInstance.selectNumberingPlan(code as CountryCode);
    const plan = metadataInstance.numberingPlan as unknown as NumberingPlanRules;
    // Tristan da Cunha's plan has no separate mobile range: any number of the plan is accepted.
    const pattern = plan.type('MOBILE')?.pattern() || plan.nationalNumberPattern();
    rule = { code, tel: getCountryCallingCode(code as CountryCode, mobileMetadata), mobile_regex: `^(?:${pattern})$` };
  }
  defaultRuleCache.set(code, rule);
  return rule;
}

/** Country code → mobile pattern, as the `countries` table holds them. */
export type MobilePatterns = Readonly<Record<string, string>>;

let registeredPatterns: MobilePatterns = Object.freeze({});

/**
 * Fills the registry: from now on a country named here is checked by its pattern here, any other
 * by libphonenumber's. The object is kept as given (the server compares it by identity).
 */
export function setMobilePatterns(patterns: MobilePatterns): void {
  registeredPatterns = patterns;
}

/** What the registry holds (empty until a side fills it). */
export function mobilePatterns(): MobilePatterns {
  return registeredPatterns;
}

/** The mobile rule of a country (its registered pattern, else libphonenumber's), or null when the country has no numbering plan. */
export function mobileRule(countryCode: string): MobileRule | null {
  const rule = defaultMobileRule(countryCode);
  const registered = rule ? registeredPatterns[rule.code] : undefined;
  return rule && registered !== undefined && registered !== rule.mobile_regex ? { ...rule, mobile_regex: registered } : rule;
}

/** E.164: a phone number has at most 15 digits, dialling code included; no pattern runs over more. */
export const MAX_PHONE_DIGITS = 15;

const compiledPatterns = new Map<string, RegExp | null>();

/** A pattern compiled to run anchored (the whole national number must match), or null when it does not compile. */
export function mobilePatternRegExp(pattern: string): RegExp | null {
  let compiled = compiledPatterns.get(pattern);
  if (compiled === undefined) {
    try {
      compiled = new RegExp(`^(?:${pattern})$`);
    } catch {
      compiled = null;
    }
    if (compiledPatterns.size > 1000) compiledPatterns.clear();
    compiledPatterns.set(pattern, compiled);
  }
  return compiled;
}

/**
 * Why an operator's mobile pattern cannot be stored: 'invalid' when it is no regular expression,
 * 'slow' when it nests a repetition inside another (`(\d+)+`, `(?:\d{1,3})*`), the shape that makes
 * a backtracking engine take exponential time. null when it is fine.
 */
export function mobilePatternProblem(pattern: string): 'invalid' | 'slow' | null {
  try {
    new RegExp(pattern);
  } catch {
    return 'invalid';
  }
  return hasNestedRepetition(pattern) ? 'slow' : null;
}

/** A quantifier at `at`: its bounds and where it ends, or null when the text there is none (`{` as a literal). */
function quantifierAt(pattern: string, at: number): { min: number; max: number; end: number } | null {
  const char = pattern[at];
  let result: { min: number; max: number; end: number } | null = null;
  if (char === '*') result = { min: 0, max: Infinity, end: at + 1 };
  else if (char === '+') result = { min: 1, max: Infinity, end: at + 1 };
  else if (char === '?') result = { min: 0, max: 1, end: at + 1 };
  else if (char === '{') {
    const match = /^\{(\d+)(,(\d*))?\}/.exec(pattern.slice(at));
    if (match) {
      const min = Number(match[1]);
      const max = match[2] === undefined ? min : match[3] === '' ? Infinity : Number(match[3]);
      result = { min, max, end: at + match[0].length };
    }
  }
  if (result && pattern[result.end] === '?') result.end += 1; // lazy
  return result;
}

/**
 * Whether a group that repeats (more than once) holds a repetition of varying length: a group's
 * content is scanned once, escapes and character classes are single atoms.
 */
function hasNestedRepetition(pattern: string): boolean {
  /** per open group: whether something inside it repeats a varying number of times */
  const groups: boolean[] = [false];
  let at = 0;
  while (at < pattern.length) {
    const char = pattern[at];
    let atomEnd = at + 1;
    let innerVaries = false;
    if (char === '\\') atomEnd = at + 2;
    else if (char === '[') {
      atomEnd = at + 1;
      if (pattern[atomEnd] === '^') atomEnd += 1;
      while (atomEnd < pattern.length && pattern[atomEnd] !== ']') atomEnd += pattern[atomEnd] === '\\' ? 2 : 1;
      atomEnd += 1;
    } else if (char === '(') {
      groups.push(false);
      // (?: (?= (?! (?<= (?<! (?<name>: the ? is not a quantifier
      const prefix = /^\((\?(<[A-Za-z_$][\w$]*>|<=|<!|[:=!]))?/.exec(pattern.slice(at))!;
      at += prefix[0].length;
      continue;
    } else if (char === ')') {
      innerVaries = groups.length > 1 ? groups.pop()! : false;
    } else if (char === '|' || char === '^' || char === '$') {
      at += 1;
      continue;
    }
    const quantifier = quantifierAt(pattern, atomEnd);
    if (quantifier) {
      if (innerVaries && quantifier.max > 1) return true;
      if (quantifier.max !== quantifier.min) innerVaries = true;
    }
    if (innerVaries) groups[groups.length - 1] = true;
    at = quantifier ? quantifier.end : atomEnd;
  }
  return false;
}

/** The countries that share a dialling code ('1' → US, CA, …), main country first. */
export function countriesOfTel(tel: string): string[] {
  return (mobileMetadata.country_calling_codes[tel] as string[] | undefined) ?? [];
}

/** Whether `national` (digits after the dialling code) is a mobile number of the country. */
export function isMobileOf(national: string, countryCode: string = DOMESTIC_COUNTRY_CODE): boolean {
  const rule = mobileRule(countryCode);
  if (!rule || !/^\d+$/.test(national) || national.length > MAX_PHONE_DIGITS) return false;
  return mobilePatternRegExp(rule.mobile_regex)?.test(national) ?? false;
}

/** Spaces, dashes, dots and brackets people type inside a number. */
export function compactPhone(raw: string): string {
  return raw.replace(/[\s\-.()]/g, '');
}

/**
 * How a mobile is stored and sent: a domestic number bare ('13800138000'), any other with its
 * dialling code ('+85261234567'). '+86…' is the domestic spelling of the same phone.
 */
export function storedMobile(countryCode: string, national: string): string {
  const rule = mobileRule(countryCode);
  const number = compactPhone(national);
  if (!rule || countryCode.toUpperCase() === DOMESTIC_COUNTRY_CODE || number === '') return number;
  return `+${rule.tel}${number}`;
}

/**
 * Reads a stored mobile back into country and national number. For a dialling code several
 * countries share, the first whose mobile rule matches wins (else the code's main country).
 * `preferred` keeps the country a person chose when it fits.
 */
export function splitMobile(stored: string, preferred?: string): { country: string; national: string } {
  const value = compactPhone(stored);
  if (!value.startsWith('+')) return { country: DOMESTIC_COUNTRY_CODE, national: value };
  const digits = value.slice(1);
  for (let length = 1; length <= 3 && length < digits.length; length++) {
    const candidates = countriesOfTel(digits.slice(0, length));
    if (candidates.length === 0) continue;
    const national = digits.slice(length);
    if (candidates[0] === DOMESTIC_COUNTRY_CODE) return { country: DOMESTIC_COUNTRY_CODE, national };
    const ordered = preferred && candidates.includes(preferred.toUpperCase()) ? [preferred.toUpperCase(), ...candidates] : candidates;
    return { country: ordered.find((code) => isMobileOf(national, code)) ?? ordered[0], national };
  }
  return { country: '', national: digits };
}

/** Why a stored mobile is refused: a MSG text, or null when it is a valid mobile. */
export function mobileProblem(stored: string): string | null {
  const value = compactPhone(stored);
  if (value === '') return MSG.mobileRequired;
  if (!/^\+?\d+$/.test(value) || value.replace('+', '').length > MAX_PHONE_DIGITS) return MSG.mobileInvalid;
  const { country, national } = splitMobile(value);
  return country && isMobileOf(national, country) ? null : MSG.mobileInvalid;
}

/** A valid mobile in its stored spelling: '+86…' becomes the bare domestic number. */
export function normalizeMobile(value: string): string {
  const { country, national } = splitMobile(value);
  return storedMobile(country, national);
}

const checkMobile = (value: string, context: z.RefinementCtx) => {
  const problem = mobileProblem(value);
  if (problem) context.addIssue({ code: 'custom', message: problem });
};

/** A required mobile in its stored spelling (spec §5: 请输入手机号！ / 手机号码格式有误！). */
export const mobileSchema = z.string({ message: MSG.mobileRequired }).transform(compactPhone).superRefine(checkMobile).transform(normalizeMobile);

/** The same rule for a field that may stay empty. */
export const optionalMobileSchema = z
  .string()
  .default('')
  .transform(compactPhone)
  .superRefine((value, context) => (value === '' ? undefined : checkMobile(value, context)))
  .transform((value) => (value === '' ? '' : normalizeMobile(value)));

// ---------------------------------------------------------------------------------------------
// Countries, states, cities (spec §3, §7 Base and regions)

/** GET base/countries: every country with a dialling code; names in the request's language. */
export interface Country {
  code: string;
  name: string;
  /** dialling code without '+' */
  tel: string;
  /** the country's mobile pattern as stored (it runs anchored); the console fills the contract's registry with it */
  mobile_regex: string;
  /** emoji flag */
  flag: string;
  /** mobile template: an example mobile number of the country, for placeholders */
  mt: string;
}

/** GET base/countries/{code}/states */
export interface CountryState {
  id: number;
  name: string;
  /** 1 when the state has a city list (base/countries/{id}/cities), else cities are typed */
  has_city: 0 | 1;
}

/** GET base/countries/{id}/cities (id of the state) */
export interface CountryCity {
  id: number;
  name: string;
}

/** GET base/regions/{id}/children (0 = provinces): one level of the domestic tree. */
export interface RegionChild {
  id: number;
  name: string;
  level: number;
  has_children: 0 | 1;
}

/** GET regions/menus: the whole domestic tree for the checkbox region picker. */
export interface RegionNode {
  id: number;
  name: string;
  children?: RegionNode[];
}

export const countryCodeParams = z.object({ code: z.string().trim().regex(/^[A-Za-z]{2}$/, '国家代码有误').transform((code) => code.toUpperCase()) });
export const stateIdParams = z.object({ id: idOf('省份地区id格式有误') });
/** The parent whose children are asked for: 0 for the provinces. */
export const regionIdParams = z.object({ id: idOrZeroOf('地区id格式有误') });

/** A region id chosen in the domestic cascader (0 or absent: none chosen). */
export const regionId = z.coerce.number().int().min(0).max(999_999_999).default(0);

// ---------------------------------------------------------------------------------------------
// Region selection (spec §3): the result of the country/state/city picker.

export const regionSelectionSchema = z.object({
  region_type: z.union([z.literal(REGION_TYPE.DOMESTIC), z.literal(REGION_TYPE.OVERSEAS)]),
  country_code: z.string().trim().max(2).default(''),
  country_name: z.string().trim().max(100).default(''),
  internal_region_id: z.coerce.number().int().min(0).nullable().default(null),
  overseas_region: z
    .object({
      state_id: z.coerce.number().int().min(0).nullable().default(null),
      state_name: z.string().trim().max(100).default(''),
      city_id: z.coerce.number().int().min(0).nullable().default(null),
      city_name: z.string().trim().max(100).default(''),
    })
    .nullable()
    .default(null),
});
export type RegionSelection = z.infer<typeof regionSelectionSchema>;

/** How the state and the city of an overseas country are given: chosen from a list, or typed. */
export interface RegionEntryModes {
  state: 'select' | 'text';
  city: 'select' | 'text';
}

/**
 * Spec §5 region picker rules; the first problem as a MSG text, or null. The server decides the
 * modes from its data (a country with states → select; a state with cities → select).
 */
export function regionSelectionProblem(selection: RegionSelection | null | undefined, modes: RegionEntryModes): string | null {
  if (!selection || !selection.country_code) return MSG.countryRequired;
  if (selection.region_type === REGION_TYPE.DOMESTIC) return selection.internal_region_id ? null : MSG.stateRequired;
  const overseas = selection.overseas_region;
  if (modes.state === 'select' ? !overseas?.state_id : !overseas?.state_name.trim()) {
    return modes.state === 'select' ? MSG.stateRequired : MSG.stateTextRequired;
  }
  if (modes.city === 'select' ? !overseas?.city_id : !overseas?.city_name.trim()) {
    return modes.city === 'select' ? MSG.cityRequired : MSG.cityTextRequired;
  }
  return null;
}

// ---------------------------------------------------------------------------------------------
// Endpoints. Countries, states, cities and the domestic regions are reference data: the `base/…`
// calls are public (the sign-in-less forms of a buyer or seller site need them too) and answer
// with a validator (ETag) of the data version; the region tree of the checkbox picker is for
// signed-in operators.


// ---------------------------------------------------------------------------------------------
// Regional management (route regionalManagement): operators edit the domestic tree and the
// countries and states. Every change bumps the data's revision, so the validators of the public
// answers above change and the pickers load the new data at once.

/** A domestic region as the tree-grade editor of regional management shows one. */
export interface RegionAdminRow {
  id: number;
  parent_id: number;
  local_name: string;
  region_grade: number;
  zipcode: string;
  /** 1: cash on delivery is offered there */
  cod: 0 | 1;
  has_children: 0 | 1;
}

export const regionBody = z.object({
  local_name: z.string().trim().min(1, '请输入地区名称').max(50, '地区名称最多50个字符'),
  zipcode: z.string().trim().regex(/^\d{0,6}$/, '邮编应为6位以内的数字').default(''),
  cod: z.coerce.number().int().min(0).max(1).default(0),
});
export const regionCreateBody = regionBody.extend({ parent_id: idOrZeroOf('上级地区id格式有误').default(0) });
export type RegionInput = z.infer<typeof regionBody>;
export type RegionCreateInput = z.infer<typeof regionCreateBody>;

/** A country as regional management edits one (names in both languages). */
export interface CountryAdminRow {
  /** the country code: the grade editor's id */
  id: string;
  code: string;
  /** the name in the request's language */
  name: string;
  name_zh: string;
  name_en: string;
  tel: string;
  mobile_regex: string;
  flag: string;
  state_count: number;
  has_children: 0 | 1;
}

/** What an operator's mobile pattern is refused with (see mobilePatternProblem). */
export const MOBILE_PATTERN_MESSAGES = {
  invalid: '手机号码规则不是有效的正则表达式',
  slow: '手机号码规则不能嵌套重复（如 (\\d+)+），这样的规则匹配极慢',
} as const;

/** A pattern the console and the server can both run: it compiles, and no repetition nests in another. */
const mobilePattern = z
  .string()
  .trim()
  .min(1, '请输入手机号码规则')
  .max(500, '手机号码规则最多500个字符')
  .superRefine((pattern, context) => {
    const problem = mobilePatternProblem(pattern);
    if (problem) context.addIssue({ code: 'custom', message: MOBILE_PATTERN_MESSAGES[problem] });
  });

export const countryBody = z.object({
  name_zh: z.string().trim().min(1, '请输入中文名称').max(100, '名称最多100个字符'),
  name_en: z.string().trim().min(1, '请输入英文名称').max(100, '名称最多100个字符'),
  tel: z.string().trim().regex(/^\d{1,4}$/, '区号应为1-4位数字'),
  mobile_regex: mobilePattern,
  flag: z.string().trim().max(16, '国旗最多16个字符').default(''),
});
export const countryCreateBody = countryBody.extend({
  code: z.string().trim().regex(/^[A-Za-z]{2}$/, '国家代码应为2个字母').transform((code) => code.toUpperCase()),
});
export type CountryInput = z.infer<typeof countryBody>;
export type CountryCreateInput = z.infer<typeof countryCreateBody>;

export interface StateAdminRow {
  id: number;
  country_code: string;
  name: string;
  code: string;
  has_city: 0 | 1;
}

export const stateBody = z.object({
  name: z.string().trim().min(1, '请输入省份地区名称').max(120, '名称最多120个字符'),
  code: z.string().trim().max(10, '代码最多10个字符').default(''),
});
export const stateCreateBody = stateBody.extend({ country_code: countryCodeParams.shape.code });
export type StateInput = z.infer<typeof stateBody>;
export type StateCreateInput = z.infer<typeof stateCreateBody>;

export const regionEndpoints = defineEndpoints('regions', {
  countries: endpoint({ method: 'GET', path: 'base/countries', permission: 'public', response: returns<Country[]>() }),
  states: endpoint({ method: 'GET', path: 'base/countries/:code/states', permission: 'public', params: countryCodeParams, response: returns<CountryState[]>() }),
  cities: endpoint({ method: 'GET', path: 'base/countries/:id/cities', permission: 'public', params: stateIdParams, response: returns<CountryCity[]>() }),
  children: endpoint({ method: 'GET', path: 'base/regions/:id/children', permission: 'public', params: regionIdParams, response: returns<RegionChild[]>() }),
  menus: endpoint({ method: 'GET', path: 'regions/menus', permission: 'signed-in', response: returns<RegionNode[]>() }),

  adminChildren: endpoint({ method: 'GET', path: 'admin/systems/regions/:id/children', permission: 'regionalManagement', params: regionIdParams, response: returns<RegionAdminRow[]>() }),
  adminDetail: endpoint({ method: 'GET', path: 'admin/systems/regions/:id', permission: 'regionalManagement', params: z.object({ id: idOf('地区id格式有误') }), response: returns<RegionAdminRow>() }),
  adminCreate: endpoint({ method: 'POST', path: 'admin/systems/regions', permission: 'regionalManagement', body: regionCreateBody, response: returns<RegionAdminRow>() }),
  adminUpdate: endpoint({ method: 'PUT', path: 'admin/systems/regions/:id', permission: 'regionalManagement', params: z.object({ id: idOf('地区id格式有误') }), body: regionBody, response: returns<RegionAdminRow>() }),
  adminRemove: endpoint({ method: 'DELETE', path: 'admin/systems/regions/:id', permission: 'regionalManagement', params: z.object({ id: idOf('地区id格式有误') }) }),
  adminCountries: endpoint({ method: 'GET', path: 'admin/countries', permission: 'regionalManagement', response: returns<CountryAdminRow[]>() }),
  countryCreate: endpoint({ method: 'POST', path: 'admin/countries', permission: 'regionalManagement', body: countryCreateBody, response: returns<CountryAdminRow>() }),
  countryUpdate: endpoint({ method: 'PUT', path: 'admin/countries/:code', permission: 'regionalManagement', params: countryCodeParams, body: countryBody, response: returns<CountryAdminRow>() }),
  countryRemove: endpoint({ method: 'DELETE', path: 'admin/countries/:code', permission: 'regionalManagement', params: countryCodeParams }),
  adminStates: endpoint({ method: 'GET', path: 'admin/countries/:code/states', permission: 'regionalManagement', params: countryCodeParams, response: returns<StateAdminRow[]>() }),
  stateCreate: endpoint({ method: 'POST', path: 'admin/states', permission: 'regionalManagement', body: stateCreateBody, response: returns<StateAdminRow>() }),
  stateDetail: endpoint({ method: 'GET', path: 'admin/states/:id', permission: 'regionalManagement', params: stateIdParams, response: returns<StateAdminRow>() }),
  stateUpdate: endpoint({ method: 'PUT', path: 'admin/states/:id', permission: 'regionalManagement', params: stateIdParams, body: stateBody, response: returns<StateAdminRow>() }),
  stateRemove: endpoint({ method: 'DELETE', path: 'admin/states/:id', permission: 'regionalManagement', params: stateIdParams }),
});
