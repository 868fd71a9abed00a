import { describe, expect, it } from 'vitest';
import { addDays, platformDay, platformDayStart, platformHour } from './time.js';

const shanghaiDay = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Shanghai', year: 'numeric', month: '2-digit', day: '2-digit' });
const shanghaiHour = new Intl.DateTimeFormat('en-GB', { timeZone: 'Asia/Shanghai', hour: '2-digit', hourCycle: 'h23' });

describe('the platform calendar (Asia/Shanghai, read by fixed offset)', () => {
  it('names the same day and hour as the time-zone database, every 37 minutes over two years and at each midnight', () => {
    const moments: Date[] = [];
    for (let at = Date.UTC(2025, 0, 1); at < Date.UTC(2027, 0, 1); at += 37 * 60_000) moments.push(new Date(at));
    // the minutes around midnight in Shanghai (16:00 UTC)
    for (const edge of [Date.UTC(2026, 10, 28, 15, 59, 59, 999), Date.UTC(2026, 10, 28, 16), Date.UTC(2026, 11, 31, 16), Date.UTC(2026, 1, 28, 16)]) moments.push(new Date(edge));
    for (const at of moments) {
      expect(platformDay(at)).toBe(shanghaiDay.format(at));
      expect(platformHour(at)).toBe(Number(shanghaiHour.format(at)));
    }
  });

  it('starts a platform day at its midnight in Shanghai, the first moment platformDay names it', () => {
    const start = platformDayStart('2026-11-29');
    expect(start.toISOString()).toBe('2026-11-28T16:00:00.000Z');
    expect(platformDay(start)).toBe('2026-11-29');
    expect(platformDay(new Date(start.getTime() - 1))).toBe('2026-11-28');
  });

  it('adds days across months and years', () => {
    expect(addDays('2026-02-27', 2)).toBe('2026-03-01');
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(addDays('2026-03-01', -1)).toBe('2026-02-28');
  });
});
