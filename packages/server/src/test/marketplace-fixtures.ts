/** Small, explicit marketplace rows for server tests (the demo generator is not used in tests). */
import { eq } from 'drizzle-orm';
import type { AppContext } from '../platform/context.js';
import { members } from '../modules/members/tables.js';
import { shops } from '../modules/shops/tables.js';
import { categories, goods } from '../modules/goods/tables.js';
import { shopThemes } from '../modules/themes/tables.js';

let sequence = 0;
const next = () => ++sequence;

export async function insertShop(ctx: AppContext, overrides: Partial<typeof shops.$inferInsert> = {}) {
  const n = next();
  const [member] = await ctx.db
    .insert(members)
    .values({ uname: `owner${n}`, mobile: `139${String(n).padStart(8, '0')}` })
    .returning();
  const [shop] = await ctx.db
    .insert(shops)
    .values({ memberId: member.id, memberName: member.uname, shopName: `测试店铺${n}`, status: 'OPEN', openedAt: new Date(), ...overrides })
    .returning();
  return shop;
}

/** The default PC and WAP themes a shop needs to open (DOMAIN §2.13); idempotent. */
export async function insertDefaultThemes(ctx: AppContext) {
  await ctx.db
    .insert(shopThemes)
    .values([
      { name: '默认PC模版', mark: 'fixture_pc', image: '/fixture/pc.png', type: 'PC', isDefault: 1 },
      { name: '默认WAP模版', mark: 'fixture_wap', image: '/fixture/wap.png', type: 'WAP', isDefault: 1 },
    ])
    .onConflictDoNothing();
  return ctx.db.select().from(shopThemes);
}

export async function insertCategory(ctx: AppContext, name = `分类${next()}`, parent?: { id: number; path: string; level: number }) {
  const [row] = await ctx.db
    .insert(categories)
    .values({ name, parentId: parent?.id ?? 0, level: (parent?.level ?? 0) + 1, path: '' })
    .returning();
  const path = `${parent?.path ?? '0|'}${row.id}|`;
  const [updated] = await ctx.db.update(categories).set({ path }).where(eq(categories.id, row.id)).returning();
  return updated;
}

export async function insertGoods(
  ctx: AppContext,
  shop: { id: number; shopName: string },
  category: { id: number; path: string },
  overrides: Partial<typeof goods.$inferInsert> = {},
) {
  const n = next();
  const [row] = await ctx.db
    .insert(goods)
    .values({
      shopId: shop.id,
      shopName: shop.shopName,
      categoryId: category.id,
      categoryPath: category.path,
      goodsName: `测试商品${n}`,
      sn: `T${String(n).padStart(8, '0')}`,
      priceCents: 9900,
      quantity: 10,
      enableQuantity: 10,
      isAuth: 1,
      marketEnable: 1,
      ...overrides,
    })
    .returning();
  return row;
}
