import { and, asc, count, desc, eq, gt, gte, ilike, inArray, isNull, lt, lte, ne, or, sql, type SQL } from 'drizzle-orm';
import {
  DOMESTIC_COUNTRY_CODE,
  REGION_TYPE,
  levelRange,
  maskPhone,
  toCents,
  toYuan,
  type DepositAdjust,
  type DepositLogQuery,
  type LedgerKind,
  type MemberCreate,
  type MemberDetail,
  type MemberLedgerRow,
  type MemberLevelInput,
  type MemberLevelRow,
  type MemberListQuery,
  type MemberRow,
  type MemberUpdate,
  type MemberWallet,
  type Page,
  type PointLogQuery,
  type PointAdjust,
  type RegionSelection,
} from '@agora/contract';
import type { AppContext } from '../../platform/context.js';
import { preparedOnce } from '../../platform/statements.js';
import type { AuthedAdmin } from '../../platform/auth.js';
import { AppError, badRequest } from '../../platform/errors.js';
import { hashPassword } from '../../platform/passwords.js';
import { listPage, type ListSpec } from '../../platform/list.js';
import { fromUnixSeconds, unixSeconds } from '../../platform/time.js';
import { escapeLike, type Transaction as Tx } from '../../db/sql.js';
import { bumpPlatform } from '../dashboard/rollup.js';
import { expandRegion, resolveRegionSelection } from '../regions/service.js';
import { countries } from '../regions/tables.js';
import { movePoints } from './points.js';
import { memberLedger, memberLevels, members } from './tables.js';
import { refuseDuplicates, rethrowDuplicate } from '../../platform/unique.js';

type MemberRecord = typeof members.$inferSelect;
type LevelRecord = typeof memberLevels.$inferSelect;
type Db = AppContext['db'] | Tx;

refuseDuplicates({ members_uname_uq: 'MEMBER_UNAME_TAKEN', members_mobile_uq: 'MEMBER_MOBILE_TAKEN', member_levels_name_uq: 'LEVEL_NAME_TAKEN' });

const memberNotFound = () => new AppError(404, 'MEMBER_NOT_FOUND');
const levelNotFound = () => new AppError(404, 'LEVEL_NOT_FOUND');

// ─── Members ────────────────────────────────────────────────────────────────

/** The columns a member's row in the list shows: a list page and an export read these only (not the password, address, remark…). */
export const MEMBER_LIST_COLUMNS = {
  id: members.id,
  uname: members.uname,
  nickname: members.nickname,
  face: members.face,
  email: members.email,
  mobile: members.mobile,
  sex: members.sex,
  levelId: members.levelId,
  gradePoint: members.gradePoint,
  consumPoint: members.consumPoint,
  balanceCents: members.balanceCents,
  createdAt: members.createdAt,
  lastLoginAt: members.lastLoginAt,
  loginCount: members.loginCount,
  disabled: members.disabled,
  registerSource: members.registerSource,
};
type ListedMember = Pick<MemberRecord, keyof typeof MEMBER_LIST_COLUMNS>;

function toRow(member: ListedMember, levelName: string | null): Omit<MemberRow, 'mobile'> {
  return {
    member_id: member.id,
    uname: member.uname,
    nickname: member.nickname,
    face: member.face,
    email: member.email,
    sex: member.sex === 0 ? 0 : 1,
    level_id: member.levelId,
    level_name: levelName ?? '',
    grade_point: member.gradePoint,
    consum_point: member.consumPoint,
    balance: toYuan(member.balanceCents),
    create_time: unixSeconds(member.createdAt),
    last_login: member.lastLoginAt ? unixSeconds(member.lastLoginAt) : null,
    login_count: member.loginCount,
    disabled: member.disabled === -1 ? -1 : 0,
    register_source: member.registerSource,
  };
}

const SORT_COLUMNS = {
  create_time: members.createdAt,
  last_login: members.lastLoginAt,
  consum_point: members.consumPoint,
  balance: members.balanceCents,
} as const;

const contains = (text: string) => `%${escapeLike(text)}%`;

/** The member list's filters; the list and its export (modules/members/jobs.ts) share them. */
export function memberWhere(query: MemberListQuery): SQL | undefined {
  const filters: (SQL | undefined)[] = [eq(members.disabled, query.disabled)];
  if (query.keyword) {
    const pattern = contains(query.keyword);
    filters.push(or(ilike(members.uname, pattern), ilike(members.mobile, pattern), ilike(members.nickname, pattern)));
  }
  if (query.uname) filters.push(ilike(members.uname, contains(query.uname)));
  if (query.mobile) filters.push(ilike(members.mobile, contains(query.mobile)));
  if (query.email) filters.push(ilike(members.email, contains(query.email)));
  if (query.sex !== undefined) filters.push(eq(members.sex, query.sex));
  if (query.level_id !== undefined) filters.push(eq(members.levelId, query.level_id));
  if (query.start_time !== undefined) filters.push(gte(members.createdAt, fromUnixSeconds(query.start_time)));
  if (query.end_time !== undefined) filters.push(lte(members.createdAt, fromUnixSeconds(query.end_time)));
  return and(...filters);
}

/** The list's order: the chosen column (members who never signed in last either way), then id. */
function memberOrder(query: MemberListQuery): SQL[] {
  const column = SORT_COLUMNS[query.sort];
  return query.order === 'asc' ? [sql`${column} asc nulls last`, asc(members.id)] : [sql`${column} desc nulls last`, desc(members.id)];
}

/** The member list or the recycle bin; members who never signed in come last in the last-login sort. */
export function listMembers(ctx: AppContext, query: MemberListQuery): Promise<Page<MemberRow>> {
  return listPage(ctx.db, {
    query,
    table: members,
    id: members.id,
    where: [memberWhere(query)],
    sorts: SORT_COLUMNS,
    statement: 'members',
    rows: ({ where, orderBy, limit, offset }) =>
      ctx.db
        .select({ member: MEMBER_LIST_COLUMNS, levelName: memberLevels.levelName })
        .from(members)
        .leftJoin(memberLevels, eq(memberLevels.id, members.levelId))
        .where(where)
        .orderBy(...orderBy)
        .limit(limit)
        .offset(offset),
    map: ({ member, levelName }) => ({ ...toRow(member, levelName), mobile: maskPhone(member.mobile) }),
    idOf: (row) => row.member_id,
  });
}

export async function countMembers(ctx: AppContext, query: MemberListQuery): Promise<number> {
  const [total] = await ctx.db.select({ n: count() }).from(members).where(memberWhere(query));
  return total.n;
}

/**
 * Every member the list shows under `query`, in its order, `size` rows at a time: each batch
 * starts after the last row of the one before (keyset, on the list's sort indexes), so the
 * 100th batch costs what the first did and nothing but one batch is held in memory. The
 * position is compared with the last row's stored values (a subquery on its id), which keeps the
 * database's microseconds a JavaScript Date would round away.
 */
export async function* memberBatches(ctx: AppContext, query: MemberListQuery, size: number): AsyncGenerator<MemberRow[]> {
  const column = SORT_COLUMNS[query.sort];
  const ascending = query.order === 'asc';
  let last: { id: number; nullValue: boolean } | null = null;
  for (;;) {
    let after: SQL | undefined;
    if (last) {
      const pivot = sql`(select ${column} from ${members} where ${members.id} = ${last.id})`;
      after = last.nullValue
        ? and(isNull(column), ascending ? gt(members.id, last.id) : lt(members.id, last.id))
        : or(ascending ? sql`(${column}, ${members.id}) > (${pivot}, ${last.id})` : sql`(${column}, ${members.id}) < (${pivot}, ${last.id})`, isNull(column));
    }
    const rows: { member: ListedMember; levelName: string | null }[] = await ctx.db
      .select({ member: MEMBER_LIST_COLUMNS, levelName: memberLevels.levelName })
      .from(members)
      .leftJoin(memberLevels, eq(memberLevels.id, members.levelId))
      .where(and(memberWhere(query), after))
      .orderBy(...memberOrder(query))
      .limit(size);
    if (rows.length === 0) return;
    yield rows.map(({ member, levelName }) => ({ ...toRow(member, levelName), mobile: maskPhone(member.mobile) }));
    const tail = rows[rows.length - 1].member;
    const value = { create_time: tail.createdAt, last_login: tail.lastLoginAt, consum_point: tail.consumPoint, balance: tail.balanceCents }[query.sort];
    last = { id: tail.id, nullValue: value === null };
    if (rows.length < size) return;
  }
}

/** The stored region as the country/state/city picker's selection; null when only a text (or nothing) is stored. */
function regionSelectionOf(member: MemberRecord, countryName: string | null): RegionSelection | null {
  if (!member.regionCountry) return null;
  if (member.regionCountry === DOMESTIC_COUNTRY_CODE) {
    const regionId = member.regionIds.at(-1);
    if (!regionId) return null;
    return { region_type: REGION_TYPE.DOMESTIC, country_code: member.regionCountry, country_name: countryName ?? '', internal_region_id: regionId, overseas_region: null };
  }
  return {
    region_type: REGION_TYPE.OVERSEAS,
    country_code: member.regionCountry,
    country_name: countryName ?? '',
    internal_region_id: null,
    overseas_region: { state_id: member.regionStateId, state_name: member.regionState, city_id: member.regionCityId, city_name: member.regionCity },
  };
}

export type RegionColumns = Pick<typeof members.$inferInsert, 'regionCountry' | 'regionIds' | 'regionStateId' | 'regionState' | 'regionCityId' | 'regionCity' | 'region'>;
const NO_REGION: Required<RegionColumns> = { regionCountry: '', regionIds: [], regionStateId: null, regionState: '', regionCityId: null, regionCity: '', region: '' };

/**
 * The region columns of a member from a picker's selection, checked against the region data and
 * named from it (spec §5 messages when it falls short); undefined leaves them as they are.
 */
async function regionColumns(ctx: AppContext, selection: RegionSelection | null | undefined): Promise<RegionColumns> {
  if (selection === undefined) return {};
  if (selection === null) return NO_REGION;
  const resolved = await resolveRegionSelection(ctx.db, selection);
  if (resolved.region_type === REGION_TYPE.DOMESTIC) {
    const region = await expandRegion(ctx.db, resolved.internal_region_id!);
    return { ...NO_REGION, regionCountry: resolved.country_code, regionIds: region.ids, region: region.name };
  }
  const overseas = resolved.overseas_region!;
  return {
    ...NO_REGION,
    regionCountry: resolved.country_code,
    regionStateId: overseas.state_id,
    regionState: overseas.state_name,
    regionCityId: overseas.city_id,
    regionCity: overseas.city_name,
    region: [resolved.country_name, overseas.state_name, overseas.city_name].filter(Boolean).join(' '),
  };
}

/** the member detail's read, prepared once (platform/statements.ts) */
const memberById = preparedOnce('agora_member_detail', (db) =>
  db
    .select({ member: members, levelName: memberLevels.levelName, countryName: countries.nameZh })
    .from(members)
    .leftJoin(memberLevels, eq(memberLevels.id, members.levelId))
    .leftJoin(countries, eq(countries.code, members.regionCountry))
    .where(eq(members.id, sql.placeholder('id'))),
);

export async function getMember(ctx: AppContext, id: number): Promise<MemberDetail> {
  const [row] = await memberById(ctx.db).execute({ id });
  if (!row) throw memberNotFound();
  const { member } = row;
  return {
    ...toRow(member, row.levelName),
    mobile: member.mobile,
    birthday: member.birthday,
    region_selection: regionSelectionOf(member, row.countryName),
    region_ids: member.regionIds,
    region: member.region,
    address: member.address,
    tel: member.tel,
    remark: member.remark,
    register_ip: member.registerIp,
    have_shop: member.haveShop === 1 ? 1 : 0,
    shop_id: member.shopId,
  };
}

async function assertMobileFree(db: Db, mobile: string, exceptId?: number): Promise<void> {
  const [taken] = await db
    .select({ id: members.id })
    .from(members)
    .where(and(eq(members.mobile, mobile), exceptId ? ne(members.id, exceptId) : undefined));
  if (taken) throw badRequest('MEMBER_MOBILE_TAKEN');
}

/** Locks the level against deletion until the member pointing at it is written. */
async function shareLevel(tx: Tx, levelId: number): Promise<void> {
  const [level] = await tx.select({ id: memberLevels.id }).from(memberLevels).where(eq(memberLevels.id, levelId)).for('share');
  if (!level) throw badRequest('LEVEL_NOT_FOUND');
}

const profile = (input: Omit<MemberCreate, 'password' | 'region_selection'> | MemberUpdate) => ({
  nickname: input.nickname,
  face: input.face,
  mobile: input.mobile,
  email: input.email,
  sex: input.sex,
  birthday: input.birthday,
  address: input.address,
  tel: input.tel,
  remark: input.remark,
});

/** A member to add: the admin-add fields, the password already hashed, the region resolved. */
export interface NewMember {
  input: Omit<MemberCreate, 'password' | 'region_selection'>;
  passwordHash: string;
  region: RegionColumns;
}

/**
 * Adds members inside the caller's transaction, with the checks an operator's add makes: a name
 * and a mobile no other member has (nor an earlier one of the same call), a level that exists
 * (else the default one), and the dashboard's count. The admin add (one member) and the member
 * import (a batch) both come through here; a batch costs a handful of statements, not a few per
 * member. Each entry's outcome is its new id or the refusal; refused entries are not written.
 * A member added concurrently by someone else can still win the race: the insert then fails with
 * that refusal and the whole call rolls back with the transaction.
 */
export async function insertMembers(tx: Tx, entries: NewMember[], ip: string): Promise<({ id: number } | { refused: AppError })[]> {
  if (entries.length === 0) return [];
  const names = new Set(
    (await tx.select({ uname: members.uname }).from(members).where(inArray(members.uname, entries.map((entry) => entry.input.uname)))).map((row) => row.uname),
  );
  const mobiles = new Set(
    (await tx.select({ mobile: members.mobile }).from(members).where(inArray(members.mobile, entries.map((entry) => entry.input.mobile)))).map((row) => row.mobile),
  );
  const wanted = [...new Set(entries.flatMap((entry) => (entry.input.level_id ? [entry.input.level_id] : [])))];
  // Share-locked until commit: a level cannot be deleted while members are being put in it.
  const levels = new Set(
    wanted.length ? (await tx.select({ id: memberLevels.id }).from(memberLevels).where(inArray(memberLevels.id, wanted)).for('share')).map((row) => row.id) : [],
  );
  const [fallback] = await tx.select({ id: memberLevels.id }).from(memberLevels).where(eq(memberLevels.isDefault, 1));
  const now = new Date();
  const outcomes: ({ id: number } | { refused: AppError } | null)[] = [];
  const rows: (typeof members.$inferInsert)[] = [];
  for (const { input, passwordHash, region } of entries) {
    let refused: AppError | null = null;
    if (names.has(input.uname)) refused = badRequest('MEMBER_UNAME_TAKEN');
    else if (mobiles.has(input.mobile)) refused = badRequest('MEMBER_MOBILE_TAKEN');
    else if (input.level_id && !levels.has(input.level_id)) refused = badRequest('LEVEL_NOT_FOUND');
    if (refused) {
      outcomes.push({ refused });
      continue;
    }
    names.add(input.uname);
    mobiles.add(input.mobile);
    outcomes.push(null);
    rows.push({
      ...profile(input),
      ...region,
      uname: input.uname,
      passwordHash,
      levelId: input.level_id ?? fallback?.id ?? null,
      registerSource: 'ADMIN',
      registerIp: ip,
      createdAt: now,
    });
  }
  const ids: number[] = [];
  // Chunks keep a statement under PostgreSQL's 65 535 parameters.
  for (let i = 0; i < rows.length; i += 1000) {
    const created = await tx.insert(members).values(rows.slice(i, i + 1000)).returning({ id: members.id }).catch(rethrowDuplicate);
    ids.push(...created.map((row) => row.id));
  }
  if (ids.length) await bumpPlatform(tx, now, { newMembers: ids.length });
  let next = 0;
  return outcomes.map((outcome) => outcome ?? { id: ids[next++] });
}

export async function createMember(ctx: AppContext, input: MemberCreate, ip: string): Promise<MemberDetail> {
  const region = await regionColumns(ctx, input.region_selection);
  const passwordHash = await hashPassword(input.password);
  const [outcome] = await ctx.db.transaction((tx) => insertMembers(tx, [{ input, passwordHash, region }], ip)).catch(rethrowDuplicate);
  if ('refused' in outcome) throw outcome.refused;
  return getMember(ctx, outcome.id);
}

export async function updateMember(ctx: AppContext, id: number, input: MemberUpdate): Promise<MemberDetail> {
  const region = await regionColumns(ctx, input.region_selection);
  await ctx.db
    .transaction(async (tx) => {
      const [member] = await tx.select({ id: members.id }).from(members).where(eq(members.id, id)).for('update');
      if (!member) throw memberNotFound();
      await assertMobileFree(tx, input.mobile, id);
      if (input.level_id) await shareLevel(tx, input.level_id);
      await tx
        .update(members)
        .set({
          ...profile(input),
          ...region,
          levelId: input.level_id,
          // A new password ends every session the member has (DOMAIN §2.10).
          ...(input.password ? { passwordHash: await hashPassword(input.password), tokenVersion: sql`${members.tokenVersion} + 1` } : {}),
        })
        .where(eq(members.id, id));
    })
    .catch(rethrowDuplicate);
  return getMember(ctx, id);
}

/** Moves a member between the list and the recycle bin; a recycled member is signed out everywhere. */
async function setDisabled(ctx: AppContext, id: number, to: 0 | -1): Promise<void> {
  const from = to === -1 ? 0 : -1;
  const [changed] = await ctx.db
    .update(members)
    .set(to === -1 ? { disabled: to, tokenVersion: sql`${members.tokenVersion} + 1` } : { disabled: to })
    .where(and(eq(members.id, id), eq(members.disabled, from)))
    .returning({ id: members.id });
  if (changed) return;
  const [member] = await ctx.db.select({ id: members.id }).from(members).where(eq(members.id, id));
  if (!member) throw memberNotFound();
  throw badRequest(to === -1 ? 'MEMBER_ALREADY_RECYCLED' : 'MEMBER_NOT_RECYCLED');
}

export const recycleMember = (ctx: AppContext, id: number) => setDisabled(ctx, id, -1);
export const restoreMember = (ctx: AppContext, id: number) => setDisabled(ctx, id, 0);

export async function assignLevel(ctx: AppContext, memberId: number, levelId: number): Promise<MemberDetail> {
  await ctx.db.transaction(async (tx) => {
    await shareLevel(tx, levelId);
    const [changed] = await tx.update(members).set({ levelId }).where(eq(members.id, memberId)).returning({ id: members.id });
    if (!changed) throw memberNotFound();
  });
  return getMember(ctx, memberId);
}

// ─── Levels ─────────────────────────────────────────────────────────────────

// Written out in full: inside a correlated subquery drizzle would leave "id" unqualified.
// What the member list counts: the recycle bin's members keep their level but are not on the list.
const memberCountSql = sql<number>`(select count(*)::int from members m where m.level_id = "member_levels"."id" and m.disabled = 0)`;

function toLevelRow(level: LevelRecord, memberCount: number): MemberLevelRow {
  return {
    level_id: level.id,
    level_name: level.levelName,
    level_icon: level.levelIcon,
    benefit_ratio: level.benefitRatio,
    allocation_ratio: level.allocationRatio,
    min_point: level.minPoint,
    max_point: level.maxPoint,
    description: level.description,
    is_default: level.isDefault === 1 ? 1 : 0,
    member_count: memberCount,
    create_time: unixSeconds(level.createdAt),
  };
}

export async function listLevels(ctx: AppContext): Promise<MemberLevelRow[]> {
  const rows = await ctx.db.select({ level: memberLevels, memberCount: memberCountSql }).from(memberLevels).orderBy(asc(memberLevels.minPoint), asc(memberLevels.id));
  return rows.map((row) => toLevelRow(row.level, row.memberCount));
}

export async function getLevel(ctx: AppContext, id: number): Promise<MemberLevelRow> {
  const [row] = await ctx.db.select({ level: memberLevels, memberCount: memberCountSql }).from(memberLevels).where(eq(memberLevels.id, id));
  if (!row) throw levelNotFound();
  return toLevelRow(row.level, row.memberCount);
}

/**
 * Level writes take the table lock: two operators saving overlapping ranges at once must not
 * both pass the check. Levels are a handful of rows written rarely.
 */
async function lockLevels(tx: Tx): Promise<void> {
  await tx.execute(sql`lock table ${memberLevels} in share row exclusive mode`);
}

async function assertLevelFits(tx: Tx, input: MemberLevelInput, exceptId?: number): Promise<void> {
  const except = exceptId ? ne(memberLevels.id, exceptId) : undefined;
  const [sameName] = await tx.select({ id: memberLevels.id }).from(memberLevels).where(and(eq(memberLevels.levelName, input.level_name), except));
  if (sameName) throw badRequest('LEVEL_NAME_TAKEN');
  // [a, b) and [c, d) overlap when a < d and c < b; a missing ceiling is infinity.
  const [overlap] = await tx
    .select()
    .from(memberLevels)
    .where(
      and(
        except,
        input.max_point === null ? undefined : lt(memberLevels.minPoint, input.max_point),
        or(isNull(memberLevels.maxPoint), gt(memberLevels.maxPoint, input.min_point)),
      ),
    )
    .orderBy(asc(memberLevels.minPoint))
    .limit(1);
  if (overlap) {
    throw badRequest('LEVEL_RANGE_OVERLAP', { name: overlap.levelName, range: levelRange({ min_point: overlap.minPoint, max_point: overlap.maxPoint }) });
  }
}

const levelValues = (input: MemberLevelInput) => ({
  levelName: input.level_name,
  levelIcon: input.level_icon,
  benefitRatio: input.benefit_ratio,
  allocationRatio: input.allocation_ratio,
  minPoint: input.min_point,
  maxPoint: input.max_point,
  description: input.description,
});

export async function createLevel(ctx: AppContext, input: MemberLevelInput): Promise<MemberLevelRow> {
  const id = await ctx.db.transaction(async (tx) => {
    await lockLevels(tx);
    await assertLevelFits(tx, input);
    // The first level is the one new members get.
    const [any] = await tx.select({ id: memberLevels.id }).from(memberLevels).limit(1);
    const [created] = await tx
      .insert(memberLevels)
      .values({ ...levelValues(input), isDefault: any ? 0 : 1 })
      .returning({ id: memberLevels.id });
    return created.id;
  });
  return getLevel(ctx, id);
}

export async function updateLevel(ctx: AppContext, id: number, input: MemberLevelInput): Promise<MemberLevelRow> {
  await ctx.db.transaction(async (tx) => {
    await lockLevels(tx);
    const [level] = await tx.select({ id: memberLevels.id }).from(memberLevels).where(eq(memberLevels.id, id));
    if (!level) throw levelNotFound();
    await assertLevelFits(tx, input, id);
    await tx.update(memberLevels).set(levelValues(input)).where(eq(memberLevels.id, id));
  });
  return getLevel(ctx, id);
}

export async function deleteLevel(ctx: AppContext, id: number): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    const [level] = await tx.select().from(memberLevels).where(eq(memberLevels.id, id)).for('update');
    if (!level) throw levelNotFound();
    if (level.isDefault === 1) throw badRequest('LEVEL_IS_DEFAULT');
    const [used] = await tx.select({ n: count() }).from(members).where(eq(members.levelId, id));
    if (used.n > 0) throw badRequest('LEVEL_IN_USE', { count: used.n });
    await tx.delete(memberLevels).where(eq(memberLevels.id, id));
  });
}

/** Exactly one level is the default: setting one clears the others in the same statement. */
export async function setDefaultLevel(ctx: AppContext, id: number): Promise<MemberLevelRow> {
  await ctx.db.transaction(async (tx) => {
    await lockLevels(tx);
    const [level] = await tx.select({ id: memberLevels.id }).from(memberLevels).where(eq(memberLevels.id, id));
    if (!level) throw levelNotFound();
    await tx.update(memberLevels).set({ isDefault: sql`case when ${memberLevels.id} = ${id} then 1 else 0 end` });
  });
  return getLevel(ctx, id);
}

// ─── Wallet, points, ledger ─────────────────────────────────────────────────

const toWallet = (member: Pick<MemberRecord, 'id' | 'balanceCents' | 'consumPoint' | 'gradePoint'>): MemberWallet => ({
  member_id: member.id,
  balance: toYuan(member.balanceCents),
  consum_point: member.consumPoint,
  grade_point: member.gradePoint,
});
const walletColumns = { id: members.id, balanceCents: members.balanceCents, consumPoint: members.consumPoint, gradePoint: members.gradePoint, disabled: members.disabled };

export async function getWallet(ctx: AppContext, memberId: number): Promise<MemberWallet> {
  const [member] = await ctx.db.select(walletColumns).from(members).where(eq(members.id, memberId));
  if (!member) throw memberNotFound();
  return toWallet(member);
}

/** Why an adjustment's conditional update changed nothing. */
async function refusal(tx: Tx, memberId: number, insufficient: (member: Pick<MemberRecord, 'balanceCents' | 'consumPoint'>) => AppError): Promise<never> {
  const [member] = await tx.select(walletColumns).from(members).where(eq(members.id, memberId));
  if (!member) throw memberNotFound();
  if (member.disabled !== 0) throw badRequest('MEMBER_RECYCLED');
  throw insufficient(member);
}

const operator = (admin: AuthedAdmin) => ({ operatorType: 'ADMIN', operatorId: admin.id, operatorName: admin.username });

/**
 * An operator's top-up (or deduction) of the pre-deposit: one conditional update that never lets
 * the balance go below zero, and its ledger row, in one transaction (never read-modify-write).
 */
export async function adjustBalance(ctx: AppContext, admin: AuthedAdmin, memberId: number, input: DepositAdjust): Promise<MemberWallet> {
  const delta = toCents(input.money);
  return ctx.db.transaction(async (tx) => {
    const [member] = await tx
      .update(members)
      .set({ balanceCents: sql`${members.balanceCents} + ${delta}` })
      .where(and(eq(members.id, memberId), eq(members.disabled, 0), sql`${members.balanceCents} + ${delta} >= 0`))
      .returning(walletColumns);
    if (!member) return refusal(tx, memberId, (current) => badRequest('BALANCE_INSUFFICIENT', { balance: toYuan(current.balanceCents).toFixed(2) }));
    await tx.insert(memberLedger).values({ memberId, kind: 'BALANCE', amount: delta, balanceAfter: member.balanceCents, reason: input.reason, ...operator(admin) });
    return toWallet(member);
  });
}

/** The same for spendable points (members/points.ts, as every points change). */
export async function adjustPoints(ctx: AppContext, admin: AuthedAdmin, memberId: number, input: PointAdjust): Promise<MemberWallet> {
  return ctx.db.transaction(async (tx) => {
    await movePoints(tx, memberId, input.point, { reason: input.reason, ...operator(admin) }, { activeOnly: true });
    const [member] = await tx.select(walletColumns).from(members).where(eq(members.id, memberId));
    return toWallet(member);
  });
}

type LedgerQuery = PointLogQuery | DepositLogQuery;

/** What a ledger row in the answers is made of. */
const ledgerRowColumns = {
  id: memberLedger.id,
  memberId: memberLedger.memberId,
  kind: memberLedger.kind,
  amount: memberLedger.amount,
  balanceAfter: memberLedger.balanceAfter,
  reason: memberLedger.reason,
  operatorType: memberLedger.operatorType,
  operatorName: memberLedger.operatorName,
  createdAt: memberLedger.createdAt,
};
type LedgerRecord = { entry: Pick<typeof memberLedger.$inferSelect, keyof typeof ledgerRowColumns>; memberName: string };

function toLedgerRow({ entry, memberName }: LedgerRecord): MemberLedgerRow {
  const kind = entry.kind as LedgerKind;
  const value = (amount: number) => (kind === 'BALANCE' ? toYuan(amount) : amount);
  return {
    id: entry.id,
    member_id: entry.memberId,
    member_name: memberName,
    kind,
    amount: value(entry.amount),
    after: value(entry.balanceAfter),
    reason: entry.reason,
    operator_type: entry.operatorType,
    operator_name: entry.operatorName,
    create_time: unixSeconds(entry.createdAt),
  };
}

/** Ledger rows newest first; every filter is on the ledger itself (a member name becomes the members it names). */
function ledgerSpec(ctx: AppContext, where: (SQL | undefined)[], query: LedgerQuery): ListSpec<LedgerRecord, MemberLedgerRow> {
  return {
    query,
    table: memberLedger,
    id: memberLedger.id,
    where,
    sorts: { create_time: memberLedger.createdAt },
    statement: 'members/service.ledgerSpec',
    rows: ({ where: page, orderBy, limit, offset }) =>
      ctx.db
        .select({ entry: ledgerRowColumns, memberName: members.uname })
        .from(memberLedger)
        .innerJoin(members, eq(members.id, memberLedger.memberId))
        .where(page)
        .orderBy(...orderBy)
        .limit(limit)
        .offset(offset),
    map: toLedgerRow,
    idOf: (row) => row.id,
  };
}

function ledgerPage(ctx: AppContext, where: (SQL | undefined)[], query: LedgerQuery): Promise<Page<MemberLedgerRow>> {
  return listPage(ctx.db, ledgerSpec(ctx, where, query));
}

/** GET admin/members/point/{id}: the member's spendable and level point changes. */
export async function listPointLog(ctx: AppContext, memberId: number, query: PointLogQuery): Promise<Page<MemberLedgerRow>> {
  await getWallet(ctx, memberId);
  return ledgerPage(ctx, [eq(memberLedger.memberId, memberId), inArray(memberLedger.kind, ['POINT', 'GRADE_POINT'])], query);
}

/** The pre-deposit log under `query` (one ledger: top-ups, recharges, orders, refunds): its page and its export (finance) read the same. */
export function depositLogSpec(ctx: AppContext, query: DepositLogQuery) {
  const named = query.member_name ? ctx.db.select({ id: members.id }).from(members).where(ilike(members.uname, contains(query.member_name))) : undefined;
  return ledgerSpec(
    ctx,
    [
      eq(memberLedger.kind, 'BALANCE'),
      query.member_id !== undefined ? eq(memberLedger.memberId, query.member_id) : undefined,
      named ? inArray(memberLedger.memberId, named) : undefined,
      query.start_time !== undefined ? gte(memberLedger.createdAt, fromUnixSeconds(query.start_time)) : undefined,
      query.end_time !== undefined ? lte(memberLedger.createdAt, fromUnixSeconds(query.end_time)) : undefined,
    ],
    query,
  );
}

/** GET admin/members/deposit/log: balance movements, of one member or of everyone. */
export function listDepositLog(ctx: AppContext, query: DepositLogQuery): Promise<Page<MemberLedgerRow>> {
  return listPage(ctx.db, depositLogSpec(ctx, query));
}
