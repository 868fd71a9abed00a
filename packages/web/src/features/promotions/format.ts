import { formatPlatformTime } from '@/components/formatTime';

/** Promotion times are set to the minute; seconds would only widen the lists. */
export const formatMinute = (seconds: number): string => formatPlatformTime(seconds).slice(0, 16);
