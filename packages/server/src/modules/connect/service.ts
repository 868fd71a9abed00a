import { eq } from 'drizzle-orm';
import { CONNECT_DEFS, CONNECT_TYPES, type ConnectInput, type ConnectSetting, type ConnectType } from '@agora/contract';
import type { AppContext } from '../../platform/context.js';
import type { AuditInTransaction } from '../../platform/audit.js';
import { AppError, badRequest } from '../../platform/errors.js';
import type { Db } from '../../db/client.js';
import { connectSettings } from './tables.js';

type ConnectRecord = typeof connectSettings.$inferSelect;

/** At start: a closed, empty row for every sign-in type that has none. */
export async function ensureConnectSettings(db: Db): Promise<void> {
  await db.insert(connectSettings).values(CONNECT_TYPES.map((type) => ({ type }))).onConflictDoNothing();
}

/** A sign-in type's settings; secret values never leave this function. */
function toSetting(row: ConnectRecord): ConnectSetting {
  const type = row.type as ConnectType;
  const def = CONNECT_DEFS[type];
  return {
    type,
    name: def.name,
    is_open: row.isOpen === 1 ? 1 : 0,
    items: [...def.items],
    config: Object.fromEntries(def.items.filter((item) => !item.secret).map((item) => [item.name, row.config[item.name] ?? ''])),
    secrets_set: def.items.filter((item) => item.secret && row.secrets[item.name]).map((item) => item.name),
  };
}

export async function listConnectSettings(ctx: AppContext): Promise<ConnectSetting[]> {
  const rows = new Map((await ctx.db.select().from(connectSettings)).map((row) => [row.type, row]));
  return CONNECT_TYPES.flatMap((type) => {
    const row = rows.get(type);
    return row ? [toSetting(row)] : [];
  });
}

/**
 * Saves one sign-in's items and switch. A secret sent empty keeps the stored one; it opens only
 * with every required item (stored secrets count) filled. Two saves of one type queue on its row.
 */
export async function saveConnectSetting(ctx: AppContext, type: ConnectType, input: ConnectInput, audit: AuditInTransaction): Promise<ConnectSetting> {
  const def = CONNECT_DEFS[type];
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
  return toSetting(saved);
}
