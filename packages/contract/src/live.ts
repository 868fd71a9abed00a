import { z } from 'zod';
import { idListOf, idOf, listQuery, type Page } from './common.js';
import { defineEndpoints, endpoint, returns } from './endpoint.js';

/**
 * Live video (直播管理, spec §1's "live video"; DOMAIN names no behaviour): shops' live broadcast
 * rooms, which go on air only once the platform has passed them. A room is WAIT (待审核) until
 * audited; a passed room reads 未开始 / 直播中 / 已结束 from its planned times; a refused one
 * keeps the reason; the platform may close a passed room that has not ended (已关闭, final).
 */
export const LIVE_STATES = ['WAIT', 'NOT_STARTED', 'LIVE', 'ENDED', 'REFUSED', 'CLOSED'] as const;
export type LiveState = (typeof LIVE_STATES)[number];
export const LIVE_STATE_WORDS: Record<LiveState, { zh: string; en: string }> = {
  WAIT: { zh: '待审核', en: 'waiting for audit' },
  NOT_STARTED: { zh: '未开始', en: 'not started' },
  LIVE: { zh: '直播中', en: 'on air' },
  ENDED: { zh: '已结束', en: 'ended' },
  REFUSED: { zh: '已拒绝', en: 'refused' },
  CLOSED: { zh: '已关闭', en: 'closed' },
};
export const LIVE_LIMITS = { title: 40, goods: 20, reason: 200, batch: 100 } as const;

export interface LiveGoods {
  goods_id: number;
  goods_name: string;
  thumbnail: string;
}

export interface LiveRoomRow {
  id: number;
  title: string;
  shop_id: number;
  shop_name: string;
  cover: string;
  /** unix seconds */
  start_time: number;
  end_time: number;
  state: LiveState;
  goods: LiveGoods[];
  refuse_reason: string;
  close_reason: string;
  /** who audited or closed it last, and when (unix seconds, or null) */
  operator: string;
  operate_time: number | null;
  create_time: number;
}

/** GET admin/live/rooms */
export const liveRoomQuery = listQuery(
  {
    shop_id: idOf('店铺id格式有误').optional(),
    state: z.enum(LIVE_STATES, { message: '直播间状态有误' }).optional(),
  },
  { by: ['start_time', 'create_time'], default: 'start_time' },
);
export type LiveRoomQuery = z.output<typeof liveRoomQuery>;

const reason = z.string().trim().max(LIVE_LIMITS.reason, `原因最多${LIVE_LIMITS.reason}个字符`);

/** PUT admin/live/rooms/audit: pass or refuse rooms waiting for audit, all of them or none; a refusal needs its reason. */
export const liveAuditBody = z
  .object({
    ids: idListOf('直播间id格式有误', LIVE_LIMITS.batch, `一次最多审核${LIVE_LIMITS.batch}个直播间`),
    pass: z.union([z.literal(0), z.literal(1)], { message: '请选择审核结果' }),
    reason: reason.default(''),
  })
  .refine((body) => body.pass === 1 || body.reason.length > 0, { message: '请填写拒绝原因', path: ['reason'] });
export type LiveAuditInput = z.output<typeof liveAuditBody>;

/** PUT admin/live/rooms/{id}/close */
export const liveCloseBody = z.object({ reason: reason.min(1, '请填写关闭原因') });

export const liveRoomParams = z.object({ id: idOf('直播间id格式有误') });

export const liveEndpoints = defineEndpoints('live', {
  list: endpoint({ method: 'GET', path: 'admin/live/rooms', permission: 'liveVideo', query: liveRoomQuery, response: returns<Page<LiveRoomRow>>() }),
  audit: endpoint({ method: 'PUT', path: 'admin/live/rooms/audit', permission: 'liveVideo', body: liveAuditBody }),
  close: endpoint({ method: 'PUT', path: 'admin/live/rooms/:id/close', permission: 'liveVideo', params: liveRoomParams, body: liveCloseBody }),
});
