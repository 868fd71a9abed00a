import { and, eq, gte, inArray, isNotNull, lte, sql } from 'drizzle-orm';
import {
  maskPhone,
  mobileSchema,
  splitMobiles,
  type SmsAuditState,
  type SmsRecordQuery,
  type SmsRecordRow,
  type SmsSignInput,
  type SmsSignQuery,
  type SmsSignRow,
  type SmsSyncResult,
  type SmsTaskInput,
  type SmsTaskProgress,
  type SmsTaskQuery,
  type SmsTaskRow,
  type SmsTemplateInput,
  type SmsTemplateQuery,
  type SmsTemplateRow,
} from '@agora/contract';
import type { AuthedAdmin } from '../../platform/auth.js';
import type { AuditInTransaction } from '../../platform/audit.js';
import type { AppContext } from '../../platform/context.js';
import { AppError, badRequest } from '../../platform/errors.js';
import { enqueueJob } from '../../platform/jobs.js';
import { listPage } from '../../platform/list.js';
import { preparedOnce } from '../../platform/statements.js';
import { unixSeconds } from '../../platform/time.js';
import { refuseDuplicates } from '../../platform/unique.js';
import type { Db } from '../../db/client.js';
import type { Transaction } from '../../db/sql.js';
import { members } from '../members/tables.js';
import { assertAuditAllowed, taskRefusal, TASK_ACTIONS, type AuditAction } from './flow.js';
import { openProvider, providerStatuses, submitToProvider, type ProviderKind } from './provider.js';
import { smsRecords, smsSigns, smsTasks, smsTemplates } from './tables.js';

refuseDuplicates({ sms_signs_name_uq: 'SMS_SIGN_NAME_TAKEN', sms_templates_name_uq: 'SMS_TEMPLATE_NAME_TAKEN' });

export const SMS_SEND_KIND = 'sms.send';

type SignRecord = typeof smsSigns.$inferSelect;
type TemplateRecord = typeof smsTemplates.$inferSelect;
type TaskRecord = typeof smsTasks.$inferSelect;

const signRow = (row: SignRecord): SmsSignRow => ({
  id: row.id,
  sign_name: row.signName,
  remark: row.remark,
  audit_status: row.auditStatus as SmsAuditState,
  audit_reason: row.auditReason,
  create_time: unixSeconds(row.createdAt),
  update_time: unixSeconds(row.updatedAt),
});

const templateRow = (row: Omit<TemplateRecord, 'bizId'>): SmsTemplateRow => ({
  id: row.id,
  template_name: row.templateName,
  template_type: row.templateType as SmsTemplateRow['template_type'],
  content: row.content,
  remark: row.remark,
  audit_status: row.auditStatus as SmsAuditState,
  audit_reason: row.auditReason,
  enable_status: row.enableStatus === 1 ? 1 : 0,
  create_time: unixSeconds(row.createdAt),
  update_time: unixSeconds(row.updatedAt),
});

const seconds = (date: Date | null) => (date ? unixSeconds(date) : null);

const taskRow = (row: TaskRecord): SmsTaskRow => ({
  id: row.id,
  sign_name: row.signName,
  template_name: row.templateName,
  content: row.content,
  send_type: row.sendType as SmsTaskRow['send_type'],
  send_time: seconds(row.sendTime),
  recipient_type: row.recipientType as SmsTaskRow['recipient_type'],
  status: row.status as SmsTaskRow['status'],
  total: row.total,
  success_count: row.successCount,
  fail_count: row.failCount,
  operator_name: row.operatorName,
  create_time: unixSeconds(row.createdAt),
  start_time: seconds(row.startedAt),
  end_time: seconds(row.finishedAt),
});

// ─── Signatures and templates: one set of rules over two tables ─────────────

const AUDITED = {
  sign: { table: smsSigns, notFound: 'SMS_SIGN_NOT_FOUND' },
  template: { table: smsTemplates, notFound: 'SMS_TEMPLATE_NOT_FOUND' },
} as const;

async function lockAudited(tx: Transaction, kind: ProviderKind, id: number) {
  const { table, notFound } = AUDITED[kind];
  const [row] = await tx.select({ auditStatus: table.auditStatus }).from(table).where(eq(table.id, id)).for('update');
  if (!row) throw new AppError(404, notFound);
  return row;
}

/** Locks the row, asks the flow, then runs the write and its log line — all in one transaction. */
async function changeAudited(ctx: AppContext, kind: ProviderKind, id: number, action: AuditAction, write: (tx: Transaction) => Promise<unknown>, audit: AuditInTransaction) {
  await ctx.db.transaction(async (tx) => {
    const row = await lockAudited(tx, kind, id);
    assertAuditAllowed(kind, row.auditStatus, action);
    await write(tx);
    await audit(tx);
  });
}

export function listSigns(ctx: AppContext, query: SmsSignQuery) {
  return listPage(ctx.db, {
    query,
    table: smsSigns,
    id: smsSigns.id,
    where: [query.audit_status ? eq(smsSigns.auditStatus, query.audit_status) : undefined],
    statement: 'sms/service.listSigns',
    rows: ({ where, orderBy, limit, offset }) => ctx.db.select().from(smsSigns).where(where).orderBy(...orderBy).limit(limit).offset(offset),
    map: signRow,
    idOf: (row) => row.id,
  });
}

async function getSign(db: Db, id: number): Promise<SmsSignRow> {
  const [row] = await db.select().from(smsSigns).where(eq(smsSigns.id, id));
  if (!row) throw new AppError(404, 'SMS_SIGN_NOT_FOUND');
  return signRow(row);
}

export async function addSign(ctx: AppContext, input: SmsSignInput, audit: AuditInTransaction): Promise<SmsSignRow> {
  const id = await ctx.db.transaction(async (tx) => {
    const [row] = await tx.insert(smsSigns).values({ signName: input.sign_name, remark: input.remark }).returning({ id: smsSigns.id });
    await audit(tx);
    return row.id;
  });
  return getSign(ctx.db, id);
}

export async function editSign(ctx: AppContext, id: number, input: SmsSignInput, audit: AuditInTransaction): Promise<SmsSignRow> {
  await changeAudited(ctx, 'sign', id, 'EDIT', (tx) => tx.update(smsSigns).set({ signName: input.sign_name, remark: input.remark, updatedAt: new Date() }).where(eq(smsSigns.id, id)), audit);
  return getSign(ctx.db, id);
}

export async function removeSign(ctx: AppContext, id: number, audit: AuditInTransaction): Promise<void> {
  await changeAudited(ctx, 'sign', id, 'DELETE', (tx) => tx.delete(smsSigns).where(eq(smsSigns.id, id)), audit);
}

export function listTemplates(ctx: AppContext, query: SmsTemplateQuery) {
  return listPage(ctx.db, {
    query,
    table: smsTemplates,
    id: smsTemplates.id,
    where: [
      query.audit_status ? eq(smsTemplates.auditStatus, query.audit_status) : undefined,
      query.template_type ? eq(smsTemplates.templateType, query.template_type) : undefined,
      query.enable_status !== undefined ? eq(smsTemplates.enableStatus, query.enable_status) : undefined,
    ],
    statement: 'sms/service.listTemplates',
    rows: ({ where, orderBy, limit, offset }) => ctx.db.select().from(smsTemplates).where(where).orderBy(...orderBy).limit(limit).offset(offset),
    map: templateRow,
    idOf: (row) => row.id,
  });
}

// the template's detail, prepared once (platform/statements.ts): the columns templateRow reads
const templateById = preparedOnce('agora_sms_template_detail', (db) =>
  db
    .select({
      id: smsTemplates.id,
      templateName: smsTemplates.templateName,
      templateType: smsTemplates.templateType,
      content: smsTemplates.content,
      remark: smsTemplates.remark,
      auditStatus: smsTemplates.auditStatus,
      auditReason: smsTemplates.auditReason,
      enableStatus: smsTemplates.enableStatus,
      createdAt: smsTemplates.createdAt,
      updatedAt: smsTemplates.updatedAt,
    })
    .from(smsTemplates)
    .where(eq(smsTemplates.id, sql.placeholder('id'))),
);

export async function getTemplate(db: Db, id: number): Promise<SmsTemplateRow> {
  const [row] = await templateById(db).execute({ id });
  if (!row) throw new AppError(404, 'SMS_TEMPLATE_NOT_FOUND');
  return templateRow(row);
}

const templateColumns = (input: SmsTemplateInput) => ({ templateName: input.template_name, templateType: input.template_type, content: input.content, remark: input.remark });

export async function addTemplate(ctx: AppContext, input: SmsTemplateInput, audit: AuditInTransaction): Promise<SmsTemplateRow> {
  const id = await ctx.db.transaction(async (tx) => {
    const [row] = await tx.insert(smsTemplates).values(templateColumns(input)).returning({ id: smsTemplates.id });
    await audit(tx);
    return row.id;
  });
  return getTemplate(ctx.db, id);
}

export async function editTemplate(ctx: AppContext, id: number, input: SmsTemplateInput, audit: AuditInTransaction): Promise<SmsTemplateRow> {
  await changeAudited(ctx, 'template', id, 'EDIT', (tx) => tx.update(smsTemplates).set({ ...templateColumns(input), updatedAt: new Date() }).where(eq(smsTemplates.id, id)), audit);
  return getTemplate(ctx.db, id);
}

export async function removeTemplate(ctx: AppContext, id: number, audit: AuditInTransaction): Promise<void> {
  await changeAudited(ctx, 'template', id, 'DELETE', (tx) => tx.delete(smsTemplates).where(eq(smsTemplates.id, id)), audit);
}

/** Only a template that passed the audit may be enabled; disabling is always allowed. */
export async function enableTemplate(ctx: AppContext, id: number, enable: number, audit: AuditInTransaction): Promise<SmsTemplateRow> {
  await ctx.db.transaction(async (tx) => {
    const row = await lockAudited(tx, 'template', id);
    if (enable === 1 && row.auditStatus !== 'PASS') throw badRequest('SMS_TEMPLATE_NOT_PASSED');
    await tx.update(smsTemplates).set({ enableStatus: enable, updatedAt: new Date() }).where(eq(smsTemplates.id, id));
    await audit(tx);
  });
  return getTemplate(ctx.db, id);
}

/**
 * Submits a signature or template to the provider. The state is checked before the call (so a
 * refused submit asks nothing) and again under the row lock after it: of two operators submitting
 * at once one is refused, and its provider submission is left unused.
 */
async function submitAudited(ctx: AppContext, kind: ProviderKind, id: number, payload: (row: SignRecord | TemplateRecord) => Record<string, string>, audit: AuditInTransaction) {
  const { table, notFound } = AUDITED[kind];
  const [current] = await ctx.db.select().from(table).where(eq(table.id, id));
  if (!current) throw new AppError(404, notFound);
  assertAuditAllowed(kind, current.auditStatus, 'SUBMIT');
  const provider = await openProvider(ctx.db);
  if (!provider) throw badRequest('SMS_AUDIT_NEEDS_GATEWAY');
  const bizId = await submitToProvider(ctx, provider, kind, payload(current));
  await changeAudited(
    ctx,
    kind,
    id,
    'SUBMIT',
    (tx) => tx.update(table).set({ auditStatus: 'AUDITING', auditReason: '', bizId, updatedAt: new Date() }).where(eq(table.id, id)),
    audit,
  );
}

export async function submitSign(ctx: AppContext, id: number, audit: AuditInTransaction): Promise<SmsSignRow> {
  await submitAudited(ctx, 'sign', id, (row) => ({ sign_name: (row as SignRecord).signName, remark: row.remark }), audit);
  return getSign(ctx.db, id);
}

export async function submitTemplate(ctx: AppContext, id: number, audit: AuditInTransaction): Promise<SmsTemplateRow> {
  await submitAudited(
    ctx,
    'template',
    id,
    (row) => {
      const template = row as TemplateRecord;
      return { template_name: template.templateName, template_type: template.templateType, content: template.content, remark: template.remark };
    },
    audit,
  );
  return getTemplate(ctx.db, id);
}

/**
 * Asks the provider about everything AUDITING and writes what it decided. Each row moves only
 * from AUDITING under the id it was submitted with, so an answer about an older submission never
 * overwrites a newer one. Nothing to ask while the outbox is open.
 */
export async function syncAudits(ctx: AppContext): Promise<SmsSyncResult> {
  const result: SmsSyncResult = { signs: 0, templates: 0 };
  const provider = await openProvider(ctx.db);
  if (!provider) return result;
  for (const kind of ['sign', 'template'] as const) {
    const { table } = AUDITED[kind];
    const pending = await ctx.db
      .select({ id: table.id, bizId: table.bizId })
      .from(table)
      .where(and(eq(table.auditStatus, 'AUDITING'), isNotNull(table.bizId)))
      .orderBy(table.id)
      .limit(500);
    const statuses = await providerStatuses(ctx, provider, kind, pending.map((row) => row.bizId!));
    for (const status of statuses) {
      if (status.status === 'AUDITING') continue;
      const moved = await ctx.db
        .update(table)
        .set({ auditStatus: status.status, auditReason: status.status === 'NOT_PASS' ? status.reason ?? '' : '', updatedAt: new Date() })
        .where(and(eq(table.auditStatus, 'AUDITING'), eq(table.bizId, status.biz_id)))
        .returning({ id: table.id });
      result[kind === 'sign' ? 'signs' : 'templates'] += moved.length;
    }
  }
  return result;
}

// ─── Send tasks ─────────────────────────────────────────────────────────────

export function listTasks(ctx: AppContext, query: SmsTaskQuery) {
  return listPage(ctx.db, {
    query,
    table: smsTasks,
    id: smsTasks.id,
    where: [query.status ? eq(smsTasks.status, query.status) : undefined],
    statement: 'sms/service.listTasks',
    rows: ({ where, orderBy, limit, offset }) => ctx.db.select().from(smsTasks).where(where).orderBy(...orderBy).limit(limit).offset(offset),
    map: taskRow,
    idOf: (row) => row.id,
  });
}

async function getTask(db: Db, id: number): Promise<SmsTaskRow> {
  const [row] = await db.select().from(smsTasks).where(eq(smsTasks.id, id));
  if (!row) throw new AppError(404, 'SMS_TASK_NOT_FOUND');
  return taskRow(row);
}

const RECORD_CHUNK = 500;

/**
 * NOT_STARTED → STARTED: the conditional update is the decision (a recall made first leaves it
 * nothing to change); the records are written and the send job queued in the same transaction.
 */
export async function startTask(ctx: AppContext, tx: Transaction, id: number, lang: 'zh' | 'en' = 'zh'): Promise<boolean> {
  const action = TASK_ACTIONS.START;
  const [task] = await tx
    .update(smsTasks)
    .set({ status: action.to, startedAt: new Date() })
    .where(and(eq(smsTasks.id, id), eq(smsTasks.status, action.from)))
    .returning();
  if (!task) return false;
  for (let at = 0; at < task.recipients.length; at += RECORD_CHUNK) {
    await tx.insert(smsRecords).values(
      task.recipients.slice(at, at + RECORD_CHUNK).map((recipient) => ({ taskId: task.id, memberId: recipient.member_id, mobile: recipient.mobile, content: task.content })),
    );
  }
  await enqueueJob(ctx, { kind: SMS_SEND_KIND, owner: task.operatorId ? { id: task.operatorId, name: task.operatorName } : null, params: { task_id: task.id }, filterSummary: `SMS #${task.id}`, lang }, tx);
  return true;
}

async function recipientsOf(tx: Transaction, input: SmsTaskInput): Promise<{ mobile: string; member_id: number | null }[]> {
  if (input.recipient_type === 'MOBILE') return splitMobiles(input.mobiles).map((mobile) => ({ mobile: mobileSchema.parse(mobile), member_id: null }));
  const rows = await tx
    .select({ id: members.id, mobile: members.mobile })
    .from(members)
    .where(and(inArray(members.id, input.member_ids), sql`${members.mobile} <> ''`))
    .orderBy(members.id);
  if (rows.length === 0) throw badRequest('SMS_MEMBERS_WITHOUT_MOBILE');
  return rows.map((row) => ({ mobile: row.mobile, member_id: row.id }));
}

/**
 * A send task with a PASS signature and an enabled PASS template (both locked against a change
 * while it is made): QUICKLY starts at once, TIMING waits for the scheduled task.
 */
export async function addTask(ctx: AppContext, admin: AuthedAdmin, input: SmsTaskInput, audit: AuditInTransaction, lang: 'zh' | 'en'): Promise<SmsTaskRow> {
  const id = await ctx.db.transaction(async (tx) => {
    const [sign] = await tx.select().from(smsSigns).where(eq(smsSigns.id, input.sign_id)).for('share');
    if (!sign || sign.auditStatus !== 'PASS') throw badRequest('SMS_SIGN_UNUSABLE');
    const [template] = await tx.select().from(smsTemplates).where(eq(smsTemplates.id, input.template_id)).for('share');
    if (!template || template.auditStatus !== 'PASS' || template.enableStatus !== 1) throw badRequest('SMS_TEMPLATE_UNUSABLE');
    const recipients = await recipientsOf(tx, input);
    const [task] = await tx
      .insert(smsTasks)
      .values({
        signId: sign.id,
        signName: sign.signName,
        templateId: template.id,
        templateName: template.templateName,
        content: `【${sign.signName}】${template.content}`,
        sendType: input.send_type,
        sendTime: input.send_type === 'TIMING' ? new Date(input.send_time! * 1000) : null,
        recipientType: input.recipient_type,
        recipients,
        total: recipients.length,
        operatorId: admin.id,
        operatorName: admin.username,
      })
      .returning({ id: smsTasks.id });
    if (input.send_type === 'QUICKLY') await startTask(ctx, tx, task.id, lang);
    await audit(tx);
    return task.id;
  });
  return getTask(ctx.db, id);
}

/** NOT_STARTED → RECALL, decided by the same kind of conditional update as the start. */
export async function recallTask(ctx: AppContext, id: number, audit: AuditInTransaction): Promise<SmsTaskRow> {
  await ctx.db.transaction(async (tx) => {
    const action = TASK_ACTIONS.RECALL;
    const [moved] = await tx
      .update(smsTasks)
      .set({ status: action.to, finishedAt: new Date() })
      .where(and(eq(smsTasks.id, id), eq(smsTasks.status, action.from)))
      .returning({ id: smsTasks.id });
    if (!moved) {
      const [row] = await tx.select({ status: smsTasks.status }).from(smsTasks).where(eq(smsTasks.id, id));
      if (!row) throw new AppError(404, 'SMS_TASK_NOT_FOUND');
      throw taskRefusal(row.status, 'RECALL');
    }
    await audit(tx);
  });
  return getTask(ctx.db, id);
}

/** Starts the timed tasks that are due (oldest first), each in its own transaction. */
export async function startDueTasks(ctx: AppContext, now: Date): Promise<number> {
  const due = await ctx.db
    .select({ id: smsTasks.id })
    .from(smsTasks)
    .where(and(eq(smsTasks.status, 'NOT_STARTED'), lte(smsTasks.sendTime, now)))
    .orderBy(smsTasks.sendTime)
    .limit(100);
  let started = 0;
  for (const { id } of due) {
    if (await ctx.db.transaction((tx) => startTask(ctx, tx, id))) started++;
  }
  return started;
}

export async function taskProgress(ctx: AppContext, ids: number[]): Promise<SmsTaskProgress[]> {
  const rows = await ctx.db.select().from(smsTasks).where(inArray(smsTasks.id, ids)).orderBy(smsTasks.id);
  return rows.map((row) => ({ id: row.id, status: row.status as SmsTaskProgress['status'], total: row.total, success_count: row.successCount, fail_count: row.failCount }));
}

// ─── Records ────────────────────────────────────────────────────────────────

export function listRecords(ctx: AppContext, query: SmsRecordQuery) {
  const mobile = query.mobile ? mobileSchema.safeParse(query.mobile) : undefined;
  return listPage(ctx.db, {
    query,
    table: smsRecords,
    id: smsRecords.id,
    where: [
      query.task_id ? eq(smsRecords.taskId, query.task_id) : undefined,
      query.mobile ? eq(smsRecords.mobile, mobile?.success ? mobile.data : query.mobile) : undefined,
      query.status ? eq(smsRecords.status, query.status) : undefined,
      query.start_time !== undefined ? gte(smsRecords.createdAt, new Date(query.start_time * 1000)) : undefined,
      query.end_time !== undefined ? lte(smsRecords.createdAt, new Date(query.end_time * 1000)) : undefined,
    ],
    statement: 'sms/service.listRecords',
    rows: ({ where, orderBy, limit, offset }) => ctx.db.select().from(smsRecords).where(where).orderBy(...orderBy).limit(limit).offset(offset),
    map: (row): SmsRecordRow => ({
      id: row.id,
      task_id: row.taskId,
      mobile: maskPhone(row.mobile),
      member_id: row.memberId,
      content: row.content,
      status: row.status as SmsRecordRow['status'],
      fail_reason: row.failReason,
      create_time: unixSeconds(row.createdAt),
      send_time: seconds(row.sentAt),
    }),
    idOf: (row) => row.id,
  });
}
