/** The languages the console ships texts for (locales/<code>/). Operators may add more on the server. */
export const SHIPPED_LANGUAGES = [
  { code: 'zh-CN', lang: '简体中文' },
  { code: 'en-US', lang: 'English' },
] as const;
