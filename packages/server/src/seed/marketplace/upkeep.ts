/**
 * Demo upkeep data: regions with the settings operators give them (cash on delivery in a few
 * provinces, postcodes of big cities, one division an operator added), OAuth2 clients in both
 * states and a menu an operator adjusted (one entry renamed, one hidden), so regional management,
 * the OAuth2 client list and the menu manager show every case on first start.
 */
import { asc, eq, inArray, sql } from 'drizzle-orm';
import type { AppContext } from '../../platform/context.js';
import { brands, categories } from '../../modules/goods/tables.js';
import { shops } from '../../modules/shops/tables.js';
import { oauth2Clients } from '../../modules/oauth2/tables.js';
import { hashSecret } from '../../modules/oauth2/service.js';
import { menus } from '../../modules/menus/tables.js';
import { operatorRegionIds, referenceData, regions } from '../../modules/regions/tables.js';

/** Provinces where the demo offers cash on delivery, and postcodes of their big cities. */
const COD_PROVINCES = [110000, 310000, 330000, 440000];
const POSTCODES: [id: number, zipcode: string][] = [
  [110000, '100000'],
  [310000, '200000'],
  [330100, '310000'],
  [440100, '510000'],
  [440300, '518000'],
];

async function seedRegionSettings(ctx: AppContext): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    await tx.update(regions).set({ cod: 1, edited: 1 }).where(inArray(regions.id, COD_PROVINCES));
    for (const [id, zipcode] of POSTCODES) await tx.update(regions).set({ zipcode, edited: 1 }).where(eq(regions.id, id));
    const [hebei] = await tx.select().from(regions).where(eq(regions.id, 130000));
    if (hebei) {
      const [{ next }] = (await tx.execute<{ next: string }>(sql`select nextval(${operatorRegionIds.seqName!}) as next`)).rows;
      const id = Number(next);
      await tx.insert(regions).values({ id, parentId: hebei.id, level: 2, name: '雄安新区', path: `${hebei.path}${id}|`, zipcode: '071700', edited: 1 });
    }
    await tx.update(referenceData).set({ revision: sql`${referenceData.revision} + 1` }).where(eq(referenceData.name, 'regions'));
  });
}

async function seedOAuth2Clients(ctx: AppContext, now: Date): Promise<void> {
  const shopIds = (await ctx.db.select({ id: shops.id }).from(shops).orderBy(asc(shops.id)).limit(2)).map((row) => row.id);
  const brandIds = (await ctx.db.select({ id: brands.id }).from(brands).orderBy(asc(brands.id)).limit(3)).map((row) => row.id);
  const categoryIds = (await ctx.db.select({ id: categories.id }).from(categories).where(eq(categories.parentId, 0)).orderBy(asc(categories.id)).limit(2)).map((row) => row.id);
  const day = 86_400_000;
  const clients = [
    { name: '仓储管理系统', clientId: 'agora_wms0000000000000000001', status: 1, access: 7_200, refresh: 2_592_000, grants: ['authorization_code', 'refresh_token'], uris: ['https://wms.example.com/oauth/callback'], shopIds, brandIds: [], categoryIds, age: 120 },
    { name: '财务对账脚本', clientId: 'agora_fin0000000000000000002', status: 1, access: 3_600, refresh: 86_400, grants: ['client_credentials'], uris: [], shopIds: [], brandIds, categoryIds: [], age: 45 },
    { name: '旧版小程序', clientId: 'agora_app0000000000000000003', status: 0, access: 86_400, refresh: 31_536_000, grants: ['password', 'refresh_token'], uris: [], shopIds: shopIds.slice(0, 1), brandIds: [], categoryIds: [], age: 400 },
  ];
  await ctx.db.insert(oauth2Clients).values(
    clients.map((client) => ({
      name: client.name,
      clientId: client.clientId,
      // Nobody knows a demo client's secret: an operator rotates it to get one.
      secretHash: hashSecret(`demo-secret-not-shown:${client.clientId}`),
      secretIssuedAt: new Date(now.getTime() - (client.age - 5) * day),
      status: client.status,
      accessTokenSeconds: client.access,
      refreshTokenSeconds: client.refresh,
      grantTypes: client.grants,
      redirectUris: client.uris,
      shopIds: client.shopIds,
      brandIds: client.brandIds,
      categoryIds: client.categoryIds,
      createdAt: new Date(now.getTime() - client.age * day),
      updatedAt: new Date(now.getTime() - client.age * day),
    })),
  );
}

/**
 * The menu manager's states: a title of the operator's (search tips renamed in both languages)
 * and a hidden entry (search history: out of the menu, its page still there for who holds it).
 * Neither is held by a demo role, so the demo team's menus stay exactly their roles'.
 */
export const DEMO_MENU_EDITS = {
  renamed: { name: 'searchTips', titleZh: '搜索联想词', titleEn: 'Search suggestions' },
  hidden: 'searchHistory',
} as const;

async function seedMenuEdits(ctx: AppContext, now: Date): Promise<void> {
  const { renamed, hidden } = DEMO_MENU_EDITS;
  await ctx.db.update(menus).set({ titleZh: renamed.titleZh, titleEn: renamed.titleEn, updatedAt: now }).where(eq(menus.name, renamed.name));
  await ctx.db.update(menus).set({ visible: false, updatedAt: now }).where(eq(menus.name, hidden));
}

export async function seedUpkeep(ctx: AppContext, now: Date): Promise<void> {
  await seedRegionSettings(ctx);
  await seedOAuth2Clients(ctx, now);
  await seedMenuEdits(ctx, now);
}
