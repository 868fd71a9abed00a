/** Spec §9's currency symbol: the full-width ￥, in every table, card, chart and message. */
export const YUAN = '￥';

/** An amount in yuan with thousands separators and two decimals: 12,539.00 (the symbol is the caller's, e.g. a Statistic's prefix). */
export const formatAmount = (yuan: number): string =>
  `${yuan < 0 ? '-' : ''}${Math.abs(yuan).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;

/** The API speaks yuan; operators read ￥1,234.50 and -￥3.33. The one money formatter of the console. */
export const formatYuan = (yuan: number): string => `${yuan < 0 ? '-' : ''}${YUAN}${formatAmount(Math.abs(yuan))}`;

/** A signed change: +￥10.00 / -￥5.50. */
export const formatSignedYuan = (yuan: number): string => `${yuan > 0 ? '+' : ''}${formatYuan(yuan)}`;
