/** OAuth2 clients of the open API (DOMAIN §2.29): third-party systems that call the platform on their own. */
import { sql } from 'drizzle-orm';
import { index, integer, pgTable, serial, smallint, text, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { createdAt, updatedAt } from '../../db/columns.js';

export const oauth2Clients = pgTable('oauth2_clients', {
  id: serial('id').primaryKey(),
  name: varchar('name', { length: 50 }).notNull(),
  clientId: varchar('client_id', { length: 40 }).notNull(),
  /** SHA-256 of the secret: the secret is 32 random bytes, so a fast hash is as safe as a slow one */
  secretHash: varchar('secret_hash', { length: 64 }).notNull(),
  secretIssuedAt: timestamp('secret_issued_at', { withTimezone: true }).notNull().defaultNow(),
  /** 1 enabled, 0 disabled */
  status: smallint('status').notNull().default(1),
  accessTokenSeconds: integer('access_token_seconds').notNull(),
  refreshTokenSeconds: integer('refresh_token_seconds').notNull(),
  grantTypes: text('grant_types').array().notNull().default(sql`'{}'::text[]`),
  redirectUris: text('redirect_uris').array().notNull().default(sql`'{}'::text[]`),
  shopIds: integer('shop_ids').array().notNull().default(sql`'{}'::integer[]`),
  brandIds: integer('brand_ids').array().notNull().default(sql`'{}'::integer[]`),
  categoryIds: integer('category_ids').array().notNull().default(sql`'{}'::integer[]`),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
}, (t) => [
  uniqueIndex('oauth2_clients_name_uq').on(t.name),
  uniqueIndex('oauth2_clients_client_id_uq').on(t.clientId),
  index('oauth2_clients_status_idx').on(t.status, t.id),
]);
