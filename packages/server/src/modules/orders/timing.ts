/**
 * The trade's day counts as intervals (DOMAIN §1.6, §3.3). The order settings give the delays in
 * days; the site setting test_mode turns every "day" into one second, for demos. Every deadline
 * — the scheduled tasks' queries, the countdown the order list and detail show, the complaint
 * window a filing checks — is computed here, so what is shown and what the task does agree.
 */
import { ORDER_SETTINGS_DEFAULT, SETTINGS_KEYS, SITE_DEFAULTS, cancelDelaySeconds, type OrderSettings } from '@agora/contract';
import type { AppContext } from '../../platform/context.js';
import { readDocument, readDocuments } from '../../platform/settings.js';

const DAY_MS = 86_400_000;
export const ORDER_SETTINGS_KEY = 'order_settings';

/** How often the day-count tasks run while test mode is on (their days last a second). */
export const TEST_MODE_TICK_SECONDS = 2;

export const readOrderSettings = (ctx: Pick<AppContext, 'db'>): Promise<OrderSettings> => readDocument(ctx.db, ORDER_SETTINGS_KEY, ORDER_SETTINGS_DEFAULT);

export async function readTestMode(ctx: Pick<AppContext, 'db'>): Promise<boolean> {
  return (await readDocument(ctx.db, SETTINGS_KEYS.site, SITE_DEFAULTS)).test_mode === 1;
}

/** The delays as they stand now: the order settings and whether a day is a second. */
export interface TradeClock {
  settings: OrderSettings;
  testMode: boolean;
}

/** Both documents in one statement: the order list reads the clock on every page. */
export async function readTradeClock(ctx: Pick<AppContext, 'db'>): Promise<TradeClock> {
  const { settings, site } = await readDocuments(ctx.db, { settings: { key: ORDER_SETTINGS_KEY, defaults: ORDER_SETTINGS_DEFAULT }, site: { key: SETTINGS_KEYS.site, defaults: SITE_DEFAULTS } });
  return { settings, testMode: site.test_mode === 1 };
}

/** `days` (fractions allowed) as milliseconds: days × 86400 s, or days seconds in test mode. */
export const tradeDelayMs = (clock: Pick<TradeClock, 'testMode'>, days: number): number => Math.round(days * (clock.testMode ? 1000 : DAY_MS));

/** The moment `days` after `from`. */
export const tradeDeadline = (clock: Pick<TradeClock, 'testMode'>, from: Date, days: number): Date => new Date(from.getTime() + tradeDelayMs(clock, days));

/** How long an unpaid online order waits (its day, hour and minute fields), 0 when never cancelled. */
export const cancelDelayMs = (clock: TradeClock): number => tradeDelayMs(clock, cancelDelaySeconds(clock.settings) / 86_400);
