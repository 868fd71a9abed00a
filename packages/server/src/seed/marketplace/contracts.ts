/**
 * Demo shop contracts: every opened shop signed one when it opened, and the shops in turn show
 * each state — in force, about to end (told by the daily task at the first start), renewed ahead
 * (the next one not yet in force), terminated and replaced, expired without a successor. A closed
 * shop's contract was terminated when it closed.
 */
import type { AppContext } from '../../platform/context.js';
import { storeFile } from '../../platform/storage.js';
import { shopContracts } from '../../modules/contracts/tables.js';
import { bulkInsert } from './bulk.js';
import { documentPicture } from './pictures.js';
import { addDays, platformDay } from '../../platform/time.js';

type Contract = typeof shopContracts.$inferInsert;

/** per pattern: the contracts' [start, end] days from today, and which one was terminated (with its reason) */
const PATTERNS: { terms: [number, number][]; terminated?: { index: number; daysAgo: number; reason: string } }[] = [
  { terms: [[-400, -36], [-35, 330]] },
  { terms: [[-352, 12]] },
  { terms: [[-359, 6], [7, 372]] },
  { terms: [[-200, 165], [-9, 356]], terminated: { index: 0, daysAgo: 10, reason: '店铺主体变更，按新主体重新签约' } },
  { terms: [[-120, 245]] },
  { terms: [[-420, -20]] },
];

export async function seedContracts(ctx: AppContext, shops: { id: number; status: string }[], now: Date): Promise<number> {
  const today = platformDay(now);
  const scan = await storeFile(ctx.db, ctx.storage, 'demo/documents/contract.svg', documentPicture('店铺入驻合同', ['甲方（平台）', '乙方（店铺）', '合同期限', '保证金', '签章'], '#722ed1'), {
    contentType: 'image/svg+xml', width: 400, height: 280, originalName: '店铺入驻合同.svg',
  });
  const rows: Contract[] = [];
  let serial = 0;
  const add = (shopId: number, start: number, end: number, terminated?: { daysAgo: number; reason: string }) => {
    serial += 1;
    const startDate = addDays(today, start);
    rows.push({
      contractNo: `HT${startDate.slice(0, 4)}${String(shopId).padStart(4, '0')}${String(serial).padStart(3, '0')}`,
      shopId,
      startDate,
      endDate: addDays(today, end),
      fileUrl: scan.url,
      fileName: '店铺入驻合同.svg',
      remark: start > 0 ? '续签合同，到期后自动衔接' : '',
      createdAt: new Date(now.getTime() + Math.min(start, 0) * 86_400_000 - 3 * 86_400_000),
      ...(terminated ? { terminatedAt: new Date(now.getTime() - terminated.daysAgo * 86_400_000), terminateReason: terminated.reason, terminatedBy: 'admin' } : {}),
    });
  };
  let open = 0;
  for (const shop of shops) {
    if (shop.status === 'CLOSED') add(shop.id, -300, 65, { daysAgo: 5, reason: '店铺已关闭，合同提前终止' });
    if (shop.status !== 'OPEN') continue;
    const pattern = PATTERNS[open % PATTERNS.length];
    open += 1;
    pattern.terms.forEach(([start, end], index) => add(shop.id, start, end, pattern.terminated?.index === index ? pattern.terminated : undefined));
  }
  await bulkInsert(ctx.db, shopContracts, rows);
  return rows.length;
}
