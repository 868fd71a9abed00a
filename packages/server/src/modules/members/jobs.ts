/**
 * The member list's export and the member import, as background jobs (docs/jobs.md).
 */
import crypto from 'node:crypto';
import { eq } from 'drizzle-orm';
import {
  MEMBER_IMPORT_COLUMNS,
  MEMBER_IMPORT_MAX_MB,
  MEMBER_SORTS,
  memberImportRow,
  memberListQuery,
  type MemberImportKey,
  type MemberListQuery,
  type MemberRow,
} from '@agora/contract';
import { systemLogs } from '../system-logs/tables.js';
import type { AppContext } from '../../platform/context.js';
import { AppError } from '../../platform/errors.js';
import { enqueueJob, registerJobKind, type JobRecord } from '../../platform/jobs.js';
import { hashPassword, md5 } from '../../platform/passwords.js';
import { fromUnixSeconds, platformDateTime } from '../../platform/time.js';
import { exportJob } from '../../platform/xlsx-export.js';
import { errorReport, importTemplate, importInBatches, inspectImportFile, refusedRows, XLSX_TYPE, type RowError, type SheetRow } from '../../platform/xlsx-import.js';
import { countMembers, insertMembers, memberBatches } from './service.js';
import { memberLevels } from './tables.js';

// ─── Export ─────────────────────────────────────────────────────────────────

const time = (seconds: number | null) => (seconds === null ? '' : platformDateTime(fromUnixSeconds(seconds)));
const SORT_WORDS: Record<(typeof MEMBER_SORTS)[number], string> = { create_time: '注册时间', last_login: '最后登录', consum_point: '消费积分', balance: '预存款' };

/** The list's filters in words: 会员等级：黄金会员；性别：女；按注册时间降序. */
async function describeMemberQuery(ctx: AppContext, query: MemberListQuery): Promise<string> {
  const parts: string[] = [];
  if (query.disabled === -1) parts.push('回收站');
  if (query.keyword) parts.push(`关键字：${query.keyword}`);
  if (query.uname) parts.push(`会员名称：${query.uname}`);
  if (query.mobile) parts.push(`手机号：${query.mobile}`);
  if (query.email) parts.push(`邮箱：${query.email}`);
  if (query.sex !== undefined) parts.push(`性别：${query.sex === 0 ? '女' : '男'}`);
  if (query.level_id !== undefined) {
    const [level] = await ctx.db.select({ name: memberLevels.levelName }).from(memberLevels).where(eq(memberLevels.id, query.level_id));
    parts.push(`会员等级：${level?.name ?? `#${query.level_id}`}`);
  }
  if (query.start_time !== undefined || query.end_time !== undefined) {
    const day = (seconds: number | undefined) => (seconds === undefined ? '' : time(seconds).slice(0, 10));
    parts.push(`注册时间：${day(query.start_time)} ~ ${day(query.end_time)}`);
  }
  parts.push(`按${SORT_WORDS[query.sort]}${query.order === 'asc' ? '升序' : '降序'}`);
  return (parts.length === 1 ? ['全部会员', ...parts] : parts).join('；');
}

export const memberExport = exportJob<MemberListQuery, MemberRow>('member.export', {
  title: { zh: '会员列表', en: 'Members' },
  params: memberListQuery,
  columns: [
    { header: { zh: '会员ID', en: 'ID' }, value: (row) => row.member_id, width: 10 },
    { header: { zh: '会员名称', en: 'Member name' }, value: (row) => row.uname },
    { header: { zh: '昵称', en: 'Nickname' }, value: (row) => row.nickname },
    // Masked as the list shows it (spec §9): an export is no way around the mask.
    { header: { zh: '手机号', en: 'Mobile' }, value: (row) => row.mobile },
    { header: { zh: '邮箱', en: 'Email' }, value: (row) => row.email, width: 24 },
    { header: { zh: '性别', en: 'Sex' }, value: (row) => (row.sex === 0 ? '女' : '男'), width: 8 },
    { header: { zh: '会员等级', en: 'Level' }, value: (row) => row.level_name },
    { header: { zh: '等级积分', en: 'Level points' }, value: (row) => row.grade_point, width: 10 },
    { header: { zh: '消费积分', en: 'Points' }, value: (row) => row.consum_point, width: 10 },
    { header: { zh: '预存款(元)', en: 'Balance (yuan)' }, value: (row) => row.balance, width: 12 },
    { header: { zh: '注册时间', en: 'Registered' }, value: (row) => time(row.create_time), width: 20 },
    { header: { zh: '最后登录', en: 'Last login' }, value: (row) => time(row.last_login), width: 20 },
    { header: { zh: '登录次数', en: 'Logins' }, value: (row) => row.login_count, width: 10 },
    { header: { zh: '注册来源', en: 'Source' }, value: (row) => row.register_source, width: 10 },
    { header: { zh: '状态', en: 'Status' }, value: (row) => (row.disabled === -1 ? '已禁用' : '正常'), width: 8 },
  ],
  describe: (ctx, query) => describeMemberQuery(ctx, query),
  count: countMembers,
  batches: memberBatches,
});

// ─── Import ─────────────────────────────────────────────────────────────────

export const MEMBER_IMPORT_KIND = 'member.import';
/** Rows per transaction (and between two cancel checks). */
export const IMPORT_BATCH = 500;
/** The report lists at most this many refused rows; the count covers them all. */
const MAX_REPORTED_ERRORS = 10_000;

const COLUMN_TITLE = new Map<string, string>(MEMBER_IMPORT_COLUMNS.map((column) => [column.key, column.zh]));
/** The column a refusal of the add is about. */
const CODE_COLUMN: Record<string, MemberImportKey> = { MEMBER_UNAME_TAKEN: 'uname', MEMBER_MOBILE_TAKEN: 'mobile', LEVEL_NOT_FOUND: 'level_name' };

interface ImportParams {
  sourceKey: string;
  fileName: string;
  size: number;
  ip: string;
}

/** Saved with every committed batch: a resumed attempt goes on after `row`. */
interface ImportCheckpoint {
  row: number;
  imported: number;
  failed: number;
  errors: RowError[];
  /** the audit line is written (in the last batch's transaction) */
  logged?: boolean;
}

export const MEMBER_IMPORT_NOTES = [
  '第一行为表头，请勿修改列名；从第二行起每行一个会员。带 * 的列必填。',
  '会员名称：2-20个字符，中文、字母、数字和 _ . @ -，不能与已有会员重复。',
  '手机号：必填且唯一；境外号码请写成 +国家码号码，如 +447911123456。',
  '初始密码：6-20位英文或数字；不填时会员需通过短信验证码登录后设置密码。',
  '性别：男 或 女，不填为男。生日：YYYY-MM-DD。会员等级：填写已有等级的名称，不填为默认等级。',
  `每个文件不超过 ${MEMBER_IMPORT_MAX_MB}MB。校验不通过的行不会导入，可在导入记录中下载错误报告。`,
];

export const memberImportTemplate = () => importTemplate('会员导入', MEMBER_IMPORT_COLUMNS, MEMBER_IMPORT_NOTES);

/**
 * Checks an uploaded sheet and queues its import. A refused file (type, size, empty, missing
 * columns) is refused with the reason and leaves nothing stored and no job.
 */
export async function enqueueMemberImport(
  ctx: AppContext,
  owner: { id: number; name: string },
  file: { name: string; bytes: Buffer },
  ip: string,
): Promise<JobRecord> {
  await inspectImportFile(file, MEMBER_IMPORT_COLUMNS, MEMBER_IMPORT_MAX_MB);
  const sourceKey = `imports/${new Date().getUTCFullYear()}/${crypto.randomUUID()}.xlsx`;
  await ctx.storage.put(sourceKey, file.bytes, XLSX_TYPE);
  const params: ImportParams = { sourceKey, fileName: file.name.slice(0, 200), size: file.bytes.length, ip };
  try {
    return await enqueueJob(ctx, { kind: MEMBER_IMPORT_KIND, owner, params: { ...params }, filterSummary: params.fileName });
  } catch (error) {
    await ctx.storage.delete(sourceKey);
    throw error;
  }
}

type Candidate = { row: number; input: ReturnType<typeof memberImportRow.parse> & { level_id: number | null }; passwordHash: string };

/** Validates one sheet row with the contract's schema; the level's name becomes its id. */
function validate(row: SheetRow, levels: Map<string, number>): { candidate?: Omit<Candidate, 'passwordHash'>; errors: RowError[] } {
  // An empty optional cell takes the add's default; the required ones stay to be refused in words.
  const given = Object.fromEntries(Object.entries(row.values).filter(([key, value]) => value !== '' || key === 'uname' || key === 'mobile'));
  const parsed = memberImportRow.safeParse(given);
  const errors: RowError[] = [];
  if (!parsed.success) {
    const seen = new Set<string>();
    for (const issue of parsed.error.issues) {
      const key = String(issue.path[0] ?? '');
      if (seen.has(key)) continue;
      seen.add(key);
      errors.push({ row: row.number, column: COLUMN_TITLE.get(key) ?? '', message: issue.message });
    }
  }
  const levelName = row.values.level_name?.trim() ?? '';
  const levelId = levelName ? levels.get(levelName) : null;
  if (levelId === undefined) errors.push({ row: row.number, column: COLUMN_TITLE.get('level_name')!, message: '会员等级不存在' });
  if (errors.length > 0 || !parsed.success) return { errors };
  return { candidate: { row: row.number, input: { ...parsed.data, level_id: levelId ?? null } }, errors };
}

registerJobKind(MEMBER_IMPORT_KIND, {
  operateType: 'IMPORT',
  label: { zh: '会员导入', en: 'Member import' },
  // Each batch commits with its checkpoint: a resumed attempt skips the rows already imported.
  restartable: true,
  async run(job, { ctx, progress, isCancelled, commitBatch }) {
    const params = job.params as ImportParams;
    const source = await ctx.storage.read(params.sourceKey);
    if (!source) throw new AppError(400, 'IMPORT_SOURCE_GONE');
    const state: ImportCheckpoint = (job.checkpoint as ImportCheckpoint | null) ?? { row: 1, imported: 0, failed: 0, errors: [] };
    const levels = new Map((await ctx.db.select({ id: memberLevels.id, name: memberLevels.levelName }).from(memberLevels)).map((level) => [level.name, level.id]));
    let bytesRead = 0;
    const word = () => `已处理至第 ${state.row} 行：成功 ${state.imported} 条，失败 ${state.failed} 条`;

    const importBatch = async (rows: SheetRow[]) => {
      const checked = rows.map((row) => validate(row, levels));
      const candidates = checked.flatMap((check) => (check.candidate ? [check.candidate] : []));
      // Hashing is the slow part of an add: done before the transaction, side by side on the thread pool.
      const ready: Candidate[] = await Promise.all(
        candidates.map(async (candidate) => ({ ...candidate, passwordHash: candidate.input.password ? await hashPassword(md5(candidate.input.password)) : '' })),
      );
      const lastRow = rows[rows.length - 1].number;
      const attempt = () =>
        commitBatch(
          async (tx) => {
            const refused: RowError[] = checked.flatMap((check) => check.errors);
            const outcomes = await insertMembers(
              tx,
              ready.map((candidate) => ({ input: candidate.input, passwordHash: candidate.passwordHash, region: {} })),
              params.ip,
            );
            outcomes.forEach((outcome, index) => {
              if (!('refused' in outcome)) return;
              const key = CODE_COLUMN[outcome.refused.code];
              refused.push({ row: ready[index].row, column: key ? COLUMN_TITLE.get(key)! : '', message: outcome.refused.localized('zh') });
            });
            refused.sort((a, b) => a.row - b.row);
            return { inserted: outcomes.length - outcomes.filter((outcome) => 'refused' in outcome).length, refused };
          },
          ({ inserted, refused }) => ({
            row: lastRow,
            imported: state.imported + inserted,
            failed: state.failed + refusedRows(refused),
            errors: [...state.errors, ...refused].slice(0, MAX_REPORTED_ERRORS),
          }),
        );
      // A member added by someone else between the batch's checks and its insert rolls the batch
      // back; the next try's checks see that member and refuse the row instead.
      let outcome: Awaited<ReturnType<typeof attempt>> | undefined;
      for (let tries = 1; !outcome; tries++) {
        try {
          outcome = await attempt();
        } catch (error) {
          const race = error instanceof AppError && (error.code === 'MEMBER_UNAME_TAKEN' || error.code === 'MEMBER_MOBILE_TAKEN');
          if (!race || tries >= 3) throw error;
        }
      }
      // Only once committed does the batch count.
      state.row = lastRow;
      state.imported += outcome.inserted;
      state.failed += refusedRows(outcome.refused);
      state.errors = [...state.errors, ...outcome.refused].slice(0, MAX_REPORTED_ERRORS);
      await progress(params.size ? Math.min(95, (bytesRead / params.size) * 95) : 50, word());
    };

    const done = await importInBatches({ source, columns: MEMBER_IMPORT_COLUMNS, after: state.row, size: IMPORT_BATCH, onBytes: (bytes) => (bytesRead = bytes), isCancelled, importBatch });
    if (!done) return;

    const message = `成功导入 ${state.imported} 条，失败 ${state.failed} 条`;
    if (!state.logged) {
      // The audit line for the whole import, once: in a transaction with the checkpoint that says so.
      await commitBatch(
        (tx) =>
          tx.insert(systemLogs).values({
            operatorId: job.ownerId ?? 0,
            operatorName: job.ownerName,
            operateDetail: `导入会员（${params.fileName}）：${message}`.slice(0, 200),
            operateDetailEn: `Import members (${params.fileName}): ${state.imported} imported, ${state.failed} failed`.slice(0, 200),
            operateIp: params.ip,
            level: 'normal',
            method: 'JOB',
            url: `jobs/${job.id}`,
            params: JSON.stringify({ file: params.fileName, imported: state.imported, failed: state.failed }),
          }),
        () => ({ ...state, logged: true }),
      );
    }
    if (state.errors.length === 0) return { rows: state.imported, errors: state.failed, message };
    const report = await errorReport(state.errors);
    const fileKey = `imports/reports/${job.id}-${crypto.randomBytes(8).toString('hex')}.xlsx`;
    await ctx.storage.put(fileKey, report, XLSX_TYPE);
    return { fileKey, fileName: '会员导入错误报告.xlsx', rows: state.imported, errors: state.failed, size: report.length, message };
  },
});
