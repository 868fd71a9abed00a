import { and, asc, eq, gte, ilike, lte, ne, or, sql } from 'drizzle-orm';
import {
  maskPhone,
  SHOP_CLOSED_UNDER_MESSAGE,
  toYuan,
  type Page,
  type ShopAddInput,
  type ShopDetail,
  type ShopEditInput,
  type ShopListQuery,
  type ShopMemberOption,
  type ShopMemberQuery,
  type ShopOption,
  type ShopOptionsQuery,
  type ShopRow,
  type SettlementStatus,
  type ShopStatus,
} from '@agora/contract';
import type { AppContext } from '../../platform/context.js';
import { AppError, badRequest } from '../../platform/errors.js';
import { listPage, type ListSpec } from '../../platform/list.js';
import { preparedOnce } from '../../platform/statements.js';
import { fromUnixSeconds, unixSeconds } from '../../platform/time.js';
import { recordNewShop } from '../dashboard/rollup.js';
import { goods } from '../goods/tables.js';
import { orders } from '../orders/tables.js';
import { members } from '../members/tables.js';
import { expandRegions } from '../regions/service.js';
import { shopDetails, shops } from './tables.js';
import { notify } from '../messages/templates.js';
import { escapeLike, type Transaction as Tx } from '../../db/sql.js';
import { refuseDuplicates } from '../../platform/unique.js';
import { dropExchangeOfGoods } from '../promotions/exchange.js';
import { chosenThemes, defaultThemesFor } from '../themes/service.js';

refuseDuplicates({ shops_name_uq: 'SHOP_NAME_TAKEN' });

/** What a row of the shop list (and its export) shows: 12 of the shop's columns and 2 of its details' (the details hold the company's papers and bank account). */
const LISTED = {
  shop: {
    id: shops.id,
    shopName: shops.shopName,
    memberId: shops.memberId,
    memberName: shops.memberName,
    status: shops.status,
    selfOperated: shops.selfOperated,
    logo: shops.logo,
    region: shops.region,
    goodsNum: shops.goodsNum,
    auditRemark: shops.auditRemark,
    createdAt: shops.createdAt,
    openedAt: shops.openedAt,
  },
  detail: { linkPhone: shopDetails.linkPhone, companyName: shopDetails.companyName },
};
type ShopWithDetail = {
  shop: Pick<typeof shops.$inferSelect, keyof typeof LISTED.shop>;
  detail: Pick<typeof shopDetails.$inferSelect, keyof typeof LISTED.detail> | null;
};

const toShopRow = ({ shop, detail }: ShopWithDetail): ShopRow => ({
  shop_id: shop.id,
  shop_name: shop.shopName,
  member_id: shop.memberId,
  member_name: shop.memberName,
  shop_disable: shop.status as ShopStatus,
  self_operated: shop.selfOperated === 1 ? 1 : 0,
  logo: shop.logo,
  region: shop.region,
  link_phone: detail?.linkPhone ? maskPhone(detail.linkPhone) : '',
  company_name: detail?.companyName ?? '',
  goods_num: shop.goodsNum,
  audit_remark: shop.auditRemark,
  create_time: unixSeconds(shop.createdAt),
  open_time: shop.openedAt ? unixSeconds(shop.openedAt) : null,
});

/** The shop list under `query`: its page (listShops) and its export (shops/jobs.ts) read the same. */
export function shopListSpec(ctx: AppContext, query: ShopListQuery): ListSpec<ShopWithDetail, ShopRow> {
  const like = query.keyword ? `%${escapeLike(query.keyword)}%` : undefined;
  return {
    query,
    table: shops,
    id: shops.id,
    where: [
      // "All" is every shop the platform deals with; an application still being filled in is the member's.
      query.shop_disable === 'ALL' ? ne(shops.status, 'APPLYING') : eq(shops.status, query.shop_disable),
      like ? or(ilike(shops.shopName, like), ilike(shops.memberName, like)) : undefined,
      query.start_time !== undefined ? gte(shops.createdAt, fromUnixSeconds(query.start_time)) : undefined,
      query.end_time !== undefined ? lte(shops.createdAt, fromUnixSeconds(query.end_time)) : undefined,
    ],
    sorts: { create_time: shops.createdAt },
    statement: 'shops',
    rows: ({ where, orderBy, limit, offset }) =>
      ctx.db
        .select(LISTED)
        .from(shops)
        .leftJoin(shopDetails, eq(shopDetails.shopId, shops.id))
        .where(where)
        .orderBy(...orderBy)
        .limit(limit)
        .offset(offset),
    map: toShopRow,
    idOf: (row) => row.shop_id,
  };
}

/** GET admin/shops: newest applications first; every filter and the sort read an index of `shops`. */
export function listShops(ctx: AppContext, query: ShopListQuery): Promise<Page<ShopRow>> {
  return listPage(ctx.db, shopListSpec(ctx, query));
}

async function lockShop(tx: Tx, id: number) {
  const [shop] = await tx.select().from(shops).where(eq(shops.id, id)).for('update');
  if (!shop) throw new AppError(404, 'SHOP_NOT_FOUND');
  return shop;
}

/** OPEN → CLOSED: every goods item of the shop goes off sale (DOMAIN §2.13). */
export async function closeShop(ctx: AppContext, id: number): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    const shop = await lockShop(tx, id);
    if (shop.status !== 'OPEN') throw badRequest('SHOP_NOT_OPEN');
    const now = new Date();
    await tx.update(shops).set({ status: 'CLOSED', closedAt: now, updatedAt: now }).where(eq(shops.id, id));
    const offShelf = await tx
      .update(goods)
      .set({ marketEnable: 0, underMessage: SHOP_CLOSED_UNDER_MESSAGE, updatedAt: now })
      .where(and(eq(goods.shopId, id), eq(goods.marketEnable, 1)))
      .returning({ id: goods.id });
    await dropExchangeOfGoods(tx, offShelf.map((row) => row.id));
  });
}

/** CLOSED → OPEN: the goods stay off sale until the seller lists them again. */
export async function reopenShop(ctx: AppContext, id: number): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    const shop = await lockShop(tx, id);
    if (shop.status !== 'CLOSED') throw badRequest('SHOP_NOT_CLOSED');
    await tx.update(shops).set({ status: 'OPEN', updatedAt: new Date() }).where(eq(shops.id, id));
  });
}

/** The audit of an application: APPLY → OPEN (the member now has a shop) or REFUSED with the reason. */
export async function auditShop(ctx: AppContext, id: number, pass: number, remark: string): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    const shop = await lockShop(tx, id);
    if (shop.status !== 'APPLY') throw badRequest('SHOP_NOT_APPLYING');
    const now = new Date();
    // The applicant hears the result through the SHOPAUDIT template's open channels.
    const [contact] = await tx.select({ email: shopDetails.companyEmail, mobile: shopDetails.linkPhone }).from(shopDetails).where(eq(shopDetails.shopId, id));
    const tell = (result: string) =>
      notify(ctx, tx, 'SHOPAUDIT', { type: 'SHOP', id, name: shop.shopName, email: contact?.email, mobile: contact?.mobile }, { shop_name: shop.shopName, member_name: shop.memberName, audit_result: result, remark });
    if (pass !== 1) {
      await tx.update(shops).set({ status: 'REFUSED', auditRemark: remark, updatedAt: now }).where(eq(shops.id, id));
      await tell('未通过');
      return;
    }
    const themes = await defaultThemesFor(tx);
    await tx.update(shops).set({ status: 'OPEN', auditRemark: remark, openedAt: now, updatedAt: now, ...themes }).where(eq(shops.id, id));
    await tx.update(members).set({ haveShop: 1, shopId: id }).where(eq(members.id, shop.memberId));
    await recordNewShop(tx, now);
    await tell('通过');
  });
}

/** GET admin/shops/{id}: the whole shop for the edit page (the contact phone in full). */
/** the shop detail's read, prepared once (platform/statements.ts) */
const shopById = preparedOnce('agora_shop_detail', (db) =>
  db.select({ shop: shops, detail: shopDetails }).from(shops).leftJoin(shopDetails, eq(shopDetails.shopId, shops.id)).where(eq(shops.id, sql.placeholder('id'))),
);

export async function getShop(ctx: AppContext, id: number): Promise<ShopDetail> {
  const [row] = await shopById(ctx.db).execute({ id });
  if (!row) throw new AppError(404, 'SHOP_NOT_FOUND');
  const { shop } = row;
  const d = row.detail;
  return {
    shop_id: shop.id,
    member_id: shop.memberId,
    member_name: shop.memberName,
    shop_name: shop.shopName,
    shop_disable: shop.status as ShopStatus,
    self_operated: shop.selfOperated,
    logo: shop.logo,
    banner: shop.banner,
    description: shop.description,
    region_id: shop.regionIds.at(-1) ?? 0,
    region_ids: shop.regionIds,
    region: shop.region,
    address: shop.address,
    commission_rate: shop.commissionRate,
    goods_category_ids: shop.goodsCategoryIds,
    pc_theme_id: shop.pcThemeId ?? undefined,
    wap_theme_id: shop.wapThemeId ?? undefined,
    settlement_days: shop.settlementDays,
    settlement_status: shop.settlementStatus as SettlementStatus,
    remaining_margin: toYuan(shop.remainingMarginCents),
    goods_num: shop.goodsNum,
    audit_remark: shop.auditRemark,
    create_time: unixSeconds(shop.createdAt),
    open_time: shop.openedAt ? unixSeconds(shop.openedAt) : null,
    close_time: shop.closedAt ? unixSeconds(shop.closedAt) : null,
    company_name: d?.companyName ?? '',
    company_address: d?.companyAddress ?? '',
    company_phone: d?.companyPhone ?? '',
    company_email: d?.companyEmail ?? '',
    employee_num: d?.employeeNum ?? 0,
    reg_money: d?.regMoney ?? 0,
    link_name: d?.linkName ?? '',
    link_phone: d?.linkPhone ?? '',
    legal_name: d?.legalName ?? '',
    legal_id: d?.legalId ?? '',
    legal_img: d?.legalImg ?? '',
    license_num: d?.licenseNum ?? '',
    license_region_id: d?.licenseRegionIds.at(-1) ?? 0,
    license_region_ids: d?.licenseRegionIds ?? [],
    license_region: d?.licenseRegion ?? '',
    license_address: d?.licenseAddress ?? '',
    establish_date: d?.establishDate ?? '',
    licence_start: d?.licenceStart ?? '',
    licence_end: d?.licenceEnd ?? '',
    scope: d?.scope ?? '',
    licence_img: d?.licenceImg ?? '',
    bank_account_name: d?.bankAccountName ?? '',
    bank_number: d?.bankNumber ?? '',
    bank_name: d?.bankName ?? '',
    bank_region_id: d?.bankRegionIds.at(-1) ?? 0,
    bank_region_ids: d?.bankRegionIds ?? [],
    bank_region: d?.bankRegion ?? '',
    bank_img: d?.bankImg ?? '',
  };
}

async function assertNameFree(tx: Tx, name: string, exceptId?: number) {
  const clash = await tx
    .select({ id: shops.id })
    .from(shops)
    .where(and(eq(shops.shopName, name), exceptId === undefined ? undefined : ne(shops.id, exceptId)));
  if (clash.length) throw badRequest('SHOP_NAME_TAKEN');
}

/**
 * PUT admin/shops/{id} without `pass`: a plain edit. A new name follows the shop into its goods
 * and orders (bills keep the name they were cut with).
 */
export async function editShop(ctx: AppContext, id: number, input: ShopEditInput): Promise<void> {
  // Region ids are named from the region data (DOMAIN §2.13); without an id the typed name stays as it is.
  const chosen = await expandRegions(ctx.db, [input.region_id, input.license_region_id, input.bank_region_id]);
  const region = (regionId: number, typed: string) => {
    if (!regionId) return { ids: [] as number[], name: typed };
    const found = chosen.get(regionId);
    if (!found) throw badRequest('REGION_NOT_FOUND');
    return { ids: found.ids, name: found.name };
  };
  const shopRegion = region(input.region_id, input.region);
  const licenseRegion = region(input.license_region_id, input.license_region);
  const bankRegion = region(input.bank_region_id, input.bank_region);
  await ctx.db.transaction(async (tx) => {
    const shop = await lockShop(tx, id);
    if (shop.status === 'APPLYING') throw badRequest('SHOP_NOT_EDITABLE');
    const now = new Date();
    const themes = await chosenThemes(tx, { pc: input.pc_theme_id, wap: input.wap_theme_id });
    if (input.shop_name !== shop.shopName) {
      await assertNameFree(tx, input.shop_name, id);
      await tx.update(goods).set({ shopName: input.shop_name }).where(eq(goods.shopId, id));
      await tx.update(orders).set({ shopName: input.shop_name }).where(eq(orders.shopId, id));
    }
    await tx
      .update(shops)
      .set({
        shopName: input.shop_name,
        selfOperated: input.self_operated,
        logo: input.logo,
        banner: input.banner,
        description: input.description,
        regionIds: shopRegion.ids,
        region: shopRegion.name,
        address: input.address,
        commissionRate: input.commission_rate,
        goodsCategoryIds: input.goods_category_ids,
        ...themes,
        updatedAt: now,
      })
      .where(eq(shops.id, id));
    const detail = {
      companyName: input.company_name,
      companyAddress: input.company_address,
      companyPhone: input.company_phone,
      companyEmail: input.company_email,
      employeeNum: input.employee_num,
      regMoney: input.reg_money,
      linkName: input.link_name,
      linkPhone: input.link_phone,
      legalName: input.legal_name,
      legalId: input.legal_id,
      legalImg: input.legal_img,
      licenseNum: input.license_num,
      licenseRegionIds: licenseRegion.ids,
      licenseRegion: licenseRegion.name,
      licenseAddress: input.license_address,
      establishDate: input.establish_date || null,
      licenceStart: input.licence_start || null,
      licenceEnd: input.licence_end || null,
      scope: input.scope,
      licenceImg: input.licence_img,
      bankAccountName: input.bank_account_name,
      bankNumber: input.bank_number,
      bankName: input.bank_name,
      bankRegionIds: bankRegion.ids,
      bankRegion: bankRegion.name,
      bankImg: input.bank_img,
      updatedAt: now,
    };
    await tx.insert(shopDetails).values({ shopId: id, ...detail }).onConflictDoUpdate({ target: shopDetails.shopId, set: detail });
  });
}

/**
 * POST admin/shops/base: the operator opens a shop for an existing member. There is no
 * application to audit, so it opens at once; the rest of the form is completed on the edit page.
 */
export async function addShop(ctx: AppContext, input: ShopAddInput): Promise<{ shop_id: number }> {
  return ctx.db.transaction(async (tx) => {
    const [member] = await tx.select().from(members).where(eq(members.id, input.member_id)).for('update');
    if (!member) throw badRequest('SHOP_MEMBER_NOT_FOUND');
    if (member.disabled !== 0) throw badRequest('SHOP_MEMBER_RECYCLED');
    // A refused application does not stand in the way of a new shop; anything else does.
    const [existing] = await tx
      .select({ id: shops.id })
      .from(shops)
      .where(and(eq(shops.memberId, member.id), ne(shops.status, 'REFUSED')));
    if (existing || member.haveShop === 1) throw badRequest('SHOP_MEMBER_HAS_SHOP');
    await assertNameFree(tx, input.shop_name);
    const themes = await defaultThemesFor(tx);
    const now = new Date();
    const [shop] = await tx
      .insert(shops)
      .values({
        ...themes,
        memberId: member.id,
        memberName: member.uname,
        shopName: input.shop_name,
        status: 'OPEN',
        selfOperated: input.self_operated,
        commissionRate: input.commission_rate,
        openedAt: now,
      })
      .returning({ id: shops.id });
    await tx.insert(shopDetails).values({ shopId: shop.id, linkName: member.nickname || member.uname, linkPhone: member.mobile });
    await tx.update(members).set({ haveShop: 1, shopId: shop.id }).where(eq(members.id, member.id));
    await recordNewShop(tx, now);
    return { shop_id: shop.id };
  });
}

/** GET admin/shops/members: members matching a name or mobile, by name, paged; marked when they already have a shop. */
export function shopMemberOptions(ctx: AppContext, query: ShopMemberQuery): Promise<Page<ShopMemberOption>> {
  const like = query.keyword ? `%${escapeLike(query.keyword)}%` : undefined;
  return listPage(ctx.db, {
    query,
    table: members,
    id: members.id,
    where: [eq(members.disabled, 0), like ? or(ilike(members.uname, like), ilike(members.mobile, like)) : undefined],
    sorts: { uname: members.uname },
    statement: 'shops/service.shopMemberOptions',
    rows: ({ where, orderBy, limit, offset }) =>
      ctx.db
        .select({
          id: members.id,
          uname: members.uname,
          face: members.face,
          mobile: members.mobile,
          sex: members.sex,
          haveShop: members.haveShop,
          // spelled out: inside a sub-select drizzle would leave the outer column unqualified
          pending: sql<boolean>`exists (select 1 from shops s where s.member_id = "members"."id" and s.status <> 'REFUSED')`,
        })
        .from(members)
        .where(where)
        .orderBy(...orderBy)
        .limit(limit)
        .offset(offset),
    map: (row) => ({
      member_id: row.id,
      uname: row.uname,
      face: row.face,
      mobile: maskPhone(row.mobile),
      sex: row.sex === 1 ? 1 : 0,
      have_shop: row.haveShop === 1 || Boolean(row.pending) ? 1 : 0,
    }),
    idOf: (row) => row.member_id,
  });
}

// the pickers' shops (admin/shops/list), one statement per shape, prepared once (platform/statements.ts)
const optionColumns = { shop_id: shops.id, shop_name: shops.shopName, shop_disable: shops.status };
// the applications are no shops yet (a constant, not a value of the request)
const optionVisible = sql`${shops.status} <> 'APPLYING'`;
const optionsSelected = preparedOnce('agora_shop_options_ids', (db) =>
  db.select(optionColumns).from(shops).where(sql`${shops.id} = any(${sql.placeholder('ids')})`),
);
const optionsAll = preparedOnce('agora_shop_options', (db) =>
  db.select(optionColumns).from(shops).where(optionVisible).orderBy(asc(shops.shopName)).limit(sql.placeholder('limit')),
);
const optionsMatching = preparedOnce('agora_shop_options_keyword', (db) =>
  db
    .select(optionColumns)
    .from(shops)
    .where(and(optionVisible, ilike(shops.shopName, sql.placeholder('pattern'))))
    .orderBy(asc(shops.shopName))
    .limit(sql.placeholder('limit')),
);

/** GET admin/shops/list: shop names for pickers and filters; the current selection always comes back. */
export async function shopOptions(ctx: AppContext, query: ShopOptionsQuery): Promise<ShopOption[]> {
  const [selected, matches] = await Promise.all([
    query.ids.length ? optionsSelected(ctx.db).execute({ ids: query.ids }) : Promise.resolve([]),
    query.keyword
      ? optionsMatching(ctx.db).execute({ pattern: `%${escapeLike(query.keyword)}%`, limit: query.limit })
      : optionsAll(ctx.db).execute({ limit: query.limit }),
  ]);
  const seen = new Set(selected.map((shop) => shop.shop_id));
  return [...selected, ...matches.filter((shop) => !seen.has(shop.shop_id))] as ShopOption[];
}
