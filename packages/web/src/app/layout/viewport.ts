import { useSyncExternalStore } from 'react';
import { MOBILE_BREAKPOINT, SIDEBAR_CONTENT_RESERVE, SIDEBAR_MIN_WIDTH, SIDEBAR_MIN_WIDTH_I18N } from '@agora/contract';
import { isChinese } from '@/lib/locale';

function subscribeResize(listener: () => void): () => void {
  window.addEventListener('resize', listener);
  return () => window.removeEventListener('resize', listener);
}

export const useViewportWidth = (): number => useSyncExternalStore(subscribeResize, () => window.innerWidth);

export const isMobileWidth = (viewportWidth: number): boolean => viewportWidth < MOBILE_BREAKPOINT;

/** Spec §2: English titles are longer, so the menu may not get as narrow. */
export const sidebarMinWidth = (language: string): number => (isChinese(language) ? SIDEBAR_MIN_WIDTH : SIDEBAR_MIN_WIDTH_I18N);

/** Spec §2: the menu is at least the minimum wide and leaves 1000 px to the content. */
export function clampSidebarWidth(width: number, viewportWidth: number, minWidth: number): number {
  return Math.max(minWidth, Math.min(width, viewportWidth - SIDEBAR_CONTENT_RESERVE));
}
