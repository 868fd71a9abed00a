import { and, asc, eq, sql } from 'drizzle-orm';
import {
  paymentPluginOf,
  PAYMENT_CLIENTS,
  PAYMENT_PLUGINS,
  type PaymentClient,
  type PaymentInput,
  type PaymentMethodDetail,
  type PaymentMethodRow,
} from '@agora/contract';
import type { AppContext } from '../../platform/context.js';
import type { AuditInTransaction } from '../../platform/audit.js';
import { AppError, badRequest } from '../../platform/errors.js';
import { preparedOnce } from '../../platform/statements.js';
import { unixSeconds } from '../../platform/time.js';
import type { Db } from '../../db/client.js';
import { paymentMethodClients, paymentMethods } from './tables.js';

type MethodRecord = typeof paymentMethods.$inferSelect;
type ClientRecord = typeof paymentMethodClients.$inferSelect;

const CLIENT_NAMES: Record<PaymentClient, string> = { PC: 'PC', WAP: 'WAP', NATIVE: 'APP', REACT: 'React Native', MINI: '小程序' };

/**
 * At start: a row for every shipped plugin and each of its clients that has none yet (closed,
 * empty). The methods exist from the first start; their configuration is the operator's.
 */
export async function ensurePaymentMethods(db: Db): Promise<void> {
  for (const [index, plugin] of PAYMENT_PLUGINS.entries()) {
    await db.insert(paymentMethods).values({ pluginId: plugin.plugin_id, methodName: plugin.method_name, isRetrace: plugin.is_retrace, sort: index + 1 }).onConflictDoNothing();
    await db
      .insert(paymentMethodClients)
      .values(plugin.clients.map((clientType) => ({ pluginId: plugin.plugin_id, clientType })))
      .onConflictDoNothing();
  }
}

const byClientOrder = (a: ClientRecord, b: ClientRecord) => PAYMENT_CLIENTS.indexOf(a.clientType as PaymentClient) - PAYMENT_CLIENTS.indexOf(b.clientType as PaymentClient);

function toRow(method: MethodRecord, clients: ClientRecord[]): PaymentMethodRow {
  return {
    plugin_id: method.pluginId,
    method_name: method.methodName,
    is_retrace: method.isRetrace === 1 ? 1 : 0,
    open_clients: clients.filter((client) => client.isOpen === 1).sort(byClientOrder).map((client) => client.clientType as PaymentClient),
    update_time: unixSeconds(method.updatedAt),
  };
}

export async function listPaymentMethods(ctx: AppContext): Promise<PaymentMethodRow[]> {
  const methods = await ctx.db.select().from(paymentMethods).orderBy(asc(paymentMethods.sort));
  const clients = await ctx.db.select().from(paymentMethodClients);
  return methods.filter((method) => paymentPluginOf(method.pluginId)).map((method) => toRow(method, clients.filter((client) => client.pluginId === method.pluginId)));
}

// the method's detail: its row and its clients' rows, prepared once (platform/statements.ts)
const methodById = preparedOnce('agora_payment_method_detail', (db) => db.select().from(paymentMethods).where(eq(paymentMethods.pluginId, sql.placeholder('pluginId'))));
const clientsOfMethod = preparedOnce('agora_payment_method_clients', (db) =>
  db.select().from(paymentMethodClients).where(eq(paymentMethodClients.pluginId, sql.placeholder('pluginId'))),
);

/** A method with its items and per-client config; secret values never leave this function. */
export async function getPaymentMethod(ctx: AppContext, pluginId: string): Promise<PaymentMethodDetail> {
  const plugin = paymentPluginOf(pluginId);
  const [method] = await methodById(ctx.db).execute({ pluginId });
  if (!plugin || !method) throw new AppError(404, 'PAYMENT_NOT_FOUND');
  const clients = (await clientsOfMethod(ctx.db).execute({ pluginId }))
    .filter((client) => plugin.clients.includes(client.clientType as PaymentClient))
    .sort(byClientOrder);
  return {
    ...toRow(method, clients),
    items: [...plugin.items],
    clients: clients.map((client) => ({
      client_type: client.clientType as PaymentClient,
      is_open: client.isOpen === 1 ? 1 : 0,
      config: client.config,
      secrets_set: Object.keys(client.secrets).filter((name) => client.secrets[name] !== ''),
    })),
  };
}

/**
 * Saves the method's name and the clients sent. A secret sent empty keeps the stored one; a client
 * opens only with every required item (stored secrets count) filled.
 */
export async function savePaymentMethod(ctx: AppContext, pluginId: string, input: PaymentInput, audit: AuditInTransaction): Promise<PaymentMethodDetail> {
  const plugin = paymentPluginOf(pluginId);
  if (!plugin) throw new AppError(404, 'PAYMENT_NOT_FOUND');
  const plain = new Set(plugin.items.filter((item) => !item.secret).map((item) => item.name));
  const secret = new Set(plugin.items.filter((item) => item.secret).map((item) => item.name));
  await ctx.db.transaction(async (tx) => {
    // Two saves of one method queue here; each applies to what the other left.
    const [method] = await tx.select().from(paymentMethods).where(eq(paymentMethods.pluginId, pluginId)).for('update');
    if (!method) throw new AppError(404, 'PAYMENT_NOT_FOUND');
    const stored = new Map((await tx.select().from(paymentMethodClients).where(eq(paymentMethodClients.pluginId, pluginId))).map((row) => [row.clientType, row]));
    for (const client of input.clients) {
      const current = stored.get(client.client_type);
      if (!current || !plugin.clients.includes(client.client_type)) {
        throw badRequest('PAYMENT_CLIENT_UNSUPPORTED', { method: plugin.method_name, client: CLIENT_NAMES[client.client_type] });
      }
      for (const name of Object.keys(client.config)) if (!plain.has(name)) throw badRequest('PAYMENT_ITEM_UNKNOWN', { method: plugin.method_name, name });
      for (const name of Object.keys(client.secrets)) if (!secret.has(name)) throw badRequest('PAYMENT_ITEM_UNKNOWN', { method: plugin.method_name, name });
      const config = Object.fromEntries([...plain].map((name) => [name, client.config[name] ?? current.config[name] ?? '']));
      const secrets = Object.fromEntries([...secret].map((name) => [name, client.secrets[name] || current.secrets[name] || '']));
      if (client.is_open === 1) {
        const missing = plugin.items.find((item) => item.required && !(item.secret ? secrets : config)[item.name]);
        if (missing) throw badRequest('PAYMENT_ITEM_REQUIRED', { client: CLIENT_NAMES[client.client_type], label: missing.label.zh });
      }
      await tx
        .update(paymentMethodClients)
        .set({ isOpen: client.is_open, config, secrets })
        .where(and(eq(paymentMethodClients.pluginId, pluginId), eq(paymentMethodClients.clientType, client.client_type)));
    }
    await tx.update(paymentMethods).set({ methodName: input.method_name, updatedAt: new Date() }).where(eq(paymentMethods.pluginId, pluginId));
    await audit(tx);
  });
  return getPaymentMethod(ctx, pluginId);
}
