/**
 * Sign-in activities (DOMAIN §2.19). The status moves WAIT → OPEN → FINISH by the clock: the
 * scheduled task writes it, and every read computes it from the window too (`signStatus`), so a
 * late tick never shows a stale state. The operator's CLOSE, edit and delete are allowed by one
 * table (contract `SIGN_ACTIONS`) asked by `assertSignAction` on the row locked for the change.
 * Live activities (WAIT or OPEN) never overlap in time: every write that could make them checks
 * under one advisory lock. A member checks in once per platform day (a unique index), and the
 * day's reward — points through the members' ledger, or a claimed coupon — commits with the record.
 */
import { and, asc, desc, eq, gt, gte, ilike, inArray, isNull, lt, lte, ne, or, sql, type SQL } from 'drizzle-orm';
import {
  SIGN_ACTION_WORDS,
  SIGN_STATUS_WORDS,
  signActionAllowed,
  toYuan,
  type MemberSignInResult,
  type Page,
  type SignAction,
  type SignActivityDetail,
  type SignActivityInput,
  type SignActivityQuery,
  type SignActivityRow,
  type SignCouponOption,
  type SignRecordQuery,
  type SignRecordRow,
  type SignReward,
  type SignRewardType,
  type SignStatus,
} from '@agora/contract';
import { escapeLike, type Transaction as Tx } from '../../db/sql.js';
import type { AppContext } from '../../platform/context.js';
import { AppError, badRequest } from '../../platform/errors.js';
import { listPage } from '../../platform/list.js';
import { preparedOnce } from '../../platform/statements.js';
import { fromUnixSeconds, platformDay, unixSeconds } from '../../platform/time.js';
import { authenticateMember } from '../members/buyer-auth.js';
import { movePoints } from '../members/points.js';
import { members } from '../members/tables.js';
import { signActivities, signRecords } from './points-tables.js';
import { coupons, memberCoupons } from './tables.js';

type Activity = typeof signActivities.$inferSelect;

/** The status as of `now`: the stored CLOSE / FINISH stand, the others follow the window. */
export function signStatus(activity: Pick<Activity, 'status' | 'startAt' | 'endAt'>, now = new Date()): SignStatus {
  if (activity.status === 'CLOSE' || activity.status === 'FINISH') return activity.status;
  if (activity.endAt <= now) return 'FINISH';
  return activity.startAt <= now ? 'OPEN' : 'WAIT';
}

/** The one guard of the operator's actions. */
export function assertSignAction(activity: Activity, action: SignAction, now = new Date()): void {
  const status = signStatus(activity, now);
  if (signActionAllowed(status, action)) return;
  const words = SIGN_STATUS_WORDS[status];
  throw new AppError(400, 'SIGN_ACTION_REFUSED', { status: words.zh, status_en: words.en, action: SIGN_ACTION_WORDS[action].zh, action_en: SIGN_ACTION_WORDS[action].en });
}

const live = inArray(signActivities.status, ['WAIT', 'OPEN']);

/** The scheduled catch-up: moves the stored statuses to what the clock says. */
export async function advanceSignStatuses(ctx: AppContext, now: Date): Promise<string> {
  const finished = await ctx.db.update(signActivities).set({ status: 'FINISH' }).where(and(live, lte(signActivities.endAt, now))).returning({ id: signActivities.id });
  const opened = await ctx.db
    .update(signActivities)
    .set({ status: 'OPEN' })
    .where(and(eq(signActivities.status, 'WAIT'), lte(signActivities.startAt, now), gt(signActivities.endAt, now)))
    .returning({ id: signActivities.id });
  return `签到活动开始 ${opened.length} 个，结束 ${finished.length} 个`;
}

const rewardsOf = (activity: Activity) => activity.rewards as SignReward[];

function toRow(activity: Activity, now = new Date()): SignActivityRow {
  return {
    activity_id: activity.id,
    title: activity.title,
    start_time: unixSeconds(activity.startAt),
    end_time: unixSeconds(activity.endAt),
    status: signStatus(activity, now),
    cycle_days: rewardsOf(activity).length,
    sign_num: activity.signNum,
    create_time: unixSeconds(activity.createdAt),
  };
}

/** GET admin/promotion/sign/active: the status filter is the clock's view of the stored status. */
export function listSignActivities(ctx: AppContext, query: SignActivityQuery): Promise<Page<SignActivityRow>> {
  const now = new Date();
  const byStatus: Record<SignStatus, SQL | undefined> = {
    WAIT: and(eq(signActivities.status, 'WAIT'), gt(signActivities.startAt, now)),
    OPEN: and(live, lte(signActivities.startAt, now), gt(signActivities.endAt, now)),
    FINISH: or(eq(signActivities.status, 'FINISH'), and(live, lte(signActivities.endAt, now))),
    CLOSE: eq(signActivities.status, 'CLOSE'),
  };
  return listPage(ctx.db, {
    query,
    table: signActivities,
    id: signActivities.id,
    where: [query.title ? ilike(signActivities.title, `%${escapeLike(query.title)}%`) : undefined, query.status ? byStatus[query.status] : undefined],
    sorts: { create_time: signActivities.createdAt },
    statement: 'promotions/sign-in.listSignActivities',
    rows: ({ where, orderBy, limit, offset }) => ctx.db.select().from(signActivities).where(where).orderBy(...orderBy).limit(limit).offset(offset),
    map: (row) => toRow(row, now),
    idOf: (row) => row.activity_id,
  });
}

async function findActivity(db: Tx | AppContext['db'], id: number, lock: boolean): Promise<Activity> {
  const select = db.select().from(signActivities).where(eq(signActivities.id, id));
  const [activity] = lock ? await select.for('update') : await select;
  if (!activity) throw new AppError(404, 'SIGN_NOT_FOUND');
  return activity;
}

/** GET admin/promotion/sign/active/{id} */
export async function getSignActivity(ctx: AppContext, id: number): Promise<SignActivityDetail> {
  const activity = await findActivity(ctx.db, id, false);
  const rewards = rewardsOf(activity);
  const couponIds = rewards.flatMap((reward) => (reward.coupon_id ? [reward.coupon_id] : []));
  const titles = couponIds.length > 0 ? await ctx.db.select({ id: coupons.id, title: coupons.title }).from(coupons).where(inArray(coupons.id, couponIds)) : [];
  return {
    ...toRow(activity),
    description: activity.description,
    rewards: rewards.map((reward, index) => ({ ...reward, day: index + 1, coupon_title: titles.find((row) => row.id === reward.coupon_id)?.title ?? '' })),
  };
}

const claimable = (now: Date) => and(eq(coupons.couponType, 'NORMAL'), isNull(coupons.voidedAt), gt(coupons.endAt, now));

/** GET admin/promotion/sign/coupons: the coupons a reward may hand out, ending last first. */
const couponOptions = preparedOnce('agora_sign_coupon_options', (db) =>
  db
    .select({ id: coupons.id, title: coupons.title, priceCents: coupons.priceCents, thresholdCents: coupons.thresholdCents, startAt: coupons.startAt, endAt: coupons.endAt })
    .from(coupons)
    // claimable(now), its constants written out (a prepared statement binds only placeholders)
    .where(and(sql`${coupons.couponType} = 'NORMAL'`, isNull(coupons.voidedAt), gt(coupons.endAt, sql.placeholder('now'))))
    .orderBy(desc(coupons.endAt))
    .limit(sql.placeholder('limit')),
);

export async function signCouponOptions(ctx: AppContext): Promise<SignCouponOption[]> {
  const rows = await couponOptions(ctx.db).execute({ now: new Date().toISOString(), limit: 200 });
  return rows.map((coupon) => ({
    coupon_id: coupon.id,
    title: coupon.title,
    coupon_price: toYuan(coupon.priceCents),
    coupon_threshold_price: toYuan(coupon.thresholdCents),
    start_time: unixSeconds(coupon.startAt),
    end_time: unixSeconds(coupon.endAt),
  }));
}

/** The reward coupons exist, are platform coupons not void, and can be claimed over the whole window. */
async function assertRewardCoupons(tx: Tx, input: SignActivityInput) {
  const ids = [...new Set(input.rewards.flatMap((reward) => (reward.reward_type === 'COUPON' && reward.coupon_id ? [reward.coupon_id] : [])))];
  if (ids.length === 0) return;
  const found = await tx.select().from(coupons).where(inArray(coupons.id, ids));
  const missing = ids.filter((id) => !found.some((coupon) => coupon.id === id));
  if (missing.length > 0) throw badRequest('SIGN_COUPON_NOT_FOUND', { ids: missing.join(',') });
  const start = fromUnixSeconds(input.start_time);
  const end = fromUnixSeconds(input.end_time);
  const unfit = found.find((coupon) => coupon.couponType !== 'NORMAL' || coupon.voidedAt || coupon.startAt > start || coupon.endAt < end);
  if (unfit) throw badRequest('SIGN_COUPON_INVALID', { title: unfit.title });
}

/** Starts later than now, and overlaps no other live activity (checked under the lock every such write takes). */
async function assertWindow(tx: Tx, input: SignActivityInput, selfId?: number) {
  if (fromUnixSeconds(input.start_time) <= new Date()) throw badRequest('SIGN_START_PAST');
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext('sign_activities:window'))`);
  const [clash] = await tx
    .select({ title: signActivities.title })
    .from(signActivities)
    .where(
      and(
        live,
        gt(signActivities.endAt, new Date()),
        lt(signActivities.startAt, fromUnixSeconds(input.end_time)),
        gt(signActivities.endAt, fromUnixSeconds(input.start_time)),
        selfId ? ne(signActivities.id, selfId) : undefined,
      ),
    )
    .limit(1);
  if (clash) throw badRequest('SIGN_OVERLAP', { title: clash.title });
  await assertRewardCoupons(tx, input);
}

const values = (input: SignActivityInput) => ({
  title: input.title,
  startAt: fromUnixSeconds(input.start_time),
  endAt: fromUnixSeconds(input.end_time),
  rewards: input.rewards.map((reward) => ({ reward_type: reward.reward_type, point: reward.reward_type === 'POINT' ? reward.point : 0, coupon_id: reward.reward_type === 'COUPON' ? reward.coupon_id : null })),
  description: input.description,
});

/** POST admin/promotion/sign/active */
export function createSignActivity(ctx: AppContext, input: SignActivityInput): Promise<{ activity_id: number }> {
  return ctx.db.transaction(async (tx) => {
    await assertWindow(tx, input);
    const [row] = await tx.insert(signActivities).values({ ...values(input), status: 'WAIT' }).returning({ id: signActivities.id });
    return { activity_id: row.id };
  });
}

/** PUT admin/promotion/sign/active/{id}: only while it waits. */
export async function updateSignActivity(ctx: AppContext, id: number, input: SignActivityInput): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    assertSignAction(await findActivity(tx, id, true), 'EDIT');
    await assertWindow(tx, input, id);
    await tx.update(signActivities).set(values(input)).where(eq(signActivities.id, id));
  });
}

/** POST admin/promotion/sign/active/{id}/close: while it waits or runs. */
export async function closeSignActivity(ctx: AppContext, id: number): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    assertSignAction(await findActivity(tx, id, true), 'CLOSE');
    await tx.update(signActivities).set({ status: 'CLOSE', closedAt: new Date() }).where(eq(signActivities.id, id));
  });
}

/** DELETE admin/promotion/sign/active/{id}: once closed or finished; its records stay. */
export async function deleteSignActivity(ctx: AppContext, id: number): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    assertSignAction(await findActivity(tx, id, true), 'DELETE');
    await tx.delete(signActivities).where(eq(signActivities.id, id));
  });
}

// ─── Records and the member's check-in ──────────────────────────────────────

const toRecordRow = (record: typeof signRecords.$inferSelect): SignRecordRow => ({
  record_id: record.id,
  activity_id: record.activityId,
  activity_title: record.activityTitle,
  member_id: record.memberId,
  member_name: record.memberName,
  sign_day: record.signDay,
  continuous_days: record.continuousDays,
  reward_type: record.rewardType as SignRewardType,
  point: record.point,
  coupon_title: record.couponTitle,
  create_time: unixSeconds(record.createdAt),
});

/** GET admin/promotion/sign/record: newest first; a member name becomes the members it names. */
export function listSignRecords(ctx: AppContext, query: SignRecordQuery): Promise<Page<SignRecordRow>> {
  const named = query.member_name ? ctx.db.select({ id: members.id }).from(members).where(ilike(members.uname, `%${escapeLike(query.member_name)}%`)) : undefined;
  return listPage(ctx.db, {
    query,
    table: signRecords,
    id: signRecords.id,
    where: [
      query.activity_id !== undefined ? eq(signRecords.activityId, query.activity_id) : undefined,
      named ? inArray(signRecords.memberId, named) : undefined,
      query.start_time !== undefined ? gte(signRecords.createdAt, fromUnixSeconds(query.start_time)) : undefined,
      query.end_time !== undefined ? lte(signRecords.createdAt, fromUnixSeconds(query.end_time)) : undefined,
    ],
    sorts: { create_time: signRecords.createdAt },
    statement: 'promotions/sign-in.listSignRecords',
    rows: ({ where, orderBy, limit, offset }) => ctx.db.select().from(signRecords).where(where).orderBy(...orderBy).limit(limit).offset(offset),
    map: toRecordRow,
    idOf: (row) => row.record_id,
  });
}


/** Hands one claim of the coupon to the member: the issue count moves only while some are left. */
async function claimRewardCoupon(tx: Tx, couponId: number, member: { id: number; uname: string }, now: Date): Promise<string> {
  const [coupon] = await tx
    .update(coupons)
    .set({ receivedNum: sql`${coupons.receivedNum} + 1` })
    .where(and(eq(coupons.id, couponId), sql`${coupons.receivedNum} < ${coupons.createNum}`, claimable(now)))
    .returning();
  if (!coupon) throw badRequest('SIGN_COUPON_EXHAUSTED');
  const afterReceiving = coupon.effectiveType === 'EFFECTIVE_AFTER_RECEIVING';
  await tx.insert(memberCoupons).values({
    couponId,
    memberId: member.id,
    memberName: member.uname,
    title: coupon.title,
    priceCents: coupon.priceCents,
    thresholdCents: coupon.thresholdCents,
    startAt: afterReceiving ? now : coupon.startAt,
    endAt: afterReceiving ? new Date(now.getTime() + coupon.effectiveDays * 86_400_000) : coupon.endAt,
  });
  return coupon.title;
}

/** The day's points through the members' ledger, as every other points change. */
async function awardPoints(tx: Tx, memberId: number, point: number, activityTitle: string) {
  await movePoints(tx, memberId, point, { reason: `签到赠送积分（${activityTitle}）`, operatorType: 'SYSTEM', operatorName: '签到' });
}

/** POST buyer/sign-in: once per platform day, inside the running activity. */
export async function memberSignIn(ctx: AppContext, input: { uname: string; password: string; ip: string }, now = new Date()): Promise<MemberSignInResult> {
  const member = await authenticateMember(ctx, input, 'SIGN_MEMBER_LOCKED');
  const [activity] = await ctx.db
    .select()
    .from(signActivities)
    .where(and(live, lte(signActivities.startAt, now), gt(signActivities.endAt, now)))
    .orderBy(asc(signActivities.startAt))
    .limit(1);
  if (!activity) throw badRequest('SIGN_NO_ACTIVITY');
  const today = platformDay(now);
  const yesterday = platformDay(new Date(now.getTime() - 86_400_000));
  return ctx.db.transaction(async (tx) => {
    const [previous] = await tx
      .select({ continuousDays: signRecords.continuousDays })
      .from(signRecords)
      .where(and(eq(signRecords.memberId, member.id), eq(signRecords.signDay, yesterday), eq(signRecords.activityId, activity.id)));
    const continuousDays = (previous?.continuousDays ?? 0) + 1;
    const rewards = rewardsOf(activity);
    const reward = rewards[(continuousDays - 1) % rewards.length];
    // The unique (member, day) index decides between two check-ins at once: the second inserts nothing.
    const [record] = await tx
      .insert(signRecords)
      .values({ activityId: activity.id, activityTitle: activity.title, memberId: member.id, memberName: member.uname, signDay: today, continuousDays, rewardType: reward.reward_type, point: reward.reward_type === 'POINT' ? reward.point : 0, couponId: reward.coupon_id })
      .onConflictDoNothing({ target: [signRecords.memberId, signRecords.signDay] })
      .returning({ id: signRecords.id });
    if (!record) throw badRequest('SIGN_ALREADY_TODAY');
    let couponTitle = '';
    if (reward.reward_type === 'POINT') await awardPoints(tx, member.id, reward.point, activity.title);
    else if (reward.coupon_id) {
      couponTitle = await claimRewardCoupon(tx, reward.coupon_id, member, now);
      await tx.update(signRecords).set({ couponTitle }).where(eq(signRecords.id, record.id));
    }
    await tx.update(signActivities).set({ signNum: sql`${signActivities.signNum} + 1` }).where(eq(signActivities.id, activity.id));
    return { record_id: record.id, sign_day: today, continuous_days: continuousDays, reward_type: reward.reward_type, point: reward.reward_type === 'POINT' ? reward.point : 0, coupon_title: couponTitle };
  });
}
