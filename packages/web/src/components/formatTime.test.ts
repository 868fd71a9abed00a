import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import dayjs from 'dayjs';
import { formatPlatformTime, formatUnixTime, fromPickerValue, platformDayEnd, platformDayStart, toPickerValue } from './formatTime';

// The browser is in New York (UTC-5 in December): every figure below must still read China's clock.
const zone = process.env.TZ;
beforeAll(() => {
  process.env.TZ = 'America/New_York';
});
afterAll(() => {
  process.env.TZ = zone;
});

// 2026-12-07 08:49:52 UTC is 16:49:52 in China, 03:49:52 in New York.
const MOMENT = Date.UTC(2026, 11, 7, 8, 49, 52) / 1000;

describe('platform time in a browser elsewhere', () => {
  it('runs in another zone (the test would prove nothing otherwise)', () => {
    expect(new Date(MOMENT * 1000).getHours()).toBe(3);
  });

  it('formats a moment as China reads it, as the export does', () => {
    expect(formatUnixTime(MOMENT)).toBe('2026-12-07 16:49:52');
    expect(formatPlatformTime(null)).toBe('—');
  });

  it('shows a moment in a picker with its China date and time, and reads it back', () => {
    const picked = toPickerValue(MOMENT);
    expect(picked.format('YYYY-MM-DD HH:mm:ss')).toBe('2026-12-07 16:49:52');
    expect(fromPickerValue(picked)).toBe(MOMENT);
  });

  it('a picked day runs from China midnight to 23:59:59 China time', () => {
    const day = dayjs('2026-12-07');
    expect(formatPlatformTime(platformDayStart(day))).toBe('2026-12-07 00:00:00');
    expect(formatPlatformTime(platformDayEnd(day))).toBe('2026-12-07 23:59:59');
    expect(platformDayEnd(day) - platformDayStart(day)).toBe(86_399);
  });

  it('a moment late in the China evening stays on its China day in the picker', () => {
    // 2026-12-07 23:30 China is 10:30 the same day in New York, 2026-12-07 15:30 UTC.
    const late = Date.UTC(2026, 11, 7, 15, 30) / 1000;
    expect(platformDayStart(toPickerValue(late))).toBe(Date.UTC(2026, 11, 6, 16) / 1000);
  });
});
