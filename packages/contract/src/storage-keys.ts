/** Locally stored values of spec §3. */
export const STORAGE_KEYS = {
  uid: 'admin_uid',
  uuid: 'admin_uuid',
  user: 'admin_user',
  accessToken: 'admin_access_token',
  refreshToken: 'admin_refresh_token',
  language: 'adminLanguage',
  theme: 'adminThemeColor',
  sidebarCollapsed: 'adminSidebarCollapsed',
  sidebarWidth: 'adminSidebarWidth',
} as const;

/**
 * Spec §4 decoration sync, both directions (decor.ts): the console sends its session (SYNC_DECOR)
 * every 200 ms until the decoration window answers `decorReceived`; it sends renewed tokens back (SYNC_DECOR_TOKEN).
 */
export const DECOR_SYNC_INTERVAL_MS = 200;
export const DECOR_SYNC = 'SYNC_DECOR';
export const DECOR_SYNC_TOKEN = 'SYNC_DECOR_TOKEN';
export const DECOR_RECEIVED = 'decorReceived';

export const DEFAULT_STORAGE_DAYS = 3650;
export const DEFAULT_THEME_COLOR = '#409EFF';
export const TOKEN_WAIT_POLL_MS = 500;
export const REQUEST_TIMEOUT_MS = 60000;
export const TOAST_MS = 5000;
/** Toasts and notifications sit above every dialog and overlay (spec §9). */
export const TOAST_Z_INDEX = 9999;
/** The global loading overlay stays this long after the response (spec §9). */
export const LOADING_CLOSE_DELAY_MS = 200;
export const VIEW_RELOAD_DELAY_MS = 100;
export const MOBILE_BREAKPOINT = 1024;
export const SIDEBAR_MIN_WIDTH = 180;
export const SIDEBAR_MIN_WIDTH_I18N = 225;
export const SIDEBAR_CONTENT_RESERVE = 1000;
export const CHAT_BADGE_CAP = 99;
