/**
 * The demo marketplace: shops in every state, members, a catalogue with pictures, goods
 * with SKUs, a year of orders, and the daily rollups — deterministic for a given size.
 */
import { count, sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { AppContext } from '../../platform/context.js';
import type { Db } from '../../db/client.js';
import { hashPassword, md5 } from '../../platform/passwords.js';
import { storeFile } from '../../platform/storage.js';
import { platformDay, platformDayStart, PLATFORM_UTC_OFFSET_MS } from '../../platform/time.js';
import { rebuildPeriodRollups, rebuildRollups } from '../../modules/statistics/rebuild.js';
import { memberLedger, memberLevels, members } from '../../modules/members/tables.js';
import { marginFlows } from '../../modules/finance/tables.js';
import { shopDetails, shops } from '../../modules/shops/tables.js';
import { brands, categories, categoryBrands, goods, goodsSkus, paramGroups, params } from '../../modules/goods/tables.js';
import { orderItems, orderLogs, orders, payments, shipments } from '../../modules/orders/tables.js';
import { dailyGoodsStats, dailyPlatformStats, dailyShopStats } from '../../modules/dashboard/tables.js';
import { ORDER_SETTINGS_DEFAULT, SHOP_CLOSED_UNDER_MESSAGE, type DemoSeedStep, type ShopStatus } from '@agora/contract';
import { DEMO_PASSWORD } from '../demo-team.js';
import { claimDemoSeed, demoSeeded, markDemoSeeded } from '../marker.js';
import { Random } from './random.js';
import { seedChat } from './chat.js';
import { seedPromotions } from './promotions.js';
import { seedDistribution } from './distribution.js';
import { seedSale } from './sale.js';
import { seedPintuan } from './pintuan.js';
import { seedExchangeOrders, seedPoints } from './points.js';
import { seedFinance } from './finance.js';
import { seedNavigations, seedPages } from './pages.js';
import { seedCurrencies } from './currencies.js';
import { seedLogiCompanies } from './express.js';
import { seedUpkeep } from './upkeep.js';
import { seedPaymentConfig } from './payment.js';
import { seedAfterSales } from './aftersales.js';
import { seedFavorites } from './favorites.js';
import { seedContent } from './content.js';
import { seedSms } from './sms.js';
import { seedTranslations } from './translations.js';
import { seedMessages } from './messages.js';
import { pages } from '../../modules/pages/tables.js';
import { breathe, bulkInsert } from './bulk.js';
import { demoRegions } from './regions.js';
import {
  BANKS, CATEGORY_TREE, GIVEN, LEVELS, LOGISTICS, PINYIN, REGIONS, ROOT_PARAMS, SHOP_PREFIX, SHOP_WORDS, STREETS, SURNAMES, type LeafDef,
} from './data.js';
import { documentPicture, productPicture, textLogo } from './pictures.js';
import { seedShopThemes } from './themes.js';
import { seedContracts } from './contracts.js';
import { seedLiveRooms } from './live.js';

export interface MarketplaceSize {
  shops: number;
  members: number;
  goods: number;
  orders: number;
}

export const DEMO_SIZES: Record<'full' | 'small', MarketplaceSize> = {
  full: { shops: 60, members: 3000, goods: 8000, orders: 30000 },
  small: { shops: 16, members: 300, goods: 400, orders: 2000 },
};

const DAY_MS = 86_400_000;
const HOUR_MS = 3_600_000;
/** orders generated between two flushes to the database */
const ORDER_CHUNK = 5000;
const PICTURE_VARIANTS = 3;

type Table = Parameters<AppContext['db']['insert']>[0];

/** Thousands of rows per statement (see bulk.ts). */
async function insertAll(ctx: AppContext, table: Table, rows: Record<string, unknown>[]): Promise<void> {
  await bulkInsert(ctx.db, table as PgTable, rows);
}

/** Yuan prices end in 9 or 9.9, as shops price them; returns cents. */
function priceCents(random: Random, [min, max]: readonly [number, number]): number {
  const yuan = random.int(min, max);
  return yuan < 100 ? Math.max(990, Math.round(yuan) * 100 - 10) : (Math.floor(yuan / 10) * 10 + 9) * 100;
}

interface Leaf extends LeafDef {
  id: number;
  path: string;
  rootIndex: number;
  pictures: string[];
}

/** Told as each part of the demo begins (the login page shows it while the server seeds in the background). */
export type SeedStepListener = (step: DemoSeedStep) => void;

/**
 * Writes the demo marketplace into a fresh database, in one transaction, once per database
 * (recorded, see marker.ts: what an operator deletes stays deleted); does nothing (and returns
 * false) once it was written or any shop, member, member level, category, brand, goods or micro page exists — never
 * twice, never over real data.
 */
export async function seedMarketplace(ctx: AppContext, size: MarketplaceSize, now = new Date(), onStep: SeedStepListener = () => undefined, stop?: AbortSignal): Promise<boolean> {
  if (await demoSeeded(ctx.db, 'marketplace')) return false;
  // A database from before the record: any row of what the demo writes (with unique names) means it is in use.
  for (const table of [shops, members, memberLevels, categories, brands, goods, pages]) {
    const [existing] = await ctx.db.select({ n: count() }).from(table as PgTable);
    if (existing.n > 0) {
      await markDemoSeeded(ctx.db, 'marketplace', false);
      return false;
    }
  }
  ctx.log.info(`demo marketplace: writing ${JSON.stringify(size)}`);
  return ctx.db.transaction(async (tx) => {
    if (!(await claimDemoSeed(tx as unknown as Db, 'marketplace'))) return false;
    await writeMarketplace({ ...ctx, db: tx as unknown as Db }, size, now, onStep, stop);
    await markDemoSeeded(tx as unknown as Db, 'marketplace', true);
    return true;
  });
}

async function writeMarketplace(ctx: AppContext, size: MarketplaceSize, now: Date, onStep: SeedStepListener, stop: AbortSignal | undefined): Promise<void> {
  const started = Date.now();
  const random = new Random(20261123);
  const log = (what: string) => ctx.log.info(`demo marketplace: ${what} (${((Date.now() - started) / 1000).toFixed(1)} s)`);
  let stepStarted = started;
  let current: DemoSeedStep | undefined;
  // Each part's own time in the log: what to look at when the demo writes slowly (BENCHMARKS.md).
  const step = async (next: DemoSeedStep | undefined) => {
    if (current) ctx.log.info(`demo marketplace: ${current} written in ${((Date.now() - stepStarted) / 1000).toFixed(1)} s`);
    stepStarted = Date.now();
    current = next;
    if (next) onStep(next);
    await breathe(stop);
  };

  await step('catalogue');
  // Member levels
  const levelRows = await ctx.db.insert(memberLevels).values(LEVELS.map((level) => ({ ...level, allocationRatio: 50 }))).returning();
  const levelFor = (points: number) => levelRows.find((level) => points >= level.minPoint && (level.maxPoint === null || points < level.maxPoint))!.id;

  // Catalogue: categories, parameters, brands, pictures
  const leaves: Leaf[] = [];
  const rootIds: number[] = [];
  let categoryId = 0;
  const categoryRows: (typeof categories.$inferInsert)[] = [];
  const groupRows: (typeof paramGroups.$inferInsert)[] = [];
  const paramRows: (typeof params.$inferInsert)[] = [];
  for (const [rootIndex, root] of CATEGORY_TREE.entries()) {
    const rootId = ++categoryId;
    rootIds.push(rootId);
    categoryRows.push({ id: rootId, parentId: 0, name: root.name, path: `0|${rootId}|`, level: 1, sort: rootIndex + 1 });
    for (const [childIndex, child] of root.children.entries()) {
      const childId = ++categoryId;
      categoryRows.push({ id: childId, parentId: rootId, name: child.name, path: `0|${rootId}|${childId}|`, level: 2, sort: childIndex + 1 });
      for (const [leafIndex, leaf] of child.leaves.entries()) {
        const leafId = ++categoryId;
        const path = `0|${rootId}|${childId}|${leafId}|`;
        categoryRows.push({ id: leafId, parentId: childId, name: leaf.name, path, level: 3, sort: leafIndex + 1 });
        leaves.push({ ...leaf, id: leafId, path, rootIndex, pictures: [] });
        groupRows.push({ id: groupRows.length + 1, categoryId: leafId, groupName: '主体', sort: 1 }, { id: groupRows.length + 2, categoryId: leafId, groupName: '售后保障', sort: 2 });
        const main = groupRows.length - 1;
        const service = groupRows.length;
        paramRows.push(
          { groupId: main, categoryId: leafId, paramName: '产地', paramType: 2, options: ['中国大陆', '中国香港', '日本', '德国', '美国'], isIndex: 1, required: 1, sort: 1 },
          { groupId: main, categoryId: leafId, paramName: '型号', paramType: 1, options: [], isIndex: 0, required: 0, sort: 2 },
          ...ROOT_PARAMS[rootIndex].map(([paramName, options], index) => ({ groupId: main, categoryId: leafId, paramName, paramType: 2, options: [...options], isIndex: index === 0 ? 1 : 0, required: 0, sort: 3 + index })),
          { groupId: service, categoryId: leafId, paramName: '保修期', paramType: 2, options: ['无', '一年', '两年', '三年'], isIndex: 0, required: 0, sort: 1 },
          { groupId: service, categoryId: leafId, paramName: '售后服务', paramType: 2, options: ['七天无理由退换', '全国联保', '店铺三包'], isIndex: 0, required: 0, sort: 2 },
        );
      }
    }
  }
  await insertAll(ctx, categories, categoryRows);
  await insertAll(ctx, paramGroups, groupRows);
  await insertAll(ctx, params, paramRows);

  for (const leaf of leaves) {
    const root = CATEGORY_TREE[leaf.rootIndex];
    for (let variant = 0; variant < PICTURE_VARIANTS; variant++) {
      const file = await storeFile(ctx.db, ctx.storage, `demo/goods/${leaf.id}-${variant}.svg`, productPicture(leaf.name, root.color, variant), {
        contentType: 'image/svg+xml', width: 400, height: 400, originalName: `${leaf.name}.svg`,
      });
      leaf.pictures.push(file.url);
      await breathe(stop);
    }
  }

  const brandIdsByRoot: number[][] = CATEGORY_TREE.map(() => []);
  const brandNames = new Map<number, string>();
  const brandRows: (typeof brands.$inferInsert)[] = [];
  for (const [rootIndex, root] of CATEGORY_TREE.entries()) {
    for (const name of root.brands) {
      const id = brandRows.length + 1;
      const logo = await storeFile(ctx.db, ctx.storage, `demo/brands/${id}.svg`, textLogo(name, root.color), {
        contentType: 'image/svg+xml', width: 240, height: 120, originalName: `${name}.svg`,
      });
      brandRows.push({ id, name, logo: logo.url, createdAt: new Date(now.getTime() - 400 * DAY_MS) });
      brandIdsByRoot[rootIndex].push(id);
      brandNames.set(id, name);
      await breathe(stop);
    }
  }
  await insertAll(ctx, brands, brandRows);
  await insertAll(
    ctx,
    categoryBrands,
    categoryRows.filter((row) => row.level! <= 2).flatMap((row) => {
      const rootIndex = rootIds.indexOf(Number(row.path!.split('|')[1]));
      return brandIdsByRoot[rootIndex].map((brandId) => ({ categoryId: row.id!, brandId }));
    }),
  );
  log(`${categoryRows.length} categories, ${brandRows.length} brands, ${leaves.length * PICTURE_VARIANTS} pictures`);

  await step('shops');
  // Members
  const passwordHash = await hashPassword(md5(DEMO_PASSWORD));
  const memberRegion = await demoRegions(ctx.db);
  const mobiles = new Set<string>();
  const memberRows: (typeof members.$inferInsert)[] = [];
  const ledgerRows: (typeof memberLedger.$inferInsert)[] = [];
  for (let id = 1; id <= size.members; id++) {
    let mobile: string;
    // 154 is no mobile range (the contract's mobile rule refuses it); 159 keeps the sequence of draws.
    do mobile = `1${random.pick(['3', '5', '8'])}${random.digits(9)}`.replace(/^154/, '159');
    while (mobiles.has(mobile));
    mobiles.add(mobile);
    const [province, cities] = random.pick(REGIONS);
    const daysAgo = Math.floor(730 * random.next() ** 1.6);
    const createdAt = new Date(now.getTime() - daysAgo * DAY_MS - random.int(0, DAY_MS - 1));
    const gradePoint = Math.floor(30000 * random.next() ** 3);
    const consumPoint = Math.floor(gradePoint * random.next());
    const balanceCents = random.chance(0.4) ? random.int(1, 200) * 1000 : 0;
    const sex = random.chance(0.55) ? 0 : 1;
    const surname = random.pick(SURNAMES);
    const lastLoginAt = new Date(Math.min(now.getTime(), createdAt.getTime() + random.next() * (now.getTime() - createdAt.getTime())));
    memberRows.push({
      id,
      uname: `${random.pick(PINYIN)}${String(id).padStart(5, '0')}`,
      passwordHash,
      nickname: `${surname}${random.pick(GIVEN)}`,
      mobile,
      email: random.chance(0.5) ? `${random.pick(PINYIN)}${id}@${random.pick(['qq.com', '163.com', 'foxmail.com', 'outlook.com'])}` : '',
      sex,
      birthday: random.chance(0.6) ? `${random.int(1970, 2005)}-${String(random.int(1, 12)).padStart(2, '0')}-${String(random.int(1, 28)).padStart(2, '0')}` : null,
      ...memberRegion(province, random.pick(cities)),
      address: `${random.pick(STREETS)}${random.int(1, 999)}号`,
      levelId: levelFor(gradePoint),
      gradePoint,
      consumPoint,
      balanceCents,
      disabled: random.chance(0.03) ? -1 : 0,
      registerSource: random.weighted({ WAP: 35, APP: 30, MINI: 20, PC: 15 }),
      registerIp: `${random.int(36, 223)}.${random.int(0, 255)}.${random.int(0, 255)}.${random.int(1, 254)}`,
      loginCount: random.int(1, 300),
      lastLoginAt,
      createdAt,
    });
    // A few ledger rows that end exactly at the member's balance and points, all before now (a
    // member who joined in the last two days has them in the first half of that time).
    const age = now.getTime() - createdAt.getTime();
    const span = age > 2 * DAY_MS ? age - DAY_MS : age / 2;
    const entry = (kind: 'BALANCE' | 'POINT', amount: number, after: number, reason: string, step: number, operator?: string) =>
      ledgerRows.push({
        memberId: id, kind, amount, balanceAfter: after, reason,
        operatorType: operator ? 'ADMIN' : 'SYSTEM', operatorName: operator ?? '系统',
        createdAt: new Date(createdAt.getTime() + Math.floor((span * step) / 4)),
      });
    if (balanceCents > 0) {
      const spent = random.chance(0.5) ? random.int(1, 50) * 500 : 0;
      const second = random.chance(0.4) ? Math.min(balanceCents + spent - 1000, random.int(1, 20) * 1000) : 0;
      const first = balanceCents + spent - Math.max(0, second);
      entry('BALANCE', first, first, '在线充值', 1);
      if (second > 0) entry('BALANCE', second, first + second, random.chance(0.5) ? '在线充值' : '平台补偿', 2, random.chance(0.3) ? 'caiwu' : undefined);
      if (spent > 0) entry('BALANCE', -spent, balanceCents, '预存款支付订单', 3);
    }
    if (consumPoint > 0) {
      const used = consumPoint > 200 && random.chance(0.4) ? random.int(1, Math.floor(consumPoint / 200)) * 100 : 0;
      const earned = consumPoint + used;
      const firstPoints = Math.ceil(earned / 2);
      entry('POINT', firstPoints, firstPoints, '购物赠送积分', 1);
      if (earned - firstPoints > 0) entry('POINT', earned - firstPoints, earned, random.pick(['购物赠送积分', '签到赠送积分', '评价赠送积分']), 2);
      if (used > 0) entry('POINT', -used, consumPoint, '积分抵扣订单', 3);
    }
  }

  // Shops, owned by the first members
  const shopCount = Math.min(size.shops, size.members);
  // Every state of the shop life cycle; most shops open.
  const others = { CLOSED: Math.max(1, Math.round(shopCount * 0.1)), APPLY: Math.max(2, Math.round(shopCount * 0.12)), REFUSED: Math.max(1, Math.round(shopCount * 0.07)), APPLYING: Math.max(1, Math.round(shopCount * 0.05)) };
  const statuses: ShopStatus[] = [];
  const openCount = Math.max(1, shopCount - Object.values(others).reduce((sum, n) => sum + n, 0));
  for (let i = 0; i < openCount; i++) statuses.push('OPEN');
  for (const [status, n] of Object.entries(others) as [ShopStatus, number][]) for (let i = 0; i < n && statuses.length < shopCount; i++) statuses.push(status);
  const shopNames = new Set<string>();
  const shopRows: (typeof shops.$inferInsert)[] = [];
  const detailRows: (typeof shopDetails.$inferInsert)[] = [];
  const marginRows: (typeof marginFlows.$inferInsert)[] = [];
  const shopRoot = new Map<number, number>();
  /** remaining margin of each opened shop after its history */
  const pendingRemaining = new Map<number, number>();
  // Application documents and a payment voucher: one generated picture each, shared by the demo shops.
  const documents = {
    licence: (await storeFile(ctx.db, ctx.storage, 'demo/documents/licence.svg', documentPicture('营业执照', ['统一社会信用代码', '名称', '类型', '法定代表人', '经营范围'], '#b8860b'), { contentType: 'image/svg+xml', width: 400, height: 280, originalName: '营业执照.svg' })).url,
    idCard: (await storeFile(ctx.db, ctx.storage, 'demo/documents/id-card.svg', documentPicture('居民身份证', ['姓名', '性别', '出生', '住址', '公民身份号码'], '#2f6fde'), { contentType: 'image/svg+xml', width: 400, height: 280, originalName: '身份证.svg' })).url,
    voucher: (await storeFile(ctx.db, ctx.storage, 'demo/documents/voucher.svg', documentPicture('转账凭证', ['付款账户', '收款账户', '金额', '交易时间', '交易流水号'], '#389e0d'), { contentType: 'image/svg+xml', width: 400, height: 280, originalName: '转账凭证.svg' })).url,
  };
  const themes = await seedShopThemes(ctx);
  for (let id = 1; id <= shopCount; id++) {
    const owner = memberRows[id - 1];
    owner.disabled = 0;
    const status = statuses[id - 1];
    const rootIndex = (id - 1) % CATEGORY_TREE.length;
    shopRoot.set(id, rootIndex);
    const root = CATEGORY_TREE[rootIndex];
    let shopName: string;
    if (id === 1) shopName = 'Agora自营旗舰店';
    else {
      do shopName = `${random.pick(SHOP_PREFIX)}${root.name.slice(0, 2)}${random.pick(SHOP_WORDS)}`;
      while (shopNames.has(shopName));
    }
    shopNames.add(shopName);
    const createdAt = new Date(now.getTime() - (status === 'APPLY' || status === 'APPLYING' ? random.int(0, 6) : status === 'REFUSED' ? random.int(10, 90) : random.int(380, 720)) * DAY_MS - random.int(0, DAY_MS));
    const openedAt = status === 'OPEN' || status === 'CLOSED' ? new Date(createdAt.getTime() + random.int(1, 3) * DAY_MS) : null;
    const [province, cities] = random.pick(REGIONS);
    const region = `${province} ${random.pick(cities)}`;
    const marginCents = openedAt ? random.int(5, 20) * 100_000 : 0;
    if (openedAt) {
      owner.haveShop = 1;
      owner.shopId = id;
    }
    const logo = await storeFile(ctx.db, ctx.storage, `demo/shops/${id}.svg`, textLogo(shopName.replace(new RegExp(`(${SHOP_WORDS.join('|')})$`), '').slice(0, 8), root.color), {
      contentType: 'image/svg+xml', width: 240, height: 120, originalName: `${shopName}.svg`,
    });
    shopRows.push({
      id,
      memberId: owner.id!,
      memberName: owner.uname!,
      shopName,
      status,
      selfOperated: id === 1 ? 1 : 0,
      logo: logo.url,
      description: `${shopName}，主营${root.name}，正品保障，七天无理由退换。`,
      region,
      address: `${random.pick(STREETS)}${random.int(1, 999)}号${random.int(1, 30)}楼`,
      commissionRate: id === 1 ? 0 : random.pick([3, 5, 5, 6, 8, 10]),
      settlementDays: random.pick([[1], [15], [1, 15], [10, 25]]),
      // every settlement status shows: most shops are settled once paid (the default)
      settlementStatus: id % 4 === 2 ? 'COMPLETE' : id % 4 === 3 ? 'SERVICE_EXPIRED' : 'PAID',
      goodsCategoryIds: [rootIds[rootIndex]],
      remainingMarginCents: marginCents,
      auditRemark: status === 'REFUSED' ? random.pick(['营业执照已过期，请更新后重新提交', '经营类目与执照经营范围不符', '法人身份证照片不清晰']) : '',
      ...(openedAt ? themes : {}),
      createdAt,
      openedAt,
      closedAt: status === 'CLOSED' ? new Date(now.getTime() - random.int(5, 60) * DAY_MS) : null,
    });
    const legal = `${random.pick(SURNAMES)}${random.pick(GIVEN)}`;
    detailRows.push({
      shopId: id,
      companyName: `${province.replace(/[省市]$/, '')}${random.pick(SHOP_PREFIX)}${random.pick(['商贸', '电子商务', '实业', '科技'])}有限公司`,
      companyAddress: `${region} ${random.pick(STREETS)}${random.int(1, 999)}号`,
      companyPhone: `0${random.int(10, 99)}-${random.digits(8)}`,
      companyEmail: `service@shop${id}.example.cn`,
      employeeNum: random.int(5, 500),
      regMoney: random.pick([50, 100, 200, 500, 1000]),
      linkName: `${random.pick(SURNAMES)}${random.pick(GIVEN)}`,
      linkPhone: owner.mobile!,
      legalName: legal,
      legalId: `${random.int(110000, 650000)}${random.int(1970, 1995)}${String(random.int(1, 12)).padStart(2, '0')}${String(random.int(1, 28)).padStart(2, '0')}${random.digits(4)}`,
      licenseNum: `91${random.int(110000, 650000)}MA${random.digits(8)}X`,
      licenseRegion: region,
      licenseAddress: `${region} ${random.pick(STREETS)}${random.int(1, 999)}号`,
      establishDate: `${random.int(2008, 2022)}-0${random.int(1, 9)}-1${random.int(0, 9)}`,
      licenceStart: `${random.int(2008, 2022)}-01-01`,
      licenceEnd: '2046-12-31',
      scope: `${root.name}销售；日用百货销售；互联网销售（除销售需要许可的商品）`,
      licenceImg: documents.licence,
      legalImg: documents.idCard,
      // An application still being filled in (APPLYING) has not reached the bank step.
      bankAccountName: status === 'APPLYING' ? '' : legal,
      bankNumber: status === 'APPLYING' ? '' : `62${random.digits(17)}`,
      bankName: status === 'APPLYING' ? '' : `${random.pick(BANKS)}${province.replace(/[省市]$/, '')}分行`,
      bankRegion: status === 'APPLYING' ? '' : region,
    });
    if (openedAt) {
      // Margin history: the entry payment, then now and then a top-up, a refused voucher or a deduction.
      let remaining = 0;
      let at = openedAt.getTime();
      const flow = (type: 0 | 1, amountCents: number, remark: string, authStatus: 'PASS_AUDIT' | 'REFUSE_AUDIT', authRemark: string) => {
        if (authStatus === 'PASS_AUDIT') remaining += type === 1 ? amountCents : -amountCents;
        marginRows.push({
          shopId: id, type, amountCents, totalAfterCents: authStatus === 'PASS_AUDIT' ? remaining : null, remark, authStatus, authRemark,
          vouchers: type === 1 ? [documents.voucher] : [], auditorName: 'caiwu', auditedAt: new Date(at + random.int(2, 30) * HOUR_MS), createdAt: new Date(at),
        });
      };
      flow(1, marginCents, '入驻保证金', 'PASS_AUDIT', '已到账');
      const stepDays = () => random.int(20, 90) * DAY_MS;
      if (random.chance(0.3)) {
        at += stepDays();
        flow(1, random.int(1, 5) * 100_000, '补缴保证金', 'REFUSE_AUDIT', random.pick(['转账凭证不清晰，请重新上传', '付款金额与凭证不符']));
      }
      if (random.chance(0.35)) {
        at += stepDays();
        flow(1, random.int(1, 5) * 100_000, '补缴保证金', 'PASS_AUDIT', '已到账');
      }
      if (random.chance(0.2)) {
        at += stepDays();
        flow(0, Math.min(remaining, random.int(1, 10) * 10_000), random.pick(['违规扣除：虚假发货', '违规扣除：售后纠纷判责商家', '违规扣除：延迟发货']), 'PASS_AUDIT', '');
      }
      pendingRemaining.set(id, remaining);
    }
    await breathe(stop);
  }
  for (const shop of shopRows) if (pendingRemaining.has(shop.id!)) shop.remainingMarginCents = pendingRemaining.get(shop.id!)!;
  const openShopIds = shopRows.filter((shop) => shop.status === 'OPEN').map((shop) => shop.id!);
  for (let i = 0; i < Math.max(3, Math.round(shopCount / 10)); i++) {
    const shopId = openShopIds[(i * 3 + 1) % openShopIds.length];
    marginRows.push({ shopId, type: 1, amountCents: random.int(1, 10) * 100_000, remark: '补缴保证金', authStatus: 'WAIT_AUDIT', vouchers: [documents.voucher], createdAt: new Date(now.getTime() - random.int(0, 5) * DAY_MS - random.int(0, DAY_MS)) });
  }
  await insertAll(ctx, members, memberRows);
  await insertAll(ctx, memberLedger, ledgerRows);
  await insertAll(ctx, shops, shopRows);
  await insertAll(ctx, shopDetails, detailRows);
  await insertAll(ctx, marginFlows, marginRows);
  log(`${memberRows.length} members, ${shopRows.length} shops, ${await seedContracts(ctx, shopRows.map((shop) => ({ id: shop.id!, status: shop.status })), now)} contracts`);

  await step('goods');
  // Goods of open and closed shops
  const sellingShops = shopRows.filter((shop) => shop.status === 'OPEN' || shop.status === 'CLOSED');
  const leavesByRoot = CATEGORY_TREE.map((_, rootIndex) => leaves.filter((leaf) => leaf.rootIndex === rootIndex));
  const goodsRows: (typeof goods.$inferInsert)[] = [];
  const skuRows: (typeof goodsSkus.$inferInsert)[] = [];
  /** on-sale goods per shop with their SKUs, for orders */
  const catalogue = new Map<number, { goodsId: number; name: string; image: string; skus: { id: number; name: string; price: number }[] }[]>();
  for (let id = 1; id <= size.goods; id++) {
    // A few big shops carry most of the goods, as on a real platform.
    const shop = sellingShops[Math.floor(sellingShops.length * random.next() ** 1.7)];
    const rootIndex = shopRoot.get(shop.id!)!;
    const leaf = random.pick(leavesByRoot[rootIndex]);
    const brandId = random.pick(brandIdsByRoot[rootIndex]);
    const noun = random.pick(leaf.nouns);
    const model = random.pick(['', ' Pro', ' Max', ' 2026款', ' 经典款', ' 升级版', ' Plus', ' 礼盒装']);
    const base = priceCents(random, leaf.price);
    const auth = random.weighted({ passed: 84, waiting: 11, refused: 5 });
    const isAuth = auth === 'passed' ? 1 : auth === 'waiting' ? 0 : 2;
    const open = shop.status === 'OPEN';
    const takenDown = isAuth === 1 && open && random.chance(0.05);
    const marketEnable = isAuth === 1 && open && !takenDown ? 1 : isAuth === 0 && open ? 1 : 0;
    const createdAt = new Date(Math.max(shop.openedAt!.getTime(), now.getTime() - (isAuth === 0 ? random.int(0, 10) : random.int(10, 360)) * DAY_MS) - random.int(0, DAY_MS));
    const picture = random.int(0, PICTURE_VARIANTS - 1);
    const [firstSpec, secondSpec] = leaf.specs;
    const firstValues = firstSpec[1].slice(0, random.int(1, 3));
    const secondValues = secondSpec ? secondSpec[1].slice(random.int(0, 1), random.int(2, 3)) : [null];
    const skus: { id: number; name: string; price: number }[] = [];
    let quantity = 0;
    for (const first of firstValues) {
      for (const second of secondValues) {
        const skuId = skuRows.length + 1;
        const specs = [{ spec_name: firstSpec[0], spec_value: first }, ...(second && secondSpec ? [{ spec_name: secondSpec[0], spec_value: second }] : [])];
        const stock = random.int(0, 800);
        const price = base + (skus.length > 0 ? random.pick([0, 0, 1000, 2000, 5000]) : 0);
        quantity += stock;
        const name = specs.map((spec) => `${spec.spec_name}:${spec.spec_value}`).join(' / ');
        skuRows.push({ id: skuId, goodsId: id, sn: `G${String(id).padStart(6, '0')}-${skus.length + 1}`, specs, propertiesName: name, priceCents: price, costCents: Math.round(price * 0.6), quantity: stock, enableQuantity: stock, image: leaf.pictures[picture] });
        skus.push({ id: skuId, name, price });
      }
    }
    const goodsName = `${brandNames.get(brandId)} ${noun}${model}`.slice(0, 100);
    const goodsSn = `G${String(id).padStart(6, '0')}`;
    goodsRows.push({
      id,
      shopId: shop.id!,
      shopName: shop.shopName!,
      categoryId: leaf.id,
      categoryPath: leaf.path,
      brandId,
      goodsName,
      sn: goodsSn,
      priceCents: base,
      costCents: Math.round(base * 0.6),
      mktpriceCents: Math.round(base * 1.2 / 100) * 100,
      weightGrams: random.int(100, 5000),
      quantity,
      enableQuantity: quantity,
      thumbnail: leaf.pictures[picture],
      images: leaf.pictures,
      intro: `<p>${goodsName}，${leaf.name}品类热销单品。</p>`,
      paramValues: [
        { param_name: '产地', value: random.weighted({ 中国大陆: 85, 日本: 5, 德国: 5, 美国: 5 }) },
        { param_name: '型号', value: `${goodsSn.slice(1, 4)}-${String(id % 1000).padStart(3, '0')}` },
        ...ROOT_PARAMS[rootIndex].map(([param_name, options]) => ({ param_name, value: random.pick(options) })),
        { param_name: '保修期', value: random.pick(['无', '一年', '两年']) },
        { param_name: '售后服务', value: random.pick(['七天无理由退换', '全国联保', '店铺三包']) },
      ],
      marketEnable,
      isAuth,
      authMessage: isAuth === 2 ? random.pick(['商品图片与描述不符', '商品标题含有违规词', '类目选择错误，请重新选择']) : '',
      underMessage: takenDown ? '平台下架，原因为：商品信息不完整，请补充后申请上架' : !open && isAuth === 1 ? SHOP_CLOSED_UNDER_MESSAGE : '',
      priority: random.pick([1, 2, 2, 3]),
      recommend: random.chance(0.1) ? 1 : 0,
      selfOperated: shop.selfOperated!,
      viewCount: random.int(0, 20000),
      commentNum: 0,
      createdAt,
      updatedAt: createdAt,
      auditedAt: isAuth === 0 ? null : new Date(createdAt.getTime() + random.int(1, 48) * 3_600_000),
    });
    if (isAuth === 1 && marketEnable === 1) {
      const list = catalogue.get(shop.id!) ?? [];
      list.push({ goodsId: id, name: goodsName, image: leaf.pictures[picture], skus });
      catalogue.set(shop.id!, list);
    }
  }
  await insertAll(ctx, goods, goodsRows);
  await insertAll(ctx, goodsSkus, skuRows);
  log(`${await seedLiveRooms(ctx, catalogue, now)} live rooms`);
  log(`${goodsRows.length} goods, ${skuRows.length} SKUs`);

  await step('orders');
  await generateOrders(ctx, random, size.orders, now, memberRows, shopRows, catalogue, log, stop);
  // Written in this transaction, these tables have no statistics yet, and the after-sales below
  // look orders and their lines up by lists of ids: planned for empty tables, one such statement
  // scanned a million order lines against a list of thousands (over eight minutes at 1 M orders).
  await ctx.db.execute(sql`analyze orders, order_items, goods, goods_skus, members`);
  await step('afterSales');
  log(`${await seedAfterSales(ctx, now, Math.max(0, size.orders - SHOWCASE_ORDERS.length))} after-sales`);
  // The rows above were written with their ids: the sequences follow before anything is written by the services' own code.
  await resetSequences(ctx);

  await ctx.db.execute(sql`update shops set goods_num = (select count(*) from goods where goods.shop_id = shops.id and goods.disabled = 1)`);
  await step('content');
  await seedChat(ctx, memberRows.filter((m) => m.disabled !== -1).map((m) => m.id!), Math.max(8, Math.round(size.members / 75)), now);
  await seedPages(ctx, now);
  await seedNavigations(ctx, now);
  await step('promotions');
  await seedPromotions(ctx, now);
  await seedDistribution(ctx, now);
  await seedSale(ctx, now);
  await seedPintuan(ctx, now);
  await step('points');
  await seedPoints(ctx, now);
  await step('settings');
  await seedCurrencies(ctx, now);
  await seedLogiCompanies(ctx, now);
  await seedPaymentConfig(ctx);
  await seedContent(ctx, now);
  await seedUpkeep(ctx, now);
  await seedSms(ctx, now);
  await seedTranslations(ctx, now);
  await step('favorites');
  log(`${await seedFavorites(ctx, memberRows, goodsRows, now)} favourites`);
  await seedMessages(ctx, now);
  await step('rollups');
  await fillRollups(ctx, random, now);
  await resetSequences(ctx);
  await seedExchangeOrders(ctx, now);
  // Filled since the analyze above: the bills' claims (a year of periods for every shop) joined
  // distribution orders to orders by a plan made for empty tables — over half a minute a period.
  await step('finance');
  await ctx.db.execute(sql`analyze orders, refunds, distribution_orders`);
  await seedFinance(ctx, now, stop);
  await step(undefined);
  log('all written');
}

/** Orders in these states count as sold (goods buy_count). */
const SOLD = new Set(['PAID_OFF', 'FORMED', 'SHIPPED', 'ROG', 'COMPLETE']);

const RECEIPT_KINDS = ['VATORDINARY', 'ELECTRO', 'VATOSPECIAL'] as const;

/** Recent orders the demo always holds (status, cash on delivery, type, minutes ago, % paid from the pre-deposit). */
const SHOWCASE_ORDERS: [status: string, cod: boolean, orderType: 'NORMAL' | 'PINTUAN', minutesAgo: number, balanceShare: number][] = [
  ['NEW', false, 'NORMAL', 12, 0],
  ['NEW', false, 'NORMAL', 35, 30],
  ['NEW', false, 'NORMAL', 70, 0],
  ['CONFIRM', false, 'NORMAL', 25, 40],
  ['CONFIRM', false, 'NORMAL', 95, 0],
  ['CONFIRM', true, 'NORMAL', 180, 0],
  ['SHIPPED', true, 'NORMAL', 2 * 1440, 0],
  ['ROG', true, 'NORMAL', 3 * 1440, 0],
  ['ROG', true, 'NORMAL', 4 * 1440, 0],
  ['ROG', true, 'NORMAL', 5 * 1440, 0],
  // paid group orders for the demo's group buys: a leader for each forming group, a buyer to pay back in each failed one
  ['PAID_OFF', false, 'PINTUAN', 50, 0],
  ['PAID_OFF', false, 'PINTUAN', 65, 0],
  ['PAID_OFF', false, 'PINTUAN', 110, 0],
  ['PAID_OFF', false, 'PINTUAN', 150, 0],
  ['PAID_OFF', false, 'PINTUAN', 240, 0],
  ['FORMED', false, 'PINTUAN', 200, 0],
  ['PAID_OFF', false, 'NORMAL', 300, 20],
  ['ROG', false, 'NORMAL', 4 * 1440, 0],
  ['COMPLETE', false, 'NORMAL', 9 * 1440, 0],
];

/** Share of a day's orders in each hour (Asia/Shanghai): quiet nights, a lunch bump, an evening peak. */
const HOUR_WEIGHTS = [3, 1.5, 0.8, 0.5, 0.4, 0.5, 1, 2, 3.5, 5, 6, 6.5, 6, 5, 5.5, 6, 5.5, 5, 5.5, 7, 8.5, 9, 8, 5.5];
const HOUR_TOTAL = HOUR_WEIGHTS.reduce((sum, w) => sum + w, 0);

/**
 * When orders happen over the last 365 days: growing over the year, busier at weekends,
 * peaks around 6.18, 11.11 and 12.12, a lull at Spring Festival; hours by HOUR_WEIGHTS.
 */
function orderCalendar(now: Date) {
  const todayStart = platformDayStart(platformDay(now)).getTime();
  const days: { start: number; hours: number }[] = [];
  const cumulative: number[] = [];
  let total = 0;
  for (let back = 364; back >= 0; back--) {
    const start = todayStart - back * DAY_MS;
    const date = new Date(start + PLATFORM_UTC_OFFSET_MS);
    const month = date.getUTCMonth() + 1;
    const day = date.getUTCDate();
    const weekday = date.getUTCDay();
    let weight = 0.55 + 0.45 * ((364 - back) / 364);
    if (weekday === 0 || weekday === 6) weight *= 1.3;
    if (weekday === 5) weight *= 1.1;
    if (month === 11 && day >= 9 && day <= 12) weight *= day === 11 ? 4 : 2;
    if (month === 6 && day >= 16 && day <= 18) weight *= day === 18 ? 3 : 1.6;
    if (month === 12 && day === 12) weight *= 2;
    if (month === 2 && day <= 14) weight *= 0.6;
    // Today is only partly over.
    const hours = back === 0 ? Math.max(1, Math.floor((now.getTime() - start) / HOUR_MS)) : 24;
    weight *= HOUR_WEIGHTS.slice(0, hours).reduce((sum, w) => sum + w, 0) / HOUR_TOTAL;
    total += weight;
    days.push({ start, hours });
    cumulative.push(total);
  }
  return {
    pick(random: Random): Date {
      const roll = random.next() * total;
      let low = 0;
      let high = cumulative.length - 1;
      while (low < high) {
        const mid = (low + high) >> 1;
        if (cumulative[mid] <= roll) low = mid + 1;
        else high = mid;
      }
      const { start, hours } = days[low];
      let hourRoll = random.next() * HOUR_WEIGHTS.slice(0, hours).reduce((sum, w) => sum + w, 0);
      let hour = 0;
      while (hour < hours - 1 && hourRoll >= HOUR_WEIGHTS[hour]) hourRoll -= HOUR_WEIGHTS[hour++];
      const at = start + hour * HOUR_MS + Math.floor(random.next() * HOUR_MS);
      return new Date(Math.min(at, now.getTime() - 120_000));
    },
  };
}

async function generateOrders(
  ctx: AppContext,
  random: Random,
  total: number,
  now: Date,
  memberRows: (typeof members.$inferInsert)[],
  shopRows: (typeof shops.$inferInsert)[],
  catalogue: Map<number, { goodsId: number; name: string; image: string; skus: { id: number; name: string; price: number }[] }[]>,
  log: (what: string) => void,
  stop: AbortSignal | undefined,
): Promise<void> {
  const buyers = memberRows.filter((member) => member.disabled === 0);
  const calendar = orderCalendar(now);
  const sellers = shopRows.filter((shop) => catalogue.has(shop.id!));
  if (sellers.length === 0 || buyers.length === 0) return;
  const buyCount = new Map<number, number>();
  let orderRows: (typeof orders.$inferInsert)[] = [];
  let itemRows: (typeof orderItems.$inferInsert)[] = [];
  let paymentRows: (typeof payments.$inferInsert)[] = [];
  let shipmentRows: (typeof shipments.$inferInsert)[] = [];
  let logRows: (typeof orderLogs.$inferInsert)[] = [];
  const flush = async () => {
    await insertAll(ctx, orders, orderRows);
    await insertAll(ctx, orderItems, itemRows);
    await insertAll(ctx, payments, paymentRows);
    await insertAll(ctx, shipments, shipmentRows);
    await insertAll(ctx, orderLogs, logRows);
    orderRows = [];
    itemRows = [];
    paymentRows = [];
    shipmentRows = [];
    logRows = [];
  };

  /**
   * One order in `status`, its times drawn after `createdAt`, with its items, payments, shipment
   * and log (DOMAIN §2.4 flows). COD orders are shipped unpaid and wait in ROG for the money
   * (the operator's confirm receipt, or the automatic one after complete_order_pay days).
   */
  const emit = async (id: number, createdAt: Date, status: string, cod: boolean, orderType: 'NORMAL' | 'PINTUAN', balanceShare: number) => {
    const shop = sellers[Math.floor(sellers.length * random.next() ** 1.5)];
    const buyer = buyers[random.int(0, buyers.length - 1)];
    const list = catalogue.get(shop.id!)!;
    const lines = new Map<number, { goods: (typeof list)[number]; sku: { id: number; name: string; price: number }; num: number }>();
    for (let n = random.int(1, 3); n > 0; n--) {
      const item = random.pick(list);
      const sku = random.pick(item.skus);
      const existing = lines.get(sku.id);
      if (existing) existing.num += 1;
      else lines.set(sku.id, { goods: item, sku, num: random.chance(0.8) ? 1 : random.int(2, 4) });
    }
    const goodsCents = [...lines.values()].reduce((sum, line) => sum + line.sku.price * line.num, 0);
    const shippingCents = goodsCents >= 9900 ? 0 : 1000;
    const discountCents = random.chance(0.2) ? Math.min(Math.round(goodsCents * random.pick([0.05, 0.1])), 20_000) : 0;
    // Part of the price paid from the pre-deposit at checkout (never for cash on delivery).
    // whole yuan of the total (balanceShare %), never more than 500 yuan
    const balanceCents = cod ? 0 : Math.min(Math.floor(((goodsCents + shippingCents - discountCents) * balanceShare) / 100 / 100) * 100, 50_000);
    const needPayCents = goodsCents + shippingCents - discountCents - balanceCents;
    const shipped = ['SHIPPED', 'ROG', 'COMPLETE', 'AFTER_SERVICE'].includes(status);
    const received = ['ROG', 'COMPLETE', 'AFTER_SERVICE'].includes(status);
    const paid = cod ? received && status !== 'ROG' : ['PAID_OFF', 'FORMED', 'SHIPPED', 'ROG', 'COMPLETE', 'AFTER_SERVICE'].includes(status);
    const clamp = (at: number) => new Date(Math.min(at, now.getTime() - 60_000));
    const paidOnlineAt = paid && !cod ? clamp(createdAt.getTime() + random.int(1, 30) * 60_000) : null;
    const shippedAt = shipped ? clamp((paidOnlineAt ?? createdAt).getTime() + random.int(2, 48) * 3_600_000) : null;
    const rogAt = received ? clamp(shippedAt!.getTime() + random.int(1, 5) * DAY_MS) : null;
    const paidAt = cod ? (paid ? rogAt : null) : paidOnlineAt;
    const completedAt = status === 'COMPLETE' ? clamp(rogAt!.getTime() + 7 * DAY_MS) : null;
    // the after-sale window closes 15 days after completion (the expiry task's default)
    const serviceExpiredAt = completedAt && completedAt.getTime() < now.getTime() - 15 * DAY_MS ? new Date(completedAt.getTime() + 15 * DAY_MS) : null;
    const cancelledAt = status === 'CANCELLED' ? clamp(createdAt.getTime() + random.int(5, 60) * 60_000) : null;
    const sn = `${platformDay(createdAt).replace(/-/g, '')}${String(id).padStart(10, '0')}`;
    const [province, cities] = random.pick(REGIONS);
    const method = paidAt && !cod ? random.weighted({ alipay: 45, wechat: 45, balance: 10 }) : cod ? 'cod' : '';
    const methodName = { alipay: '支付宝', wechat: '微信支付', balance: '预存款', cod: '货到付款', '': '' }[method];
    const receiptKind = id % 5 === 0 ? RECEIPT_KINDS[id % RECEIPT_KINDS.length] : null;
    orderRows.push({
      id,
      sn,
      shopId: shop.id!,
      shopName: shop.shopName!,
      memberId: buyer.id!,
      memberName: buyer.uname!,
      status,
      payStatus: paid ? 'PAY_YES' : 'PAY_NO',
      shipStatus: received ? 'SHIP_ROG' : shipped ? 'SHIP_YES' : 'SHIP_NO',
      paymentType: cod ? 'COD' : 'ONLINE',
      client: random.weighted({ WAP: 35, APP: 35, MINI: 20, PC: 10 }),
      orderType,
      // reviewed by about two buyers in three once complete; the rest wait (WAIT_COMMENT) until the
      // system reviews them (comment_order_day after completion, orders/service.ts autoReview)
      commentStatus:
        status === 'COMPLETE' && (id % 3 !== 0 || completedAt!.getTime() < now.getTime() - ORDER_SETTINGS_DEFAULT.comment_order_day * DAY_MS) ? 'FINISHED' : 'UNFINISHED',
      serviceStatus: status === 'AFTER_SERVICE' ? 'APPLY' : serviceExpiredAt ? 'EXPIRED' : 'NOT_APPLY',
      serviceExpiredAt,
      goodsNames: [...lines.values()].map((line) => line.goods.name).join('\n').slice(0, 1000),
      paymentMethodName: paidAt ? (balanceCents > 0 ? `预存款 + ${methodName}` : methodName) : '',
      needReceipt: receiptKind ? 1 : 0,
      receiptType: receiptKind ?? '',
      receiptTitle: receiptKind ? (receiptKind === 'VATOSPECIAL' ? `${shop.shopName}采购部` : '个人') : '',
      receiptTaxNo: receiptKind === 'VATOSPECIAL' ? `91440300${String(id).padStart(10, '0')}` : '',
      receiptContent: receiptKind ? '商品明细' : '',
      goodsNum: [...lines.values()].reduce((sum, line) => sum + line.num, 0),
      goodsCents,
      shippingCents,
      discountCents,
      balanceCents,
      needPayCents,
      paidCents: paid ? needPayCents : 0,
      commissionCents: paid ? Math.round(((needPayCents + balanceCents) * Number(shop.commissionRate)) / 100) : 0,
      shipName: buyer.nickname!,
      shipMobile: buyer.mobile!,
      shipRegion: `${province} ${random.pick(cities)}`,
      shipAddress: `${random.pick(STREETS)}${random.int(1, 999)}号${random.int(1, 30)}栋${random.int(101, 2808)}室`,
      cancelReason: status === 'CANCELLED' ? (createdAt.getTime() < now.getTime() - DAY_MS ? '超时未付款' : random.pick(['买家不想要了', '拍错了，重新下单'])) : '',
      createdAt,
      paidAt,
      shippedAt,
      rogAt,
      completedAt,
      cancelledAt,
    });
    for (const line of lines.values()) {
      itemRows.push({ orderId: id, goodsId: line.goods.goodsId, skuId: line.sku.id, goodsName: line.goods.name, propertiesName: line.sku.name, image: line.goods.image, priceCents: line.sku.price, num: line.num, subtotalCents: line.sku.price * line.num });
      if (SOLD.has(status)) buyCount.set(line.goods.goodsId, (buyCount.get(line.goods.goodsId) ?? 0) + line.num);
    }
    // Every order starts NEW; taking the stock confirms it (CONFIRM) or fails it (INTODB_ERROR).
    logRows.push({ orderId: id, status: 'NEW', message: '买家提交订单', operatorType: 'BUYER', operatorName: buyer.uname!, createdAt });
    if (status === 'INTODB_ERROR') logRows.push({ orderId: id, status: 'INTODB_ERROR', message: '库存不足，订单入库失败', operatorType: 'SYSTEM', operatorName: '系统', createdAt });
    else if (status !== 'NEW') logRows.push({ orderId: id, status: 'CONFIRM', message: cod ? '订单已确认（货到付款）' : '订单已确认，等待买家付款', operatorType: 'SYSTEM', operatorName: '系统', createdAt });
    if (paidAt && !cod) {
      paymentRows.push({ orderId: id, orderSn: sn, method, amountCents: needPayCents, tradeNo: `${method === 'balance' ? 'B' : 'T'}${paidAt.getTime()}${id}`, paidAt });
      logRows.push({ orderId: id, status: 'PAID_OFF', message: '买家完成支付', operatorType: 'BUYER', operatorName: buyer.uname!, createdAt: paidAt });
      if (orderType === 'PINTUAN' && status !== 'PAID_OFF') logRows.push({ orderId: id, status: 'FORMED', message: '拼团成功，等待发货', operatorType: 'SYSTEM', operatorName: '系统', createdAt: paidAt });
    }
    if (shippedAt) {
      const logi = random.pick(LOGISTICS);
      shipmentRows.push({ orderId: id, logiName: logi, shipNo: `${logi === '顺丰速运' ? 'SF' : 'YT'}${random.digits(12)}`, shippedAt });
      logRows.push({ orderId: id, status: 'SHIPPED', message: `商家已发货（${logi}）`, operatorType: 'SELLER', operatorName: shop.shopName!, createdAt: shippedAt });
    }
    if (rogAt) logRows.push({ orderId: id, status: 'ROG', message: '买家确认收货', operatorType: 'BUYER', operatorName: buyer.uname!, createdAt: rogAt });
    if (paidAt && cod) {
      paymentRows.push({ orderId: id, orderSn: sn, method: 'cod', amountCents: needPayCents, tradeNo: `C${paidAt.getTime()}${id}`, paidAt });
      logRows.push({ orderId: id, status: 'PAID_OFF', message: '货到付款：快递员已收款', operatorType: 'SYSTEM', operatorName: '系统', createdAt: paidAt });
    }
    if (completedAt) logRows.push({ orderId: id, status: 'COMPLETE', message: '订单完成', operatorType: 'SYSTEM', operatorName: '系统', createdAt: completedAt });
    if (status === 'AFTER_SERVICE') logRows.push({ orderId: id, status: 'AFTER_SERVICE', message: '买家申请售后', operatorType: 'BUYER', operatorName: buyer.uname!, createdAt: clamp(rogAt!.getTime() + DAY_MS) });
    if (cancelledAt) logRows.push({ orderId: id, status: 'CANCELLED', message: `订单取消：${orderRows[orderRows.length - 1].cancelReason}`, operatorType: 'SYSTEM', operatorName: '系统', createdAt: cancelledAt });

    if (orderRows.length === ORDER_CHUNK) {
      await flush();
      if (id % 100_000 === 0) log(`${id} orders`);
    }
    await breathe(stop);
  };

  const drawnTotal = Math.max(0, total - SHOWCASE_ORDERS.length);
  for (let id = 1; id <= drawnTotal; id++) {
    const createdAt = calendar.pick(random);
    const ageDays = (now.getTime() - createdAt.getTime()) / DAY_MS;
    const drawn = ageDays > 15
      ? random.weighted({ COMPLETE: 84, CANCELLED: 12, AFTER_SERVICE: 3, ROG: 1 })
      : ageDays > 3
        ? random.weighted({ SHIPPED: 20, ROG: 30, COMPLETE: 33, CANCELLED: 12, AFTER_SERVICE: 5 })
        : random.weighted({ CONFIRM: 14, NEW: 2, INTODB_ERROR: 0.3, PAID_OFF: 30, SHIPPED: 34, ROG: 5, CANCELLED: 15 });
    const cod = drawn !== 'NEW' && drawn !== 'INTODB_ERROR' && random.chance(0.06);
    // A COD order awaiting shipment is CONFIRM; an unpaid online order older than the default
    // payment window (1 day, DOMAIN §1.6) has been cancelled by the timeout.
    let status: string = cod && drawn === 'PAID_OFF' ? 'CONFIRM' : drawn;
    if (!cod && (status === 'NEW' || status === 'CONFIRM') && ageDays > 1) status = 'CANCELLED';
    const orderType = !cod && id % 29 === 0 ? 'PINTUAN' : 'NORMAL';
    if (orderType === 'PINTUAN' && status === 'PAID_OFF' && id % 2 === 0) status = 'FORMED';
    await emit(id, createdAt, status, cod, orderType, id % 9 === 0 ? 30 : 0);
  }
  // A few recent orders in every state an operator acts on, whatever the draw gave.
  for (const [index, [status, cod, orderType, minutesAgo, balanceShare]] of SHOWCASE_ORDERS.slice(0, total - drawnTotal).entries()) {
    await emit(drawnTotal + index + 1, new Date(now.getTime() - minutesAgo * 60_000), status, cod, orderType, balanceShare);
  }
  await flush();
  const counts = [...buyCount.entries()];
  for (let i = 0; i < counts.length; i += 5000) {
    const values = counts.slice(i, i + 5000).map(([goodsId, num]) => sql`(${goodsId}::int, ${num}::int)`);
    await ctx.db.execute(sql`update goods set buy_count = v.num from (values ${sql.join(values, sql`, `)}) as v(id, num) where goods.id = v.id`);
  }
  if (total % 100_000 !== 0) log(`${total} orders`);
}

/** The rollups, computed once from the generated rows (later writes keep them in step). */
async function fillRollups(ctx: AppContext, random: Random, now: Date): Promise<void> {
  await rebuildRollups(ctx.db, platformDay(now));
  // Demo traffic: visits follow the orders of the day (about 30 views per order, half as many visitors).
  const factor = 25 + random.int(0, 10);
  await ctx.db.execute(sql`update ${dailyPlatformStats} set pv = order_count * ${factor} + 200 + (extract(doy from day)::int * 37) % 300, uv = (order_count * ${factor}) / 2 + 80 + (extract(doy from day)::int * 17) % 120`);
  await ctx.db.execute(sql`update ${dailyShopStats} set pv = order_count * ${factor} + (shop_id * 13) % 50`);
  await ctx.db.execute(sql`update ${dailyGoodsStats} set pv = sold_num * ${factor} + (goods_id * 7) % 40`);
  await rebuildPeriodRollups(ctx.db); // the month and year rows take the views in
}

async function resetSequences(ctx: AppContext): Promise<void> {
  for (const table of ['member_levels', 'members', 'member_ledger', 'shops', 'margin_flows', 'bills', 'categories', 'param_groups', 'params', 'brands', 'goods', 'goods_skus', 'orders', 'order_items', 'payments', 'shipments', 'order_logs', 'after_sales', 'after_sale_items', 'after_sale_pictures', 'after_sale_logs', 'refunds']) {
    await ctx.db.execute(sql.raw(`select setval(pg_get_serial_sequence('${table}', 'id'), coalesce((select max(id) from ${table}), 0) + 1, false)`));
  }
}


