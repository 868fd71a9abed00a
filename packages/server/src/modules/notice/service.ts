import { count, eq, sql } from 'drizzle-orm';
import type nodemailerType from 'nodemailer';
import type { ReceiverType, SmtpInput, SmtpQuery, SmtpRow, SmtpTestResult } from '@agora/contract';
import type { AppContext } from '../../platform/context.js';
import type { AuditInTransaction } from '../../platform/audit.js';
import { AppError, badRequest } from '../../platform/errors.js';
import { listPage } from '../../platform/list.js';
import { unixSeconds } from '../../platform/time.js';
import { recordNotifications } from '../../platform/notifications.js';
import type { Db } from '../../db/client.js';
import { smtpAccounts } from './tables.js';
import { lazyRequire } from '../../platform/lazy.js';
import { assertOutboundHost, isOutboundRefusal, OUTBOUND_TIMEOUT_MS, outboundAddress } from '../../platform/outbound.js';

const nodemailer = lazyRequire<typeof nodemailerType>('nodemailer');

type SmtpRecord = typeof smtpAccounts.$inferSelect;

/** send_count belongs to send_day: on another day the account has sent nothing yet. */
const sentToday = sql<number>`case when ${smtpAccounts.sendDay} = current_date then ${smtpAccounts.sendCount} else 0 end`;

function toRow(row: SmtpRecord & { sentToday?: number }): SmtpRow {
  return {
    id: row.id,
    host: row.host,
    port: row.port,
    username: row.username,
    password_set: row.password !== '',
    open_ssl: row.openSsl === 1 ? 1 : 0,
    max_count: row.maxCount,
    mail_from: row.mailFrom,
    send_count: Number(row.sentToday ?? 0),
    last_send_time: row.lastSendTime ? unixSeconds(row.lastSendTime) : null,
    create_time: unixSeconds(row.createdAt),
  };
}

const selectRow = (db: Db) => db.select({ account: smtpAccounts, sentToday }).from(smtpAccounts);

export function listSmtpAccounts(ctx: AppContext, query: SmtpQuery) {
  return listPage(ctx.db, {
    query,
    table: smtpAccounts,
    id: smtpAccounts.id,
    where: [],
    statement: 'notice/service.listSmtpAccounts',
    rows: ({ where, orderBy, limit, offset }) => selectRow(ctx.db).where(where).orderBy(...orderBy).limit(limit).offset(offset),
    map: ({ account, sentToday: today }) => toRow({ ...account, sentToday: today }),
    idOf: (row) => row.id,
  });
}

async function getSmtpAccount(db: Db, id: number): Promise<SmtpRow> {
  const [row] = await selectRow(db).where(eq(smtpAccounts.id, id));
  if (!row) throw new AppError(404, 'SMTP_NOT_FOUND');
  return toRow({ ...row.account, sentToday: row.sentToday });
}

const columnsOf = (input: SmtpInput) => ({
  host: input.host,
  port: input.port,
  username: input.username,
  openSsl: input.open_ssl,
  maxCount: input.max_count,
  mailFrom: input.mail_from,
});

export async function createSmtpAccount(ctx: AppContext, input: SmtpInput, audit: AuditInTransaction): Promise<SmtpRow> {
  await assertOutboundHost(ctx, input.host);
  const id = await ctx.db.transaction(async (tx) => {
    const [row] = await tx.insert(smtpAccounts).values({ ...columnsOf(input), password: input.password }).returning({ id: smtpAccounts.id });
    await audit(tx);
    return row.id;
  });
  return getSmtpAccount(ctx.db, id);
}

/** An empty password keeps the stored one (it is never sent back to be re-sent). */
export async function updateSmtpAccount(ctx: AppContext, id: number, input: SmtpInput, audit: AuditInTransaction): Promise<SmtpRow> {
  await assertOutboundHost(ctx, input.host);
  await ctx.db.transaction(async (tx) => {
    const updated = await tx
      .update(smtpAccounts)
      .set({ ...columnsOf(input), ...(input.password !== '' ? { password: input.password } : {}) })
      .where(eq(smtpAccounts.id, id))
      .returning({ id: smtpAccounts.id });
    if (updated.length === 0) throw new AppError(404, 'SMTP_NOT_FOUND');
    await audit(tx);
  });
  return getSmtpAccount(ctx.db, id);
}

export async function removeSmtpAccount(ctx: AppContext, id: number, audit: AuditInTransaction): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    const removed = await tx.delete(smtpAccounts).where(eq(smtpAccounts.id, id)).returning({ id: smtpAccounts.id });
    if (removed.length === 0) throw new AppError(404, 'SMTP_NOT_FOUND');
    await audit(tx);
  });
}

// ─── Sending ────────────────────────────────────────────────────────────────

const CLAIM_ATTEMPTS = 5;

/**
 * Takes one send from the least recently used account below its daily maximum (or from the one
 * asked for), leaving out those in `skip`: the count goes up in the same statement that checks it,
 * so two senders never push an account past its maximum.
 */
async function claimAccount(db: Db, onlyId?: number, skip: readonly number[] = []): Promise<SmtpRecord> {
  const room = sql`(${smtpAccounts.sendDay} is distinct from current_date or ${smtpAccounts.sendCount} < ${smtpAccounts.maxCount})`;
  // the accounts that failed this mail already are not asked again
  const below = skip.length === 0 ? room : sql`${room} and ${smtpAccounts.id} not in (${sql.join(skip.map((id) => sql`${id}`), sql`, `)})`;
  for (let attempt = 0; attempt < CLAIM_ATTEMPTS; attempt++) {
    const only = onlyId === undefined ? sql`` : sql` and ${smtpAccounts.id} = ${onlyId}`;
    const claimed = await db
      .update(smtpAccounts)
      .set({
        sendCount: sql`case when ${smtpAccounts.sendDay} = current_date then ${smtpAccounts.sendCount} + 1 else 1 end`,
        sendDay: sql`current_date`,
        lastSendTime: new Date(),
      })
      .where(
        sql`${smtpAccounts.id} = (select ${smtpAccounts.id} from ${smtpAccounts} where ${below}${only} order by ${smtpAccounts.lastSendTime} asc nulls first, ${smtpAccounts.id} limit 1 for update) and ${below}`,
      )
      .returning();
    if (claimed[0]) return claimed[0];
    // The chosen account filled up while this waited for it: another may still have room.
    const [{ total }] = await db.select({ total: count() }).from(smtpAccounts).where(onlyId === undefined ? undefined : eq(smtpAccounts.id, onlyId));
    if (total === 0) throw onlyId === undefined ? badRequest('SMTP_NONE') : new AppError(404, 'SMTP_NOT_FOUND');
    const [{ open }] = await db.select({ open: count() }).from(smtpAccounts).where(onlyId === undefined ? below : sql`${below} and ${smtpAccounts.id} = ${onlyId}`);
    if (open === 0) break;
  }
  throw badRequest('SMTP_ALL_FULL');
}

export interface Mail {
  to: string;
  subject: string;
  text: string;
  html?: string;
  /** whom the notification history names (default: an administrator, as the test mails are) */
  receiverType?: ReceiverType;
  receiverId?: number;
}

/** How many accounts of the rotation one mail tries before it gives up. */
const SEND_ATTEMPTS = 3;

/**
 * Connects to the address the outbound policy checked, never to what the name resolves to later;
 * the name stays the TLS server name, so the certificate is still checked against it.
 */
async function deliver(ctx: AppContext, account: SmtpRecord, mail: Mail): Promise<unknown> {
  const address = await outboundAddress(ctx, account.host);
  const transport = nodemailer().createTransport({
    host: address,
    servername: account.host,
    port: account.port,
    secure: account.openSsl === 1,
    auth: account.password ? { user: account.username, pass: account.password } : undefined,
    connectionTimeout: OUTBOUND_TIMEOUT_MS,
    greetingTimeout: OUTBOUND_TIMEOUT_MS,
    socketTimeout: OUTBOUND_TIMEOUT_MS,
  });
  return transport.sendMail({ from: account.mailFrom, to: mail.to, subject: mail.subject, text: mail.text, html: mail.html }).finally(() => transport.close());
}

/**
 * A refusal of the policy as it is (nothing was connected to); any other failure one message, so
 * the operator cannot tell a closed port from an open one or from a refused password by it. What
 * happened goes to the server log.
 */
function sendFailure(ctx: AppContext, account: SmtpRecord, error: unknown): AppError {
  if (isOutboundRefusal(error)) return error;
  const { code, responseCode, command } = error as { code?: string; responseCode?: number; command?: string };
  ctx.log.warn({ smtpId: account.id, host: account.host, port: account.port, code, responseCode, command, reason: (error as Error).message?.slice(0, 300) }, 'SMTP send failed');
  return badRequest('SMTP_SEND_FAILED');
}

/**
 * Sends one mail through the rotation (or the account asked for) and records it in the
 * notification history. An account of the rotation that fails (a server down, a password
 * changed) does not fail the mail: the next account below its maximum is tried, up to
 * SEND_ATTEMPTS; the last failure is what the caller hears when none delivers.
 */
export async function sendMail(ctx: AppContext, mail: Mail, onlyId?: number): Promise<SmtpRecord> {
  const failed: number[] = [];
  let failure: AppError | undefined;
  while (failed.length < SEND_ATTEMPTS) {
    let account: SmtpRecord;
    try {
      account = await claimAccount(ctx.db, onlyId, failed);
    } catch (error) {
      // no other account is left to try: the send failure says more than "all full"
      throw failure ?? error;
    }
    try {
      await deliver(ctx, account, mail);
    } catch (error) {
      failure = sendFailure(ctx, account, error);
      if (onlyId !== undefined) throw failure;
      failed.push(account.id);
      continue;
    }
    await recordNotifications(ctx.db, [{ channel: 'EMAIL', receiverType: mail.receiverType ?? 'ADMIN', receiverId: mail.receiverId, receiver: mail.to, title: mail.subject, content: mail.text }]);
    return account;
  }
  throw failure!;
}

export async function sendTestMail(ctx: AppContext, email: string, smtpId?: number): Promise<SmtpTestResult> {
  const account = await sendMail(
    ctx,
    { to: email, subject: 'Agora 测试邮件', text: '这是一封来自 Agora 管理后台的测试邮件，收到即说明SMTP设置可用。' },
    smtpId,
  );
  return { smtp_id: account.id, mail_from: account.mailFrom };
}
