import dayjs from 'dayjs';

/** The API speaks unix seconds; operators read local date and time. */
export function formatUnixTime(seconds: number | null | undefined): string {
  return seconds ? dayjs.unix(seconds).format('YYYY-MM-DD HH:mm:ss') : '—';
}
