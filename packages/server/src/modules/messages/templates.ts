import { asc, eq, sql } from 'drizzle-orm';
import {
  MESSAGE_CODES,
  MESSAGE_EVENTS,
  MESSAGE_VARIABLES,
  SETTINGS_KEYS,
  SITE_DEFAULTS,
  placeholdersOf,
  renderTemplate,
  type ChannelState,
  type MessageCode,
  type MessageTemplateInput,
  type MessageTemplateRow,
  type MessageTemplateType,
  type MessageVariable,
} from '@agora/contract';
import type { AppContext } from '../../platform/context.js';
import type { AuditInTransaction } from '../../platform/audit.js';
import { AppError, badRequest } from '../../platform/errors.js';
import { enqueueJob } from '../../platform/jobs.js';
import { recordNotifications } from '../../platform/notifications.js';
import { readDocument } from '../../platform/settings.js';
import { preparedOnce } from '../../platform/statements.js';
import type { Db } from '../../db/client.js';
import type { Transaction } from '../../db/sql.js';
import { sendMail } from '../notice/service.js';
import { defaultTemplate } from './defaults.js';
import { messageTemplates } from './tables.js';

type TemplateRecord = typeof messageTemplates.$inferSelect;

/** Every event has its row (a new event code gets its default at the next start). */
export async function ensureMessageTemplates(db: Db): Promise<void> {
  await db.insert(messageTemplates).values(MESSAGE_CODES.map(defaultTemplate)).onConflictDoNothing({ target: messageTemplates.tplCode });
}

const eventOf = (code: string) => MESSAGE_EVENTS[code as MessageCode];

/** What a template's answer is made of (its update time is never shown). */
const rowColumns = {
  id: messageTemplates.id,
  tplCode: messageTemplates.tplCode,
  tplName: messageTemplates.tplName,
  type: messageTemplates.type,
  noticeState: messageTemplates.noticeState,
  noticeContent: messageTemplates.noticeContent,
  smsState: messageTemplates.smsState,
  smsContent: messageTemplates.smsContent,
  emailState: messageTemplates.emailState,
  emailTitle: messageTemplates.emailTitle,
  emailContent: messageTemplates.emailContent,
};

function toRow(row: Pick<TemplateRecord, keyof typeof rowColumns>): MessageTemplateRow {
  return {
    id: row.id,
    tpl_code: row.tplCode as MessageCode,
    tpl_name: row.tplName,
    type: row.type as MessageTemplateType,
    notice_state: row.noticeState as ChannelState,
    notice_content: row.noticeContent,
    sms_state: row.smsState as ChannelState,
    sms_content: row.smsContent,
    email_state: row.emailState as ChannelState,
    email_title: row.emailTitle,
    email_content: row.emailContent,
    variables: [...(eventOf(row.tplCode)?.vars ?? [])],
  };
}

// every template, and those of one type: prepared once (platform/statements.ts)
const allTemplates = preparedOnce('agora_message_templates', (db) => db.select(rowColumns).from(messageTemplates).orderBy(asc(messageTemplates.id)));
const templatesOfType = preparedOnce('agora_message_templates_of_type', (db) =>
  db.select(rowColumns).from(messageTemplates).where(eq(messageTemplates.type, sql.placeholder('type'))).orderBy(asc(messageTemplates.id)),
);

export async function listMessageTemplates(ctx: AppContext, type?: MessageTemplateType): Promise<MessageTemplateRow[]> {
  const rows = type ? await templatesOfType(ctx.db).execute({ type }) : await allTemplates(ctx.db).execute();
  return rows.map(toRow);
}

async function findTemplate(db: Db | Transaction, id: number): Promise<TemplateRecord> {
  const [row] = await db.select().from(messageTemplates).where(eq(messageTemplates.id, id));
  if (!row) throw new AppError(404, 'MESSAGE_TEMPLATE_NOT_FOUND');
  return row;
}

/** A template may only use what its event offers; the refusal names the strangers. */
function assertVariables(code: string, texts: string[]): void {
  const offered = new Set<string>(eventOf(code)?.vars ?? []);
  const unknown = [...new Set(texts.flatMap(placeholdersOf))].filter((name) => !offered.has(name));
  if (unknown.length > 0) throw badRequest('MESSAGE_TEMPLATE_UNKNOWN_VARS', { names: unknown.map((name) => `\${${name}}`).join('、') });
}

/** PUT admin/systems/message-templates/{id}: one channel's switch and text. */
export async function updateMessageTemplate(ctx: AppContext, id: number, input: MessageTemplateInput, audit: AuditInTransaction): Promise<MessageTemplateRow> {
  const row = await ctx.db.transaction(async (tx) => {
    const current = await findTemplate(tx, id);
    const title = input.channel === 'email' ? (input.email_title ?? '') : '';
    assertVariables(current.tplCode, [input.content, title]);
    const set =
      input.channel === 'notice'
        ? { noticeState: input.state, noticeContent: input.content }
        : input.channel === 'sms'
          ? { smsState: input.state, smsContent: input.content }
          : { emailState: input.state, emailTitle: title, emailContent: input.content };
    const [updated] = await tx.update(messageTemplates).set({ ...set, updatedAt: new Date() }).where(eq(messageTemplates.id, id)).returning();
    await audit(tx);
    return updated;
  });
  return toRow(row);
}

/** The email channel filled with each variable's name (【会员名称】), sent through the SMTP rotation. */
export async function sendTemplateTestMail(ctx: AppContext, id: number, email: string): Promise<void> {
  const row = await findTemplate(ctx.db, id);
  const sample = Object.fromEntries(Object.entries(MESSAGE_VARIABLES).map(([name, label]) => [name, `【${label.zh}】`]));
  const site = await readDocument(ctx.db, SETTINGS_KEYS.site, SITE_DEFAULTS);
  sample.site_name = site.site_name;
  await sendMail(ctx, { to: email, subject: renderTemplate(row.emailTitle || row.tplName, sample), text: renderTemplate(row.emailContent, sample) });
}

// ─── Sending ────────────────────────────────────────────────────────────────

export interface NoticeRecipient {
  type: 'MEMBER' | 'SHOP';
  /** the member's or the shop's id */
  id: number;
  /** as the history names it: the member's or the shop's name */
  name: string;
  email?: string;
  mobile?: string;
}

export type NoticeVars = Partial<Record<MessageVariable, string | number>>;

export const NOTICE_DELIVERY_KIND = 'messages.deliver';

export interface NoticeDelivery {
  channel: 'EMAIL' | 'SMS';
  to: string;
  title: string;
  content: string;
  receiverType: 'MEMBER' | 'SHOP';
  receiverId: number;
}

/**
 * A business event tells its recipient through the channels its template has open, in the
 * caller's transaction: the site message is written with the change; the mail and the SMS are
 * queued as a job in the same transaction, so they go out once the change has committed (and
 * never for a change that rolled back), through the SMTP rotation and the open SMS gateway.
 */
export async function notify(ctx: AppContext, tx: Transaction, code: MessageCode, recipient: NoticeRecipient, vars: NoticeVars): Promise<void> {
  const [template] = await tx.select().from(messageTemplates).where(eq(messageTemplates.tplCode, code));
  if (!template) return;
  const site = await readDocument(tx as unknown as Db, SETTINGS_KEYS.site, SITE_DEFAULTS);
  const values = { site_name: site.site_name, ...vars };
  const base = { receiverType: recipient.type, receiverId: recipient.id };
  if (template.noticeState === 'OPEN') {
    await recordNotifications(tx, [{ channel: 'STATION', ...base, receiver: recipient.name, title: template.tplName, content: renderTemplate(template.noticeContent, values) }]);
  }
  const deliveries: NoticeDelivery[] = [];
  if (template.emailState === 'OPEN' && recipient.email) {
    deliveries.push({ channel: 'EMAIL', to: recipient.email, title: renderTemplate(template.emailTitle, values), content: renderTemplate(template.emailContent, values), ...base });
  }
  if (template.smsState === 'OPEN' && recipient.mobile) {
    deliveries.push({ channel: 'SMS', to: recipient.mobile, title: template.tplName, content: renderTemplate(template.smsContent, values), ...base });
  }
  for (const delivery of deliveries) {
    await enqueueJob(ctx, { kind: NOTICE_DELIVERY_KIND, owner: null, params: { ...delivery, code }, filterSummary: `${template.tplName} → ${delivery.to}` }, tx);
  }
}

/** Sends one queued mail or SMS (the job of `notify`). */
export async function deliver(ctx: AppContext, delivery: NoticeDelivery): Promise<void> {
  if (delivery.channel === 'EMAIL') {
    await sendMail(ctx, { to: delivery.to, subject: delivery.title, text: delivery.content, receiverType: delivery.receiverType, receiverId: delivery.receiverId });
    return;
  }
  await ctx.sms.send({ mobile: delivery.to, scene: delivery.title, content: delivery.content, receiverType: delivery.receiverType, receiverId: delivery.receiverId });
}
