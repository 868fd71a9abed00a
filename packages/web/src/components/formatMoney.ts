/** The API speaks yuan; operators read ¥1,234.50. */
export const formatYuan = (yuan: number): string =>
  `¥${yuan.toLocaleString('zh-CN', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
