import { and, asc, eq, ne, sql } from 'drizzle-orm';
import { HTTP_TRANSLATION_PLUGIN, PLUGIN_KINDS, PLUGINS, pluginOf, S3_STORAGE_PLUGIN, SMS_HTTP_PLUGIN, type PluginConfig, type PluginDef, type PluginInput, type PluginKind } from '@agora/contract';
import type { AppContext } from '../../platform/context.js';
import type { AuditInTransaction } from '../../platform/audit.js';
import { AppError, badRequest } from '../../platform/errors.js';
import { assertOutboundUrl } from '../../platform/outbound.js';
import { unixSeconds } from '../../platform/time.js';
import type { Db } from '../../db/client.js';
import type { Transaction } from '../../db/sql.js';
import { pluginConfigs } from './tables.js';
import { preparedOnce } from '../../platform/statements.js';

type PluginRecord = typeof pluginConfigs.$inferSelect;

/** What a driver needs of the open plugin of a kind: its id and every item, secrets included (server side only). */
export interface OpenPlugin {
  pluginId: string;
  values: Record<string, string>;
}

/** Checks run before a plugin opens (the storage probes its bucket); a refusal throws. */
type OpenCheck = (ctx: AppContext, plugin: OpenPlugin) => Promise<void>;
const openChecks = new Map<string, OpenCheck>();
export const registerOpenCheck = (kind: PluginKind, pluginId: string, check: OpenCheck) => openChecks.set(`${kind}:${pluginId}`, check);

/** Listeners told after the open plugin of a kind (or its config) changed in this instance. */
type ChangeListener = () => void | Promise<void>;
const changeListeners = new Map<PluginKind, Set<ChangeListener>>();
export function onPluginChange(kind: PluginKind, listener: ChangeListener): () => void {
  const set = changeListeners.get(kind) ?? new Set();
  set.add(listener);
  changeListeners.set(kind, set);
  return () => set.delete(listener);
}
const changed = async (kind: PluginKind) => {
  await Promise.all([...(changeListeners.get(kind) ?? [])].map((listener) => listener()));
};

/**
 * At start: a row for every shipped plugin, and no plugin open without its required settings. A
 * kind with a built-in plugin (the SMS outbox, the local disk…) has it open while no other
 * complete one is; a kind without one (express query, e-waybill) starts with none open, since
 * opening a platform with blank credentials would only fail later, at a shipment.
 */
export async function ensurePlugins(db: Db): Promise<void> {
  for (const kind of PLUGIN_KINDS) {
    await db
      .insert(pluginConfigs)
      .values(PLUGINS[kind].map((plugin) => ({ kind, pluginId: plugin.plugin_id })))
      .onConflictDoNothing();
    await db.transaction(async (tx) => {
      const rows = await lockKind(tx, kind);
      const open = rows.find((row) => row.open === 1);
      const plugin = open && pluginOf(kind, open.pluginId);
      if (plugin && !missingItem(plugin, valuesOf(open))) return;
      // None open, one this build no longer ships, or one opened blank by an earlier build: the built-in one takes over.
      const builtin = PLUGINS[kind].find((candidate) => candidate.builtin);
      if (open) await tx.update(pluginConfigs).set({ open: 0 }).where(and(eq(pluginConfigs.kind, kind), eq(pluginConfigs.open, 1)));
      if (builtin) await tx.update(pluginConfigs).set({ open: 1 }).where(and(eq(pluginConfigs.kind, kind), eq(pluginConfigs.pluginId, builtin.plugin_id)));
    });
  }
}

/** Every row of a kind, locked in one order: two switches of one kind queue here. */
const lockKind = (tx: Transaction, kind: PluginKind) =>
  tx.select().from(pluginConfigs).where(eq(pluginConfigs.kind, kind)).orderBy(asc(pluginConfigs.pluginId)).for('update');

/** What a plugin's answer is made of (its kind is the request's). */
const configColumns = {
  pluginId: pluginConfigs.pluginId,
  open: pluginConfigs.open,
  config: pluginConfigs.config,
  secrets: pluginConfigs.secrets,
  updatedAt: pluginConfigs.updatedAt,
};
type ConfigFields = Pick<PluginRecord, keyof typeof configColumns>;

function toConfig(plugin: PluginDef, row: ConfigFields): PluginConfig {
  return {
    plugin_id: plugin.plugin_id,
    name: plugin.name,
    open: row.open === 1 ? 1 : 0,
    builtin: plugin.builtin,
    items: [...plugin.items],
    config: Object.fromEntries(plugin.items.filter((item) => !item.secret).map((item) => [item.name, row.config[item.name] ?? ''])),
    secrets_set: plugin.items.filter((item) => item.secret && row.secrets[item.name]).map((item) => item.name),
    update_time: unixSeconds(row.updatedAt),
  };
}

// the rows of a kind, prepared once (platform/statements.ts)
const pluginsOfKind = preparedOnce('agora_plugins_of_kind', (db) => db.select(configColumns).from(pluginConfigs).where(eq(pluginConfigs.kind, sql.placeholder('kind'))));

export async function listPlugins(ctx: AppContext, kind: PluginKind): Promise<PluginConfig[]> {
  const rows = await pluginsOfKind(ctx.db).execute({ kind });
  return PLUGINS[kind].flatMap((plugin) => {
    const row = rows.find((candidate) => candidate.pluginId === plugin.plugin_id);
    return row ? [toConfig(plugin, row)] : [];
  });
}

async function getPlugin(db: Db, kind: PluginKind, pluginId: string): Promise<PluginConfig> {
  const plugin = pluginOf(kind, pluginId);
  const [row] = await db.select().from(pluginConfigs).where(and(eq(pluginConfigs.kind, kind), eq(pluginConfigs.pluginId, pluginId)));
  if (!plugin || !row) throw new AppError(404, 'PLUGIN_NOT_FOUND');
  return toConfig(plugin, row);
}

const valuesOf = (row: Pick<PluginRecord, 'config' | 'secrets'>) => ({ ...row.config, ...row.secrets });

const missingItem = (plugin: PluginDef, values: Record<string, string>) => plugin.items.find((item) => item.required && !values[item.name]?.trim());

function assertComplete(plugin: PluginDef, values: Record<string, string>): void {
  const missing = missingItem(plugin, values);
  if (missing) throw badRequest('PLUGIN_ITEM_REQUIRED', { name: plugin.name.zh, label: missing.label.zh, name_en: plugin.name.en, label_en: missing.label.en });
}

/** The items the server sends requests to: checked against the outbound policy before they are saved or opened. */
const FETCHED_URL_ITEMS: Partial<Record<string, readonly string[]>> = {
  [`SMS:${SMS_HTTP_PLUGIN}`]: ['url'],
  [`TRANSLATION:${HTTP_TRANSLATION_PLUGIN}`]: ['url'],
  [`STORAGE:${S3_STORAGE_PLUGIN}`]: ['endpoint'],
};

async function assertFetchedUrls(ctx: AppContext, kind: PluginKind, pluginId: string, values: Record<string, string>): Promise<void> {
  for (const name of FETCHED_URL_ITEMS[`${kind}:${pluginId}`] ?? []) if (values[name]) await assertOutboundUrl(ctx, values[name]);
}

async function runOpenCheck(ctx: AppContext, kind: PluginKind, plugin: OpenPlugin): Promise<void> {
  await openChecks.get(`${kind}:${plugin.pluginId}`)?.(ctx, plugin);
}

/**
 * Saves a plugin's items. A secret sent empty keeps the stored one; the open plugin must stay
 * complete (and, for storage, reachable) since it is in use.
 */
export async function savePlugin(ctx: AppContext, kind: PluginKind, pluginId: string, input: PluginInput, audit: AuditInTransaction): Promise<PluginConfig> {
  const plugin = pluginOf(kind, pluginId);
  if (!plugin) throw new AppError(404, 'PLUGIN_NOT_FOUND');
  if (plugin.builtin) throw badRequest('PLUGIN_BUILTIN', { name: plugin.name.zh });
  const plain = plugin.items.filter((item) => !item.secret).map((item) => item.name);
  const secret = plugin.items.filter((item) => item.secret).map((item) => item.name);
  for (const name of Object.keys(input.config)) if (!plain.includes(name)) throw badRequest('PLUGIN_ITEM_UNKNOWN', { name: plugin.name.zh, item: name });
  for (const name of Object.keys(input.secrets)) if (!secret.includes(name)) throw badRequest('PLUGIN_ITEM_UNKNOWN', { name: plugin.name.zh, item: name });
  const [current] = await ctx.db.select().from(pluginConfigs).where(and(eq(pluginConfigs.kind, kind), eq(pluginConfigs.pluginId, pluginId)));
  if (!current) throw new AppError(404, 'PLUGIN_NOT_FOUND');
  const next = (stored: Pick<PluginRecord, 'config' | 'secrets'>) => ({
    config: Object.fromEntries(plain.map((name) => [name, input.config[name] ?? stored.config[name] ?? ''])),
    secrets: Object.fromEntries(secret.map((name) => [name, input.secrets[name] || stored.secrets[name] || ''])),
  });
  await assertFetchedUrls(ctx, kind, pluginId, valuesOf(next(current)));
  if (current.open === 1) {
    const values = valuesOf(next(current));
    assertComplete(plugin, values);
    await runOpenCheck(ctx, kind, { pluginId, values });
  }
  await ctx.db.transaction(async (tx) => {
    const [row] = await tx.select().from(pluginConfigs).where(and(eq(pluginConfigs.kind, kind), eq(pluginConfigs.pluginId, pluginId))).for('update');
    const update = next(row);
    if (row.open === 1) assertComplete(plugin, valuesOf(update));
    await tx.update(pluginConfigs).set({ ...update, updatedAt: new Date() }).where(and(eq(pluginConfigs.kind, kind), eq(pluginConfigs.pluginId, pluginId)));
    await audit(tx);
  });
  await changed(kind);
  return getPlugin(ctx.db, kind, pluginId);
}

/** Opens one plugin of its kind and closes the one that was open, in one transaction: exactly one stays open. */
export async function openPlugin(ctx: AppContext, kind: PluginKind, pluginId: string, audit: AuditInTransaction): Promise<PluginConfig> {
  const plugin = pluginOf(kind, pluginId);
  if (!plugin) throw new AppError(404, 'PLUGIN_NOT_FOUND');
  const [stored] = await ctx.db.select().from(pluginConfigs).where(and(eq(pluginConfigs.kind, kind), eq(pluginConfigs.pluginId, pluginId)));
  if (!stored) throw new AppError(404, 'PLUGIN_NOT_FOUND');
  assertComplete(plugin, valuesOf(stored));
  await assertFetchedUrls(ctx, kind, pluginId, valuesOf(stored));
  await runOpenCheck(ctx, kind, { pluginId, values: valuesOf(stored) });
  await ctx.db.transaction(async (tx) => {
    const rows = await lockKind(tx, kind);
    const row = rows.find((candidate) => candidate.pluginId === pluginId)!;
    // What was checked may have been emptied meanwhile: checked again under the lock.
    assertComplete(plugin, valuesOf(row));
    if (row.open === 1) return;
    await tx.update(pluginConfigs).set({ open: 0, updatedAt: new Date() }).where(and(eq(pluginConfigs.kind, kind), eq(pluginConfigs.open, 1), ne(pluginConfigs.pluginId, pluginId)));
    await tx.update(pluginConfigs).set({ open: 1, updatedAt: new Date() }).where(and(eq(pluginConfigs.kind, kind), eq(pluginConfigs.pluginId, pluginId)));
    await audit(tx);
  });
  await changed(kind);
  return getPlugin(ctx.db, kind, pluginId);
}

/** The open plugin of a kind with all its values (secrets included): for the drivers, never for a response. */
/** the open plugin of a kind: read by every payment, SMS, storage or validator step, so prepared once (platform/statements.ts) */
const openPluginOf = preparedOnce('agora_open_plugin', (db) =>
  db.select().from(pluginConfigs).where(and(eq(pluginConfigs.kind, sql.placeholder('kind')), eq(pluginConfigs.open, sql.placeholder('open')))),
);

export async function readOpenPlugin(db: Db, kind: PluginKind): Promise<OpenPlugin> {
  const [row] = await openPluginOf(db).execute({ kind, open: 1 });
  if (!row || !pluginOf(kind, row.pluginId)) return { pluginId: PLUGINS[kind][0].plugin_id, values: {} };
  return { pluginId: row.pluginId, values: valuesOf(row) };
}
