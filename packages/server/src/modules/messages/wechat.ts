import { asc, eq, notInArray, sql } from 'drizzle-orm';
import {
  MESSAGE_CODES,
  MESSAGE_EVENTS,
  type MessageCode,
  type MessageVariable,
  type WechatKeyword,
  type WechatNoticeInput,
  type WechatNoticeRow,
  type WechatSyncResult,
  type WechatTemplateRow,
} from '@agora/contract';
import type { AppContext } from '../../platform/context.js';
import type { AuditInTransaction } from '../../platform/audit.js';
import { badRequest } from '../../platform/errors.js';
import { foreignFailure, OutboundFailure, outboundRequest, type OutboundAnswer } from '../../platform/outbound.js';
import { preparedOnce } from '../../platform/statements.js';
import { unixSeconds } from '../../platform/time.js';
import type { Db } from '../../db/client.js';
import { wechatNotices, wechatTemplates } from './tables.js';

/** WeChat notices go to members: one per member event. */
const MEMBER_CODES = MESSAGE_CODES.filter((code) => MESSAGE_EVENTS[code].type === 'MEMBER');

export async function ensureWechatNotices(db: Db): Promise<void> {
  await db.insert(wechatNotices).values(MEMBER_CODES.map((noticeType) => ({ noticeType }))).onConflictDoNothing({ target: wechatNotices.noticeType });
}

const toTemplateRow = (row: typeof wechatTemplates.$inferSelect): WechatTemplateRow => ({
  template_id: row.templateId,
  title: row.title,
  content: row.content,
  keywords: row.keywords,
  sync_time: unixSeconds(row.syncedAt),
});

export async function listWechatTemplates(ctx: AppContext): Promise<WechatTemplateRow[]> {
  return (await ctx.db.select().from(wechatTemplates).orderBy(asc(wechatTemplates.id))).map(toTemplateRow);
}

// The notices, all of them or one: two statements prepared once (platform/statements.ts), the columns the answer uses.
const noticeColumns = {
  notice: { noticeType: wechatNotices.noticeType, templateId: wechatNotices.templateId, isEnable: wechatNotices.isEnable, keywords: wechatNotices.keywords },
  title: wechatTemplates.title,
};
const allNotices = preparedOnce('agora_wechat_notices', (db) =>
  db
    .select(noticeColumns)
    .from(wechatNotices)
    .leftJoin(wechatTemplates, eq(wechatTemplates.templateId, wechatNotices.templateId))
    .where(sql`${wechatNotices.noticeType} = any(${sql.placeholder('codes')})`)
    .orderBy(asc(wechatNotices.id)),
);
const noticeByType = preparedOnce('agora_wechat_notice', (db) =>
  db
    .select(noticeColumns)
    .from(wechatNotices)
    .leftJoin(wechatTemplates, eq(wechatTemplates.templateId, wechatNotices.templateId))
    .where(eq(wechatNotices.noticeType, sql.placeholder('code')))
    .orderBy(asc(wechatNotices.id)),
);

export async function listWechatNotices(ctx: AppContext, only?: MessageCode): Promise<WechatNoticeRow[]> {
  const rows = only ? await noticeByType(ctx.db).execute({ code: only }) : await allNotices(ctx.db).execute({ codes: MEMBER_CODES });
  return rows.map(({ notice, title }) => {
    const event = MESSAGE_EVENTS[notice.noticeType as MessageCode];
    return {
      notice_type: notice.noticeType as MessageCode,
      notice_name: event.zh,
      template_id: notice.templateId,
      template_title: title ?? '',
      is_enable: notice.isEnable === 1 ? 1 : 0,
      keywords: notice.keywords as WechatKeyword[],
      variables: [...event.vars] as MessageVariable[],
    };
  });
}

async function getNotice(ctx: AppContext, code: MessageCode): Promise<WechatNoticeRow> {
  const [row] = await listWechatNotices(ctx, code);
  if (!row) throw badRequest('VALIDATION');
  return row;
}

export const getWechatNotice = (ctx: AppContext, code: MessageCode) => {
  if (MESSAGE_EVENTS[code].type !== 'MEMBER') throw badRequest('WECHAT_NOTICE_NO_TEMPLATE');
  return getNotice(ctx, code);
};

/** PUT …/{notice_type}: the template it uses and the event field that fills each of its keywords (≤ 5). */
export async function updateWechatNotice(ctx: AppContext, code: MessageCode, input: WechatNoticeInput, audit: AuditInTransaction): Promise<WechatNoticeRow> {
  if (MESSAGE_EVENTS[code].type !== 'MEMBER') throw badRequest('WECHAT_NOTICE_NO_TEMPLATE');
  await ctx.db.transaction(async (tx) => {
    const [template] = await tx.select().from(wechatTemplates).where(eq(wechatTemplates.templateId, input.template_id));
    if (!template) throw badRequest('WECHAT_TEMPLATE_NOT_FOUND');
    const strangers = input.keywords.map((pair) => pair.keyword).filter((keyword) => !template.keywords.includes(keyword));
    if (strangers.length > 0) throw badRequest('WECHAT_KEYWORD_UNKNOWN', { names: strangers.join('、') });
    const offered = new Set<string>(MESSAGE_EVENTS[code].vars);
    const unknown = input.keywords.map((pair) => pair.field).filter((field) => !offered.has(field));
    if (unknown.length > 0) throw badRequest('MESSAGE_TEMPLATE_UNKNOWN_VARS', { names: unknown.map((name) => `\${${name}}`).join('、') });
    await tx
      .update(wechatNotices)
      .set({ templateId: template.templateId, keywords: input.keywords, updatedAt: new Date() })
      .where(eq(wechatNotices.noticeType, code));
    await audit(tx);
  });
  return getNotice(ctx, code);
}

export async function enableWechatNotice(ctx: AppContext, code: MessageCode, enable: 0 | 1, audit: AuditInTransaction): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    const [notice] = await tx.select().from(wechatNotices).where(eq(wechatNotices.noticeType, code)).for('update');
    if (!notice) throw badRequest('WECHAT_NOTICE_NO_TEMPLATE');
    if (enable === 1 && notice.templateId === '') throw badRequest('WECHAT_NOTICE_NO_TEMPLATE');
    await tx.update(wechatNotices).set({ isEnable: enable, updatedAt: new Date() }).where(eq(wechatNotices.id, notice.id));
    await audit(tx);
  });
}

// ─── Sync ───────────────────────────────────────────────────────────────────

interface WechatAnswer {
  errcode?: number;
  errmsg?: string;
}

/**
 * A GET of the WeChat API under the outbound policy. The operator hears the status or WeChat's
 * numeric errcode (documented by WeChat), never the text of the answer: that goes to the debug log.
 */
async function askWechat<T extends WechatAnswer>(ctx: AppContext, url: string): Promise<T> {
  let answer: OutboundAnswer;
  try {
    answer = await outboundRequest(ctx, url);
  } catch (error) {
    throw error instanceof OutboundFailure ? badRequest('WECHAT_SYNC_FAILED', { reason: error.reason }) : error;
  }
  if (!answer.ok) throw badRequest('WECHAT_SYNC_FAILED', { reason: foreignFailure(ctx, 'the WeChat API', answer) });
  let body: T;
  try {
    body = JSON.parse(answer.text) as T;
  } catch {
    ctx.log.debug({ answer: answer.text.slice(0, 500) }, 'the WeChat API answered something else than JSON');
    throw badRequest('WECHAT_SYNC_FAILED', { reason: 'the answer is not JSON' });
  }
  if (body.errcode) {
    ctx.log.debug({ errcode: body.errcode, errmsg: body.errmsg }, 'the WeChat API refused');
    throw badRequest('WECHAT_SYNC_FAILED', { reason: `errcode ${Number(body.errcode)}` });
  }
  return body;
}

/** The `{{name.DATA}}` slots of a template's content, in order. */
export const keywordsOf = (content: string) => [...new Set([...content.matchAll(/\{\{(\w+)\.DATA\}\}/g)].map((match) => match[1]))];

/**
 * POST admin/systems/wechat-msg-tmp/sync: the official account's templates as WeChat holds them
 * (access token, then get_all_private_template). Templates gone from WeChat are dropped and the
 * notices that used them switched off.
 */
export async function syncWechatTemplates(ctx: AppContext, audit: AuditInTransaction): Promise<WechatSyncResult> {
  const { apiUrl, appId, appSecret } = ctx.config.wechat;
  if (!appId || !appSecret) throw badRequest('WECHAT_NOT_CONFIGURED');
  const token = await askWechat<WechatAnswer & { access_token?: string }>(
    ctx,
    `${apiUrl}/cgi-bin/token?grant_type=client_credential&appid=${encodeURIComponent(appId)}&secret=${encodeURIComponent(appSecret)}`,
  );
  if (!token.access_token) throw badRequest('WECHAT_SYNC_FAILED', { reason: 'no access_token' });
  const list = await askWechat<WechatAnswer & { template_list?: { template_id: string; title: string; content: string }[] }>(
    ctx,
    `${apiUrl}/cgi-bin/template/get_all_private_template?access_token=${encodeURIComponent(token.access_token)}`,
  );
  const templates = (list.template_list ?? []).filter((row) => typeof row.template_id === 'string' && row.template_id !== '');
  const now = new Date();
  await ctx.db.transaction(async (tx) => {
    const ids = templates.map((row) => row.template_id);
    await tx.delete(wechatTemplates).where(ids.length ? notInArray(wechatTemplates.templateId, ids) : undefined);
    for (const row of templates) {
      const values = { title: String(row.title ?? '').slice(0, 100), content: String(row.content ?? '').slice(0, 2000), keywords: keywordsOf(String(row.content ?? '')), syncedAt: now };
      await tx.insert(wechatTemplates).values({ templateId: row.template_id.slice(0, 100), ...values }).onConflictDoUpdate({ target: wechatTemplates.templateId, set: values });
    }
    await tx
      .update(wechatNotices)
      .set({ isEnable: 0, templateId: '', keywords: [] })
      .where(ids.length ? notInArray(wechatNotices.templateId, ids) : undefined);
    await audit(tx);
  });
  return { count: templates.length };
}
