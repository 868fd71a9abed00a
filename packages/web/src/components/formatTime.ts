import dayjs, { type Dayjs } from 'dayjs';

/**
 * The platform's clock: Asia/Shanghai, UTC+8 all year, no daylight saving (the server's
 * PLATFORM_UTC_OFFSET_MS). Screens, exports and filters all speak it, whatever the browser's zone:
 * an operator in Europe and the xlsx they export read the same 16:49:52.
 */
const PLATFORM_OFFSET_S = 8 * 3_600;

/** A moment as the platform's clock reads it: 2026-11-24 09:30:15. */
export function formatPlatformTime(seconds: number | null | undefined): string {
  return seconds ? new Date((seconds + PLATFORM_OFFSET_S) * 1000).toISOString().slice(0, 19).replace('T', ' ') : '—';
}

/** The name most lists import; the same platform clock. */
export const formatUnixTime = formatPlatformTime;

/**
 * antd's pickers show a dayjs's fields in the browser's zone, so a moment travels into a picker as
 * the dayjs whose fields are its platform date and time…
 */
export const toPickerValue = (seconds: number): Dayjs => dayjs(formatPlatformTime(seconds));

/** …and a picked value's fields come back as that moment on the platform clock. */
export const fromPickerValue = (picked: Dayjs): number =>
  Date.UTC(picked.year(), picked.month(), picked.date(), picked.hour(), picked.minute(), picked.second()) / 1000 - PLATFORM_OFFSET_S;

/** The first second of the platform day picked. */
export const platformDayStart = (picked: Dayjs): number => fromPickerValue(picked.startOf('day'));

/** The last second (23:59:59) of the platform day picked: a range's end day counts whole. */
export const platformDayEnd = (picked: Dayjs): number => platformDayStart(picked) + 86_399;

/** Now on the platform clock, as a picker value: what "no future days" and "last week" count from. */
export const platformNow = (): Dayjs => toPickerValue(Math.floor(Date.now() / 1000));

/** A range picker's day cells after the platform's today (a filter on what has happened). */
export const afterPlatformToday = (day: Dayjs): boolean => day.isAfter(platformNow().endOf('day'));
