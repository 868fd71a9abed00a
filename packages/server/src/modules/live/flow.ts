import { sql, type SQL } from 'drizzle-orm';
import { LIVE_STATE_WORDS, type LiveState } from '@agora/contract';
import { AppError } from '../../platform/errors.js';
import { liveRooms } from './tables.js';

/**
 * A live room's state and what may be done in it, in one place: the list's filter, each row's
 * state and every write ask this module. Only the audit and a close are written; a passed room's
 * 未开始 / 直播中 / 已结束 follows its planned times.
 */
export interface LiveRoomState {
  status: string;
  startAt: Date;
  endAt: Date;
}

export function liveState(room: LiveRoomState, now: Date): LiveState {
  if (room.status === 'WAIT') return 'WAIT';
  if (room.status === 'REFUSE') return 'REFUSED';
  if (room.status === 'CLOSED') return 'CLOSED';
  if (now < room.startAt) return 'NOT_STARTED';
  return now <= room.endAt ? 'LIVE' : 'ENDED';
}

/** The same states as SQL conditions, for the list's filter (served by the status and start indexes). */
export function liveStateWhere(state: LiveState, now: Date): SQL {
  const r = liveRooms;
  switch (state) {
    case 'WAIT':
      return sql`${r.status} = 'WAIT'`;
    case 'REFUSED':
      return sql`${r.status} = 'REFUSE'`;
    case 'CLOSED':
      return sql`${r.status} = 'CLOSED'`;
    case 'NOT_STARTED':
      return sql`${r.status} = 'PASS' and ${r.startAt} > ${now}`;
    case 'LIVE':
      return sql`${r.status} = 'PASS' and ${r.startAt} <= ${now} and ${r.endAt} >= ${now}`;
    case 'ENDED':
      return sql`${r.status} = 'PASS' and ${r.endAt} < ${now}`;
  }
}

export const LIVE_ACTIONS = {
  APPROVE: { zh: '审核通过', en: 'approved', from: ['WAIT'], to: 'PASS' },
  REFUSE: { zh: '拒绝', en: 'refused', from: ['WAIT'], to: 'REFUSE' },
  CLOSE: { zh: '关闭', en: 'closed', from: ['NOT_STARTED', 'LIVE'], to: 'CLOSED' },
} as const satisfies Record<string, { zh: string; en: string; from: readonly LiveState[]; to: string }>;
export type LiveAction = keyof typeof LIVE_ACTIONS;

/** Refuses an action the room's state does not allow (直播间《…》{状态}，不能{操作}), before anything is written. */
export function assertLiveAllowed(room: LiveRoomState & { title: string }, action: LiveAction, now: Date): void {
  const state = liveState(room, now);
  const rule = LIVE_ACTIONS[action];
  if ((rule.from as readonly LiveState[]).includes(state)) return;
  const words = LIVE_STATE_WORDS[state];
  throw new AppError(400, 'LIVE_REFUSED', { title: room.title, status: words.zh, status_en: words.en, action: rule.zh, action_en: rule.en });
}
