import { liveEndpoints } from '@agora/contract';
import { route } from '../../platform/http.js';
import { auditIn } from '../../platform/audit.js';
import { auditLiveRooms, closeLiveRoom, listLiveRooms } from './service.js';

const passOf = (body: unknown) => (body as { pass?: number } | undefined)?.pass === 1;

/** Live video (contract/live.ts): the platform audits and closes shops' live rooms. */
export const liveRoutes = [
  route(liveEndpoints.list, { handler: ({ query, ctx }) => listLiveRooms(ctx, query) }),
  route(liveEndpoints.audit, {
    log: (req) => (passOf(req.body) ? { zh: '审核通过直播间', en: 'Approve live rooms' } : { zh: '拒绝直播间', en: 'Refuse live rooms' }),
    handler: ({ body, admin, ctx, req }) => auditLiveRooms(ctx, body, admin, auditIn(req)),
  }),
  route(liveEndpoints.close, { important: true, log: { zh: '关闭直播间', en: 'Close a live room' }, handler: ({ params, body, admin, ctx, req }) => closeLiveRoom(ctx, params.id, body.reason, admin, auditIn(req)) }),
];
