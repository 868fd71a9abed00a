import { count, getTableName, sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { CleanAllResult, CleanGroup } from '@agora/contract';
import type { AppContext } from '../../platform/context.js';
import type { AuditInTransaction } from '../../platform/audit.js';
import { shopContracts } from '../contracts/tables.js';
import { liveRooms } from '../live/tables.js';
import {
  afterSaleItems,
  afterSaleLogs,
  afterSalePictures,
  afterSales,
  askReplies,
  billCuts,
  billLogs,
  bills,
  commissionRecords,
  complaintMessages,
  complaints,
  coupons,
  distributionBills,
  distributionGoods,
  distributionLedger,
  distributionOrders,
  distributors,
  exchangeGoods,
  goods,
  goodsAsks,
  goodsComments,
  goodsSearchDocs,
  goodsSkus,
  imConversations,
  imMessages,
  marginFlows,
  memberCoupons,
  memberFavorites,
  memberLedger,
  members,
  memberZpzz,
  notificationsSent,
  orderItems,
  orderLogs,
  pageViewMarks,
  orders,
  payments,
  pintuanGoods,
  pintuanGroups,
  pintuans,
  promotionGoods,
  receiptHistories,
  recharges,
  refunds,
  rollupWindows,
  seckillApplies,
  seckills,
  shipments,
  shopDetails,
  shops,
  signActivities,
  signRecords,
  siteMessages,
  smsRecords,
  smsTasks,
  withdrawApplies,
} from '../../db/schema.js';
import { ROLLUP_TABLES } from '../statistics/rebuild.js';

/**
 * The business data of each group of the confirmation (contract CLEAN_GROUPS). Everything else —
 * administrators, roles, settings, plugin configs, catalogue structure, regions, decoration, media,
 * system logs — stays. No table kept here references a table cleared here, so the truncation needs
 * no CASCADE (which could reach further than this list): the database refuses it if one ever does.
 */
export const CLEAN_TABLES: Record<CleanGroup, PgTable[]> = {
  orders: [orders, orderItems, payments, shipments, orderLogs, afterSales, afterSaleItems, afterSalePictures, afterSaleLogs, refunds],
  members: [members, memberLedger, memberCoupons, memberFavorites, recharges, memberZpzz, receiptHistories],
  shops: [shops, shopDetails, marginFlows, billCuts, bills, billLogs, shopContracts, liveRooms],
  goods: [goods, goodsSkus, goodsSearchDocs, goodsComments, goodsAsks, askReplies],
  promotions: [coupons, seckills, seckillApplies, promotionGoods, pintuans, pintuanGoods, pintuanGroups, exchangeGoods, signActivities, signRecords],
  distribution: [distributors, distributionGoods, distributionOrders, commissionRecords, distributionBills, withdrawApplies, distributionLedger],
  service: [complaints, complaintMessages, imConversations, imMessages, notificationsSent, siteMessages, smsTasks, smsRecords],
  statistics: [...ROLLUP_TABLES, pageViewMarks, rollupWindows],
};

/** Empties every table of CLEAN_TABLES in one transaction with its audit row; answers the rows cleared per group. */
export async function cleanAll(ctx: AppContext, audit: AuditInTransaction): Promise<CleanAllResult> {
  return ctx.db.transaction(async (tx) => {
    const cleared: CleanAllResult['cleared'] = [];
    for (const [group, tables] of Object.entries(CLEAN_TABLES) as [CleanGroup, PgTable[]][]) {
      let rows = 0;
      for (const table of tables) rows += (await tx.select({ rows: count() }).from(table))[0].rows;
      cleared.push({ group, rows });
    }
    const names = Object.values(CLEAN_TABLES)
      .flat()
      .map((table) => `"${getTableName(table)}"`)
      .join(', ');
    await tx.execute(sql.raw(`TRUNCATE TABLE ${names} RESTART IDENTITY`));
    await audit(tx);
    return cleared;
  }).then((cleared) => ({ cleared }));
}
