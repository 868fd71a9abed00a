import { describe, expect, it } from 'vitest';
import { formatAmount, formatSignedYuan, formatYuan } from './formatMoney';

describe('money (spec §9: ￥, thousands separators, two decimals)', () => {
  it('shows every amount one way, the sign before the symbol', () => {
    expect(formatYuan(1810)).toBe('￥1,810.00');
    expect(formatYuan(12539)).toBe('￥12,539.00');
    expect(formatYuan(1234567.5)).toBe('￥1,234,567.50');
    expect(formatYuan(0)).toBe('￥0.00');
    expect(formatYuan(-3.33)).toBe('-￥3.33');
    expect(formatYuan(0.1 + 0.2)).toBe('￥0.30');
  });
  it('has a bare amount for prefixed figures and a signed form for changes', () => {
    expect(formatAmount(12345.6)).toBe('12,345.60');
    expect(formatAmount(-1000)).toBe('-1,000.00');
    expect(formatSignedYuan(10)).toBe('+￥10.00');
    expect(formatSignedYuan(-5.5)).toBe('-￥5.50');
    expect(formatSignedYuan(0)).toBe('￥0.00');
  });
});
