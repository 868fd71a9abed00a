/**
 * The data dictionary and translation records of the demo: every group taken in from the business
 * data, English names of the carriers (written by an operator) and of the first-level categories
 * (as a finished task left them; 图书文娱 was refused and is listed as a failure), and a task that failed whole.
 */
import { eq, inArray } from 'drizzle-orm';
import type { AppContext } from '../../platform/context.js';
import { DATA_DICT_GROUPS } from '@agora/contract';
import { syncDataGroup } from '../../modules/i18n/data-dict.js';
import { i18nDataEntries, i18nDataTexts, translationFailures, translationTasks } from '../../modules/i18n/tables.js';
import { categories } from '../../modules/goods/tables.js';

const CARRIERS: Record<string, string> = {
  顺丰速运: 'SF Express',
  中通快递: 'ZTO Express',
  圆通速递: 'YTO Express',
  韵达快递: 'Yunda Express',
  申通快递: 'STO Express',
  京东物流: 'JD Logistics',
  邮政EMS: 'China Post EMS',
  极兔速递: 'J&T Express',
};
const ROOT_CATEGORIES: Record<string, string> = {
  电子数码: 'Electronics',
  服饰鞋包: 'Fashion',
  美妆个护: 'Beauty & personal care',
  食品生鲜: 'Food & fresh',
  家居家装: 'Home & living',
  母婴玩具: 'Baby & toys',
  运动户外: 'Sports & outdoors',
};

const MINUTE = 60_000;

export async function seedTranslations(ctx: AppContext, now: Date): Promise<void> {
  for (const group of DATA_DICT_GROUPS) await syncDataGroup(ctx.db, group);
  const entries = await ctx.db.select().from(i18nDataEntries).where(inArray(i18nDataEntries.groupSn, ['EXPRESS', 'CATEGORY']));
  const carrierTexts = entries.filter((entry) => entry.groupSn === 'EXPRESS' && CARRIERS[entry.source]).map((entry) => ({ entryId: entry.id, lang: 'en-US', text: CARRIERS[entry.source], machine: 0 }));
  const roots = new Set((await ctx.db.select({ id: categories.id }).from(categories).where(eq(categories.parentId, 0))).map((row) => row.id));
  const rootEntries = entries.filter((entry) => entry.groupSn === 'CATEGORY' && roots.has(entry.dataKey));
  const translated = rootEntries.filter((entry) => ROOT_CATEGORIES[entry.source]);
  const refused = rootEntries.find((entry) => !ROOT_CATEGORIES[entry.source]);
  const rootTexts = translated.map((entry) => ({ entryId: entry.id, lang: 'en-US', text: ROOT_CATEGORIES[entry.source], machine: 1 }));
  if (carrierTexts.length + rootTexts.length) await ctx.db.insert(i18nDataTexts).values([...carrierTexts, ...rootTexts]).onConflictDoNothing();

  const [done] = await ctx.db
    .insert(translationTasks)
    .values({
      lang: 'en-US',
      scope: 'CATEGORY',
      status: 'DONE',
      total: rootEntries.length,
      successCount: translated.length,
      failCount: refused ? 1 : 0,
      operator: 'admin',
      createdAt: new Date(now.getTime() - 90 * MINUTE),
      finishedAt: new Date(now.getTime() - 89 * MINUTE),
    })
    .returning();
  if (refused) {
    await ctx.db
      .insert(translationFailures)
      .values({ taskId: done.id, lang: 'en-US', scope: 'CATEGORY', refId: refused.id, ref: `CATEGORY:${refused.dataKey}`, source: refused.source, reason: '翻译平台调用失败：HTTP 429 rate limit exceeded', createdAt: done.finishedAt! })
      .onConflictDoNothing();
  }
  await ctx.db.insert(translationTasks).values({
    lang: 'en-US',
    scope: 'GOODS',
    status: 'FAILED',
    message: '翻译平台调用失败：HTTP 503 service unavailable',
    operator: 'admin',
    createdAt: new Date(now.getTime() - 30 * MINUTE),
    finishedAt: new Date(now.getTime() - 30 * MINUTE),
  });
}
