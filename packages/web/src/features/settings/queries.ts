import { orderEndpoints, settingsEndpoints, type ResponseOf } from '@agora/contract';
import type { Invalidates } from '@/lib/api';

/**
 * Each settings document: where it is read and saved (GET and PUT admin/settings/<key>), what the
 * save says, and who else shows parts of it — the shell's title, logo and icon and the goods
 * list's buyer links come from site-show; the second-step toggles are the verification settings.
 * The order settings live with the orders (admin/trade/orders/setting, saved with POST).
 */
export const SETTINGS_DOCUMENTS = {
  site: { read: settingsEndpoints.site, save: settingsEndpoints.saveSite, saved: 'settings.saved.site', invalidates: ['settings', 'site'] },
  point: { read: settingsEndpoints.point, save: settingsEndpoints.savePoint, saved: 'settings.saved.point', invalidates: ['settings'] },
  account: { read: settingsEndpoints.account, save: settingsEndpoints.saveAccount, saved: 'settings.saved.account', invalidates: ['settings', 'verification'] },
  'new-comer-coupon': {
    read: settingsEndpoints.newComerCoupon,
    save: settingsEndpoints.saveNewComerCoupon,
    saved: 'settings.saved.coupon',
    invalidates: ['settings'],
  },
  order: { read: orderEndpoints.settings, save: orderEndpoints.saveSettings, saved: 'settings.saved.order', invalidates: ['settings', 'orders'] },
} as const satisfies Record<string, { read: unknown; save: unknown; saved: string; invalidates: Invalidates }>;

type Documents = typeof SETTINGS_DOCUMENTS;

/** The documents the settings page edits. */
export type SettingsDocKey = keyof Documents;

/** What each settings document holds. */
export type SettingsDocuments = { [K in SettingsDocKey]: ResponseOf<Documents[K]['read']> };
