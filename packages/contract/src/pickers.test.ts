import { describe, expect, it } from 'vitest';
import { MSG } from './messages.js';
import {
  addPriceRange,
  blockOpt,
  buyerGoodsUrl,
  currentPeriod,
  defaultPriceRangesProblem,
  floorTag,
  floorTags,
  floorTitle,
  gradeApiPath,
  isFuturePeriod,
  lastPriceRangeValid,
  optValueProblem,
  periodResult,
  pickerCounts,
  removePriceRange,
  textPickerResult,
  type PriceRange,
} from './pickers.js';

const firstMessage = (result: { success: boolean; error?: { issues: { message: string }[] } }) => result.error?.issues[0]?.message;

describe('picker counts', () => {
  it('counts maximum, selected and remaining; a limit below 1 is unlimited', () => {
    expect(pickerCounts(5, 2)).toEqual({ max: 5, selected: 2, remaining: 3 });
    expect(pickerCounts(1, 1)).toEqual({ max: 1, selected: 1, remaining: 0 });
    expect(pickerCounts(0, 7)).toEqual({ max: null, selected: 7, remaining: null });
    expect(pickerCounts(-1, 0)).toEqual({ max: null, selected: 0, remaining: null });
  });

  it('links a goods item to the buyer site', () => {
    expect(buyerGoodsUrl('https://shop.example.com/', 42)).toBe('https://shop.example.com/goods/42');
  });
});

describe('actions', () => {
  it('needs a value unless NONE', () => {
    expect(optValueProblem('NONE', '')).toBeNull();
    expect(optValueProblem('KEYWORD', '  ')).toBe(MSG.optValueRequired);
    expect(optValueProblem('KEYWORD', '手机')).toBeNull();
  });

  it('a link starts with /, ids are positive integers up to 9223372036854775807', () => {
    expect(optValueProblem('URL', 'http://x')).toBe(MSG.optUrlInvalid);
    expect(optValueProblem('URL', '/goods/1')).toBeNull();
    for (const bad of ['0', '-3', '1.5', 'abc', '012']) expect(optValueProblem('GOODS', bad)).toBe(MSG.optIdInvalid);
    expect(optValueProblem('SHOP', '9223372036854775807')).toBeNull();
    expect(optValueProblem('CATEGORY', '9223372036854775808')).toBe(MSG.optIdTooLarge);
  });

  it('drops the value of a NONE action', () => {
    expect(blockOpt.parse({ opt_type: 'NONE', opt_value: 'left over' })).toEqual({ opt_type: 'NONE', opt_value: '' });
  });
});

describe('text picker result', () => {
  it('text 1–100 characters, 请输入文本内容！ otherwise', () => {
    expect(firstMessage(textPickerResult.safeParse({ text: '', opt_type: 'NONE' }))).toBe(MSG.textRequired);
    expect(firstMessage(textPickerResult.safeParse({ text: 'x'.repeat(101), opt_type: 'NONE' }))).toBe(MSG.textRequired);
    expect(textPickerResult.safeParse({ text: 'x'.repeat(100), opt_type: 'NONE' }).success).toBe(true);
    expect(firstMessage(textPickerResult.safeParse({ text: '新品', opt_type: 'GOODS', opt_value: '' }))).toBe(MSG.optValueRequired);
  });
});

describe('floor tags and title', () => {
  it('a tag has 1–5 characters of text and a valid action; at most 10 tags', () => {
    const tag = { block_value: '新品', block_opt: { opt_type: 'NONE', opt_value: '' } };
    expect(floorTag.parse(tag).block_type).toBe('TEXT');
    expect(firstMessage(floorTag.safeParse({ ...tag, block_value: '' }))).toBe(MSG.floorTagTextRequired);
    expect(firstMessage(floorTag.safeParse({ ...tag, block_value: '六个字的标签' }))).toBe(MSG.floorTagTextTooLong);
    expect(firstMessage(floorTags.safeParse(Array.from({ length: 11 }, () => tag)))).toBe(MSG.floorTagTooMany);
    expect(floorTags.safeParse(Array.from({ length: 10 }, () => tag)).success).toBe(true);
  });

  it('a title of 2–4 characters and two hex colours of 3–6 digits', () => {
    const title = { text: '猜你喜欢', start_color: '#fff', end_color: '#FF6600' };
    expect(floorTitle.safeParse(title).success).toBe(true);
    expect(firstMessage(floorTitle.safeParse({ ...title, text: ' ' }))).toBe(MSG.floorTitleTextRequired);
    expect(firstMessage(floorTitle.safeParse({ ...title, text: '热' }))).toBe(MSG.floorTitleTextLength);
    expect(firstMessage(floorTitle.safeParse({ ...title, text: '五个字标题' }))).toBe(MSG.floorTitleTextLength);
    expect(firstMessage(floorTitle.safeParse({ ...title, start_color: '' }))).toBe(MSG.floorTitleStartColorRequired);
    expect(firstMessage(floorTitle.safeParse({ ...title, end_color: '' }))).toBe(MSG.floorTitleEndColorRequired);
    for (const bad of ['fff', '#ff', '#1234567', '#ggg']) expect(firstMessage(floorTitle.safeParse({ ...title, end_color: bad }))).toBe(MSG.hexColorInvalid);
  });
});

describe('price ranges', () => {
  it('checks the ranges it is handed', () => {
    expect(defaultPriceRangesProblem([[0, 100]])).toBeNull();
    expect(defaultPriceRangesProblem([[0, 100], [100, 200]])).toBeNull();
    expect(defaultPriceRangesProblem([[100, 100]])).toBe(MSG.priceRangeInvalid);
    expect(defaultPriceRangesProblem([[0, 100], [0, 200]])).toBe(MSG.priceRangeInvalid);
    const eleven = Array.from({ length: 11 }, (_, i): PriceRange => [i * 10, i * 10 + 10]);
    expect(defaultPriceRangesProblem(eleven)).toBe(MSG.priceRangeTooLong);
    expect(defaultPriceRangesProblem(eleven, 11)).toBeNull();
  });

  it('adds from the previous high to that plus 1, only after a valid last range and below the maximum', () => {
    expect(addPriceRange([[0, 100]])).toEqual([[0, 100], [100, 101]]);
    expect(addPriceRange([[0, 100], [100, 100]])).toEqual([[0, 100], [100, 100]]);
    expect(addPriceRange([[0, 1], [1, 2]], 2)).toEqual([[0, 1], [1, 2]]);
    expect(lastPriceRangeValid([[0, 100], [100, 50]])).toBe(false);
  });

  it('removes only while more than one range is left', () => {
    expect(removePriceRange([[0, 100], [100, 101]])).toEqual([[0, 100]]);
    expect(removePriceRange([[0, 100]])).toEqual([[0, 100]]);
  });
});

describe('period', () => {
  it('a month and the same month a year earlier, start and end in unix seconds', () => {
    const result = periodResult('MONTH', 2024, 2);
    expect(result).toMatchObject({ type: 'MONTH', year: 2024, last_year: 2023, month: 2, last_month: 2, year_month: '2024-02', last_year_month: '2023-02' });
    expect(result.start_time).toBe(new Date(2024, 1, 1).getTime() / 1000);
    expect(result.end_time).toBe(new Date(2024, 2, 1).getTime() / 1000 - 1);
    expect(result.last_start_time).toBe(new Date(2023, 1, 1).getTime() / 1000);
    expect(result.last_end_time).toBe(new Date(2023, 2, 1).getTime() / 1000 - 1);
  });

  it('a year', () => {
    const result = periodResult('YEAR', 2023);
    expect(result).toMatchObject({ type: 'YEAR', year: 2023, last_year: 2022, month: null, year_month: '2023', last_year_month: '2022' });
    expect(result.end_time - result.start_time + 1).toBe(365 * 24 * 3600);
  });

  it('no future periods; the current one is the default', () => {
    const now = new Date(2024, 4, 15);
    expect(isFuturePeriod('MONTH', 2024, 6, now)).toBe(true);
    expect(isFuturePeriod('MONTH', 2024, 5, now)).toBe(false);
    expect(isFuturePeriod('YEAR', 2025, null, now)).toBe(true);
    expect(currentPeriod('MONTH', now).year_month).toBe('2024-05');
    expect(currentPeriod('YEAR', now).year_month).toBe('2024');
  });
});

it('the grade editor fills the parent id into every @id', () => {
  expect(gradeApiPath('admin/goods/categories/@id/children', 5)).toBe('admin/goods/categories/5/children');
  expect(gradeApiPath('base/countries/@id/states', 'US')).toBe('base/countries/US/states');
});
