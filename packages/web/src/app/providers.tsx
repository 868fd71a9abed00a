import { useEffect, useMemo, useState, type ReactNode } from 'react';
import { QueryClientProvider } from '@tanstack/react-query';
import { ConfigProvider } from 'antd';
// antd's ES build of its locales (antd/locale/* is CommonJS and brings its lib/ helpers along).
import enUS from 'antd/es/locale/en_US';
import zhCN from 'antd/es/locale/zh_CN';
import { DEFAULT_THEME_COLOR, STORAGE_KEYS } from '@agora/contract';
import { dropDrafts } from '@/lib/drafts';
import { ConsoleRoot, FEEDBACK_THEME_COMPONENTS, FeedbackBridge, GlobalLoading } from '@/lib/feedback';
import { isChinese } from '@/lib/locale';
import { getRefreshToken, subscribeSession } from '@/lib/session';
import { storage } from '@/lib/storage';
import { widgetLocale } from '@/lib/widget-locale';
import { queryClient } from './query-client';
import { ThemeColorContext, type ThemeColor } from './theme';

export function AppProviders({ children }: { children: ReactNode }) {
  const [color, setColor] = useState(() => storage.get<string>(STORAGE_KEYS.theme) ?? DEFAULT_THEME_COLOR);
  const theme = useMemo<ThemeColor>(
    () => ({
      color,
      setColor(next) {
        storage.set(STORAGE_KEYS.theme, next);
        setColor(next);
      },
    }),
    [color],
  );

  // Whatever one operator loaded must not show to whoever signs in next.
  useEffect(
    () =>
      subscribeSession(() => {
        if (!getRefreshToken()) {
          queryClient.clear();
          dropDrafts();
        }
      }),
    [],
  );

  // One colour drives every token that would otherwise stay antd's blue: primary, info and links (a table's row actions).
  return (
    <QueryClientProvider client={queryClient}>
      <ConfigProvider locale={widgetLocale()?.antd ?? (isChinese() ? zhCN : enUS)} theme={{ token: { colorPrimary: color, colorInfo: color, colorLink: color }, components: FEEDBACK_THEME_COMPONENTS }}>
        <ConsoleRoot>
          <FeedbackBridge />
          <GlobalLoading />
          <ThemeColorContext.Provider value={theme}>{children}</ThemeColorContext.Provider>
        </ConsoleRoot>
      </ConfigProvider>
    </QueryClientProvider>
  );
}
