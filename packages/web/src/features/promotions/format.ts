import dayjs from 'dayjs';

/** Promotion times are set to the minute; seconds would only widen the lists. */
export const formatMinute = (seconds: number): string => dayjs.unix(seconds).format('YYYY-MM-DD HH:mm');
