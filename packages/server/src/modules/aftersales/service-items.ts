import type { orderItems } from '../orders/tables.js';
import type { afterSaleItems } from './tables.js';

/** An after-sale's line for an order line: what was bought and shipped of it, and how many come back. */
export function serviceItemOf(serviceId: number, line: typeof orderItems.$inferSelect, returnNum: number): typeof afterSaleItems.$inferInsert {
  return {
    serviceId,
    orderItemId: line.id,
    goodsId: line.goodsId,
    skuId: line.skuId,
    goodsName: line.goodsName,
    propertiesName: line.propertiesName,
    image: line.image,
    priceCents: line.priceCents,
    shipNum: line.num,
    returnNum,
  };
}
