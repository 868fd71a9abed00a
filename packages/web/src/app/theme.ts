import { createContext, useContext } from 'react';
import { DEFAULT_THEME_COLOR } from '@agora/contract';

export interface ThemeColor {
  color: string;
  setColor(color: string): void;
}

export const ThemeColorContext = createContext<ThemeColor>({ color: DEFAULT_THEME_COLOR, setColor: () => undefined });

export const useThemeColor = (): ThemeColor => useContext(ThemeColorContext);
