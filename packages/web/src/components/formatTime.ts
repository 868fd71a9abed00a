import dayjs from 'dayjs';

/** The API speaks unix seconds; operators read local date and time. */
export function formatUnixTime(seconds: number | null | undefined): string {
  return seconds ? dayjs.unix(seconds).format('YYYY-MM-DD HH:mm:ss') : '—';
}

/** The platform's clock: Asia/Shanghai, UTC+8 all year (the server's PLATFORM_UTC_OFFSET_MS). */
const PLATFORM_OFFSET_MS = 8 * 3_600_000;

/**
 * A moment as the platform's clock reads it, whatever the browser's zone: what the server counts in
 * platform days (a bill's period starts and ends at midnight there) reads as those days.
 */
export function formatPlatformTime(seconds: number | null | undefined): string {
  return seconds ? new Date(seconds * 1000 + PLATFORM_OFFSET_MS).toISOString().slice(0, 19).replace('T', ' ') : '—';
}
