import crypto from 'node:crypto';
import { and, eq, ilike, inArray, ne, or, sql } from 'drizzle-orm';
import type { OAuth2Client, OAuth2ClientInput, OAuth2ClientQuery, OAuth2ClientSecret, OAuth2GrantType, Page } from '@agora/contract';
import { escapeLike, type Transaction } from '../../db/sql.js';
import type { AppContext } from '../../platform/context.js';
import { AppError, badRequest } from '../../platform/errors.js';
import { listPage } from '../../platform/list.js';
import { namesById, preparedOnce } from '../../platform/statements.js';
import { unixSeconds } from '../../platform/time.js';
import { refuseDuplicates } from '../../platform/unique.js';
import { brands, categories } from '../goods/tables.js';
import { shops } from '../shops/tables.js';
import { oauth2Clients } from './tables.js';

refuseDuplicates({ oauth2_clients_name_uq: 'OAUTH2_CLIENT_NAME_TAKEN' });

/** What a client in the answers is made of (never its secret's hash). */
const clientAnswerColumns = {
  id: oauth2Clients.id,
  name: oauth2Clients.name,
  clientId: oauth2Clients.clientId,
  secretIssuedAt: oauth2Clients.secretIssuedAt,
  status: oauth2Clients.status,
  accessTokenSeconds: oauth2Clients.accessTokenSeconds,
  refreshTokenSeconds: oauth2Clients.refreshTokenSeconds,
  grantTypes: oauth2Clients.grantTypes,
  redirectUris: oauth2Clients.redirectUris,
  shopIds: oauth2Clients.shopIds,
  brandIds: oauth2Clients.brandIds,
  categoryIds: oauth2Clients.categoryIds,
  createdAt: oauth2Clients.createdAt,
};
type ClientRecord = Pick<typeof oauth2Clients.$inferSelect, keyof typeof clientAnswerColumns>;
type Reader = AppContext['db'] | Transaction;

/** A new secret: shown to the operator once, stored only as its hash. */
function newSecret(): { secret: string; hash: string } {
  const secret = crypto.randomBytes(32).toString('base64url');
  return { secret, hash: hashSecret(secret) };
}

export const hashSecret = (secret: string): string => crypto.createHash('sha256').update(secret).digest('hex');

/** Whether `secret` is the client's current one (constant-time): what a token endpoint would ask. */
export async function verifyClientSecret(db: Reader, clientId: string, secret: string): Promise<boolean> {
  const [client] = await db.select({ hash: oauth2Clients.secretHash, status: oauth2Clients.status }).from(oauth2Clients).where(eq(oauth2Clients.clientId, clientId));
  if (!client || client.status !== 1) return false;
  return crypto.timingSafeEqual(Buffer.from(client.hash, 'hex'), Buffer.from(hashSecret(secret), 'hex'));
}

// The scope's names, the ids as one array: prepared once (platform/statements.ts).
const shopNamesOf = namesById('agora_oauth2_shop_names', shops.id, shops.shopName);
const brandNamesOf = namesById('agora_oauth2_brand_names', brands.id, brands.name);
const categoryNamesOf = namesById('agora_oauth2_category_names', categories.id, categories.name);

/** The names of the scope's shops, brands and categories, for a page of clients at once. */
async function scopeNames(db: Reader, records: ClientRecord[]) {
  const all = (pick: (record: ClientRecord) => number[]) => records.flatMap(pick);
  return {
    shops: await shopNamesOf(db, all((record) => record.shopIds)),
    brands: await brandNamesOf(db, all((record) => record.brandIds)),
    categories: await categoryNamesOf(db, all((record) => record.categoryIds)),
  };
}

function toClient(record: ClientRecord, names: Awaited<ReturnType<typeof scopeNames>>): OAuth2Client {
  return {
    id: record.id,
    client_name: record.name,
    client_id: record.clientId,
    status: record.status ? 1 : 0,
    access_token_validity: record.accessTokenSeconds,
    refresh_token_validity: record.refreshTokenSeconds,
    grant_types: record.grantTypes as OAuth2GrantType[],
    redirect_uris: record.redirectUris,
    shops: record.shopIds.filter((id) => names.shops.has(id)).map((id) => ({ shop_id: id, shop_name: names.shops.get(id)! })),
    brands: record.brandIds.filter((id) => names.brands.has(id)).map((id) => ({ brand_id: id, name: names.brands.get(id)! })),
    categories: record.categoryIds.filter((id) => names.categories.has(id)).map((id) => ({ category_id: id, name: names.categories.get(id)! })),
    create_time: unixSeconds(record.createdAt),
    secret_time: unixSeconds(record.secretIssuedAt),
  };
}

/** Newest first; the keyword matches the name or the client id. */
export async function listClients(ctx: AppContext, query: OAuth2ClientQuery): Promise<Page<OAuth2Client>> {
  const like = query.keyword ? `%${escapeLike(query.keyword)}%` : undefined;
  const page = await listPage(ctx.db, {
    query,
    table: oauth2Clients,
    id: oauth2Clients.id,
    where: [query.status === undefined ? undefined : eq(oauth2Clients.status, query.status), like ? or(ilike(oauth2Clients.name, like), ilike(oauth2Clients.clientId, like)) : undefined],
    statement: 'oauth2/service.listClients',
    rows: ({ where, orderBy, limit, offset }) => ctx.db.select(clientAnswerColumns).from(oauth2Clients).where(where).orderBy(...orderBy).limit(limit).offset(offset),
    map: (record) => record,
    idOf: (record) => record.id,
  });
  const names = await scopeNames(ctx.db, page.data);
  return { ...page, data: page.data.map((record) => toClient(record, names)) };
}

/** a client by id: prepared once (platform/statements.ts) */
const clientById = preparedOnce('agora_oauth2_client', (db) => db.select(clientAnswerColumns).from(oauth2Clients).where(eq(oauth2Clients.id, sql.placeholder('id'))));

async function findClient(db: Reader, id: number): Promise<ClientRecord> {
  const [record] = await clientById(db).execute({ id });
  if (!record) throw new AppError(404, 'OAUTH2_CLIENT_NOT_FOUND');
  return record;
}

export async function getClient(ctx: AppContext, id: number): Promise<OAuth2Client> {
  const record = await findClient(ctx.db, id);
  return toClient(record, await scopeNames(ctx.db, [record]));
}

/** Refuses a scope naming shops, brands or categories that do not exist. */
async function assertScope(tx: Transaction, input: OAuth2ClientInput): Promise<void> {
  const check = async (kind: { zh: string }, ids: number[], existing: () => Promise<{ id: number }[]>) => {
    if (ids.length === 0) return;
    const found = new Set((await existing()).map((row) => row.id));
    const missing = ids.filter((id) => !found.has(id));
    if (missing.length) throw badRequest('OAUTH2_SCOPE_UNKNOWN', { kind: kind.zh, ids: missing.join(',') });
  };
  await check({ zh: '店铺' }, input.shop_ids, () => tx.select({ id: shops.id }).from(shops).where(inArray(shops.id, input.shop_ids)));
  await check({ zh: '品牌' }, input.brand_ids, () => tx.select({ id: brands.id }).from(brands).where(inArray(brands.id, input.brand_ids)));
  await check({ zh: '分类' }, input.category_ids, () => tx.select({ id: categories.id }).from(categories).where(inArray(categories.id, input.category_ids)));
}

async function assertNameFree(tx: Transaction, name: string, exceptId?: number): Promise<void> {
  const [taken] = await tx
    .select({ id: oauth2Clients.id })
    .from(oauth2Clients)
    .where(and(eq(oauth2Clients.name, name), exceptId === undefined ? undefined : ne(oauth2Clients.id, exceptId)));
  if (taken) throw badRequest('OAUTH2_CLIENT_NAME_TAKEN');
}

const clientColumns = (input: OAuth2ClientInput) => ({
  name: input.client_name,
  status: input.status,
  accessTokenSeconds: input.access_token_validity,
  refreshTokenSeconds: input.refresh_token_validity,
  grantTypes: input.grant_types,
  redirectUris: input.redirect_uris,
  shopIds: [...new Set(input.shop_ids)],
  brandIds: [...new Set(input.brand_ids)],
  categoryIds: [...new Set(input.category_ids)],
});

export async function createClient(ctx: AppContext, input: OAuth2ClientInput): Promise<OAuth2ClientSecret> {
  const { secret, hash } = newSecret();
  const record = await ctx.db.transaction(async (tx) => {
    await assertScope(tx, input);
    await assertNameFree(tx, input.client_name);
    const [created] = await tx
      .insert(oauth2Clients)
      .values({ ...clientColumns(input), clientId: `agora_${crypto.randomBytes(12).toString('hex')}`, secretHash: hash })
      .returning();
    return created;
  });
  return { id: record.id, client_id: record.clientId, client_secret: secret };
}

export async function updateClient(ctx: AppContext, id: number, input: OAuth2ClientInput): Promise<OAuth2Client> {
  await ctx.db.transaction(async (tx) => {
    await assertScope(tx, input);
    await assertNameFree(tx, input.client_name, id);
    const [updated] = await tx.update(oauth2Clients).set({ ...clientColumns(input), updatedAt: new Date() }).where(eq(oauth2Clients.id, id)).returning({ id: oauth2Clients.id });
    if (!updated) throw new AppError(404, 'OAUTH2_CLIENT_NOT_FOUND');
  });
  return getClient(ctx, id);
}

/** A new secret for the client; the old one stops working at once. */
export async function rotateSecret(ctx: AppContext, id: number): Promise<OAuth2ClientSecret> {
  const { secret, hash } = newSecret();
  const [updated] = await ctx.db
    .update(oauth2Clients)
    .set({ secretHash: hash, secretIssuedAt: new Date(), updatedAt: new Date() })
    .where(eq(oauth2Clients.id, id))
    .returning({ id: oauth2Clients.id, clientId: oauth2Clients.clientId });
  if (!updated) throw new AppError(404, 'OAUTH2_CLIENT_NOT_FOUND');
  return { id: updated.id, client_id: updated.clientId, client_secret: secret };
}

export async function deleteClient(ctx: AppContext, id: number): Promise<void> {
  const deleted = await ctx.db.delete(oauth2Clients).where(eq(oauth2Clients.id, id)).returning({ id: oauth2Clients.id });
  if (deleted.length === 0) throw new AppError(404, 'OAUTH2_CLIENT_NOT_FOUND');
}
