import { describe, expect, it } from 'vitest';
import { MSG } from './messages.js';
import {
  countryBody,
  defaultMobileRule,
  isMobileOf,
  MAX_PHONE_DIGITS,
  MOBILE_PATTERN_MESSAGES,
  mobilePatternProblem,
  mobilePatterns,
  mobileProblem,
  mobileRule,
  setMobilePatterns,
  mobileSchema,
  optionalMobileSchema,
  phoneCountryCodes,
  regionSelectionProblem,
  splitMobile,
  storedMobile,
  type RegionSelection,
} from './regions.js';

describe('mobile rule', () => {
  it('knows every country with a dialling code and a mobile pattern for each', () => {
    const codes = phoneCountryCodes();
    expect(codes.length).toBeGreaterThan(240);
    for (const code of codes) {
      const rule = mobileRule(code)!;
      expect(rule.tel).toMatch(/^\d{1,3}$/);
      expect(() => new RegExp(rule.mobile_regex)).not.toThrow();
    }
    expect(mobileRule('CN')).toMatchObject({ code: 'CN', tel: '86' });
    expect(mobileRule('ZZ')).toBeNull();
  });

  it('accepts domestic mobiles and refuses landlines, short numbers and unassigned ranges', () => {
    expect(isMobileOf('13800138000')).toBe(true);
    expect(isMobileOf('19912345678')).toBe(true);
    expect(isMobileOf('1380013800')).toBe(false);
    expect(isMobileOf('12345678901')).toBe(false);
    expect(isMobileOf('01088886666')).toBe(false);
  });

  it('applies the foreign country’s own pattern', () => {
    expect(isMobileOf('7400123456', 'GB')).toBe(true);
    expect(isMobileOf('2012345678', 'GB')).toBe(false);
    expect(isMobileOf('61234567', 'HK')).toBe(true);
    expect(isMobileOf('21234567', 'HK')).toBe(false);
    expect(isMobileOf('13800138000', 'US')).toBe(false);
  });

  it('stores domestic numbers bare and others with their dialling code, and reads them back', () => {
    expect(storedMobile('CN', '138 0013 8000')).toBe('13800138000');
    expect(storedMobile('HK', '6123-4567')).toBe('+85261234567');
    expect(splitMobile('+85261234567')).toEqual({ country: 'HK', national: '61234567' });
    expect(splitMobile('+8613800138000')).toEqual({ country: 'CN', national: '13800138000' });
    expect(splitMobile('+14165550123', 'CA')).toEqual({ country: 'CA', national: '4165550123' });
    expect(splitMobile('13800138000')).toEqual({ country: 'CN', national: '13800138000' });
  });

  it('gives the spec messages', () => {
    expect(mobileProblem('')).toBe(MSG.mobileRequired);
    expect(mobileProblem('1380013800a')).toBe(MSG.mobileInvalid);
    expect(mobileProblem('+999123')).toBe(MSG.mobileInvalid);
    expect(mobileProblem('+447400123456')).toBeNull();
    expect(mobileSchema.parse('+86 138-0013-8000')).toBe('13800138000');
    expect(mobileSchema.safeParse('').error?.issues[0].message).toBe(MSG.mobileRequired);
    expect(mobileSchema.safeParse('12345').error?.issues[0].message).toBe(MSG.mobileInvalid);
    expect(optionalMobileSchema.parse('')).toBe('');
    expect(optionalMobileSchema.parse(undefined)).toBe('');
    expect(optionalMobileSchema.safeParse('12345').error?.issues[0].message).toBe(MSG.mobileInvalid);
  });
});

describe('the mobile pattern registry', () => {
  const cn = defaultMobileRule('CN')!.mobile_regex;

  it('checks a country by its registered pattern, anchored, and the others by libphonenumber’s', () => {
    try {
      expect(mobilePatterns()).toEqual({});
      // Loosened: 10 digits starting with 9 are a Chinese mobile now (libphonenumber says no).
      setMobilePatterns({ CN: '9\\d{9}', HK: defaultMobileRule('HK')!.mobile_regex });
      expect(mobileRule('CN')).toEqual({ code: 'CN', tel: '86', mobile_regex: '9\\d{9}' });
      expect(mobileProblem('9123456789')).toBeNull();
      expect(mobileSchema.parse('+86 912 345 6789')).toBe('9123456789');
      // Anchored: a longer number holding a match is no match; the old rule is gone.
      expect(mobileProblem('99123456789')).toBe(MSG.mobileInvalid);
      expect(mobileProblem('13800138000')).toBe(MSG.mobileInvalid);
      expect(optionalMobileSchema.safeParse('13800138000').error?.issues[0].message).toBe(MSG.mobileInvalid);
      // Countries the registry does not name keep libphonenumber's rule.
      expect(isMobileOf('7400123456', 'GB')).toBe(true);
      expect(isMobileOf('61234567', 'HK')).toBe(true);
    } finally {
      setMobilePatterns({});
    }
    expect(mobileRule('CN')!.mobile_regex).toBe(cn);
    expect(mobileProblem('13800138000')).toBeNull();
  });

  it('never runs a pattern over more digits than a phone number has', () => {
    try {
      setMobilePatterns({ CN: '\\d+' });
      expect(mobileProblem('1'.repeat(MAX_PHONE_DIGITS))).toBeNull();
      expect(mobileProblem('1'.repeat(MAX_PHONE_DIGITS + 1))).toBe(MSG.mobileInvalid);
      expect(mobileProblem(`+86${'1'.repeat(MAX_PHONE_DIGITS)}`)).toBe(MSG.mobileInvalid);
    } finally {
      setMobilePatterns({});
    }
  });

  it('refuses a pattern that is no regular expression or nests repetitions, and takes every default', () => {
    for (const code of phoneCountryCodes()) expect(mobilePatternProblem(defaultMobileRule(code)!.mobile_regex), code).toBeNull();
    for (const fine of ['1\\d{10}', '^(?:[1-9]\\d{7})$', '(?:\\d{2}){3}', '\\d{2,}', '(?:5|6)\\d{7}', '[(+]?\\d{8}']) expect(mobilePatternProblem(fine), fine).toBeNull();
    for (const slow of ['(\\d+)+', '(?:\\d{1,3})*', '((\\d+)0)+', '((\\d)?){2,}', '(?<n>\\d*){2}', '^(?:(?:1\\d?)+)$']) expect(mobilePatternProblem(slow), slow).toBe('slow');
    for (const invalid of ['(\\d+', '[', '*1', '1)']) expect(mobilePatternProblem(invalid), invalid).toBe('invalid');
    const body = { name_zh: '测试', name_en: 'Test', tel: '999' };
    expect(countryBody.safeParse({ ...body, mobile_regex: '(\\d+)+$' }).error?.issues[0].message).toBe(MOBILE_PATTERN_MESSAGES.slow);
    expect(countryBody.safeParse({ ...body, mobile_regex: '(\\d' }).error?.issues[0].message).toBe(MOBILE_PATTERN_MESSAGES.invalid);
    expect(countryBody.safeParse({ ...body, mobile_regex: ' 7\\d{6} ' }).data?.mobile_regex).toBe('7\\d{6}');
  });
});

describe('region selection rules', () => {
  const select = { state: 'select', city: 'select' } as const;
  const text = { state: 'text', city: 'text' } as const;
  const overseas = (region: Partial<NonNullable<RegionSelection['overseas_region']>>): RegionSelection => ({
    region_type: 1,
    country_code: 'US',
    country_name: '美国',
    internal_region_id: null,
    overseas_region: { state_id: null, state_name: '', city_id: null, city_name: '', ...region },
  });

  it('asks for the country first', () => {
    expect(regionSelectionProblem(null, select)).toBe(MSG.countryRequired);
    expect(regionSelectionProblem({ ...overseas({}), country_code: '' }, select)).toBe(MSG.countryRequired);
  });

  it('asks for a domestic region in the cascader', () => {
    const domestic: RegionSelection = { region_type: 0, country_code: 'CN', country_name: '中国', internal_region_id: null, overseas_region: null };
    expect(regionSelectionProblem(domestic, select)).toBe(MSG.stateRequired);
    expect(regionSelectionProblem({ ...domestic, internal_region_id: 440305 }, select)).toBeNull();
  });

  it('asks to choose or to type the state and the city, as the country offers them', () => {
    expect(regionSelectionProblem(overseas({}), select)).toBe(MSG.stateRequired);
    expect(regionSelectionProblem(overseas({}), text)).toBe(MSG.stateTextRequired);
    expect(regionSelectionProblem(overseas({ state_id: 1416, state_name: 'California' }), select)).toBe(MSG.cityRequired);
    expect(regionSelectionProblem(overseas({ state_name: 'Lagos' }), text)).toBe(MSG.cityTextRequired);
    expect(regionSelectionProblem(overseas({ state_name: ' ' }), text)).toBe(MSG.stateTextRequired);
    expect(regionSelectionProblem(overseas({ state_id: 1416, city_id: 110992 }), select)).toBeNull();
    expect(regionSelectionProblem(overseas({ state_id: 1416, city_name: 'Ikeja' }), { state: 'select', city: 'text' })).toBeNull();
  });
});
