import { sql } from 'drizzle-orm';
import { index, pgTable, serial, smallint, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { createdAt } from '../../db/columns.js';

/** Shop themes (DOMAIN §2.13): PC and WAP templates; shops name theirs (shops.pc_theme_id / wap_theme_id). */
export const shopThemes = pgTable('shop_themes', {
  id: serial('id').primaryKey(),
  name: varchar('name', { length: 20 }).notNull(),
  mark: varchar('mark', { length: 30 }).notNull(),
  image: varchar('image', { length: 500 }).notNull(),
  /** PC or WAP (contract THEME_TYPES) */
  type: varchar('type', { length: 3 }).notNull(),
  isDefault: smallint('is_default').notNull().default(0),
  createdAt: createdAt(),
}, (t) => [
  uniqueIndex('shop_themes_mark_uq').on(t.mark),
  // exactly one default per type: the index refuses a second, the service keeps the first
  uniqueIndex('shop_themes_default_uq').on(t.type).where(sql`${t.isDefault} = 1`),
  index('shop_themes_type_idx').on(t.type, t.id),
]);
