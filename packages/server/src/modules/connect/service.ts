import { eq } from 'drizzle-orm';
import { CONNECT_DEFS, CONNECT_TYPES, THIRD_APP_DEFS, THIRD_APP_TYPES, type ConfigGroupDef, type ConfigGroupSetting, type ConnectInput } from '@agora/contract';
import type { AppContext } from '../../platform/context.js';
import type { AuditInTransaction } from '../../platform/audit.js';
import { AppError, badRequest } from '../../platform/errors.js';
import type { Db } from '../../db/client.js';
import { connectSettings } from './tables.js';

type ConnectRecord = typeof connectSettings.$inferSelect;

/**
 * The kinds of config groups kept in connect_settings, one row per group type: the trusted
 * sign-ins and the third-party apps. Their type names never overlap.
 */
export const TRUSTED_LOGINS = { types: CONNECT_TYPES, defs: CONNECT_DEFS } as const;
export const THIRD_APPS = { types: THIRD_APP_TYPES, defs: THIRD_APP_DEFS } as const;
interface GroupKind<T extends string> {
  types: readonly T[];
  defs: Readonly<Record<T, ConfigGroupDef>>;
}

/** At start: a closed, empty row for every sign-in type and third-party app that has none. */
export async function ensureConnectSettings(db: Db): Promise<void> {
  await db.insert(connectSettings).values([...CONNECT_TYPES, ...THIRD_APP_TYPES].map((type) => ({ type }))).onConflictDoNothing();
}

/** A group's settings; secret values never leave this function. */
function toSetting<T extends string>(kind: GroupKind<T>, row: ConnectRecord): ConfigGroupSetting<T> {
  const type = row.type as T;
  const def = kind.defs[type];
  return {
    type,
    name: def.name,
    is_open: row.isOpen === 1 ? 1 : 0,
    items: [...def.items],
    config: Object.fromEntries(def.items.filter((item) => !item.secret).map((item) => [item.name, row.config[item.name] ?? ''])),
    secrets_set: def.items.filter((item) => item.secret && row.secrets[item.name]).map((item) => item.name),
  };
}

export async function listConfigGroups<T extends string>(ctx: AppContext, kind: GroupKind<T>): Promise<ConfigGroupSetting<T>[]> {
  const rows = new Map((await ctx.db.select().from(connectSettings)).map((row) => [row.type, row]));
  return kind.types.flatMap((type) => {
    const row = rows.get(type);
    return row ? [toSetting(kind, row)] : [];
  });
}

/**
 * Saves one group's items and switch. A secret sent empty keeps the stored one; it opens only
 * with every required item (stored secrets count) filled. Two saves of one type queue on its row.
 */
export async function saveConfigGroup<T extends string>(ctx: AppContext, kind: GroupKind<T>, type: T, input: ConnectInput, audit: AuditInTransaction): Promise<ConfigGroupSetting<T>> {
  const def = kind.defs[type];
  const plain = new Set(def.items.filter((item) => !item.secret).map((item) => item.name));
  const secret = new Set(def.items.filter((item) => item.secret).map((item) => item.name));
  for (const name of Object.keys(input.config)) if (!plain.has(name)) throw badRequest('CONNECT_ITEM_UNKNOWN', { type: def.name.zh, name });
  for (const name of Object.keys(input.secrets)) if (!secret.has(name)) throw badRequest('CONNECT_ITEM_UNKNOWN', { type: def.name.zh, name });
  const saved = await ctx.db.transaction(async (tx) => {
    const [current] = await tx.select().from(connectSettings).where(eq(connectSettings.type, type)).for('update');
    if (!current) throw new AppError(404, 'NOT_FOUND');
    const config = Object.fromEntries([...plain].map((name) => [name, input.config[name] ?? current.config[name] ?? '']));
    const secrets = Object.fromEntries([...secret].map((name) => [name, input.secrets[name] || current.secrets[name] || '']));
    if (input.is_open === 1) {
      const missing = def.items.find((item) => item.required && !(item.secret ? secrets : config)[item.name]);
      if (missing) throw badRequest('CONNECT_ITEM_REQUIRED', { label: missing.label.zh });
    }
    const [row] = await tx.update(connectSettings).set({ isOpen: input.is_open, config, secrets, updatedAt: new Date() }).where(eq(connectSettings.type, type)).returning();
    await audit(tx);
    return row;
  });
  return toSetting(kind, saved);
}
