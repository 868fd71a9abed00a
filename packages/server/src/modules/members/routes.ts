import {
  depositAdjustBody,
  depositLogQuery,
  idParam,
  memberCreateBody,
  memberIdParam,
  memberLevelBody,
  memberLevelParams,
  memberListQuery,
  memberUpdateBody,
  pageQuery,
  pointAdjustBody,
} from '@agora/contract';
import { defineRoute } from '../../platform/http.js';
import {
  adjustBalance,
  adjustPoints,
  assignLevel,
  createLevel,
  createMember,
  deleteLevel,
  getLevel,
  getMember,
  getWallet,
  listDepositLog,
  listLevels,
  listMembers,
  listPointLog,
  recycleMember,
  restoreMember,
  setDefaultLevel,
  updateLevel,
  updateMember,
} from './service.js';

/** Pages that read the level list: the level page itself, the level filter and select of the member pages. */
const LEVEL_READERS = ['memberLevel', 'memberLevelAdd', 'memberLevelEdit', 'memberList', 'memberRecycle', 'memberEdit'] as const;

export const memberRoutes = [
  // Static paths first in reading order; the router prefers them over `:id` whatever the order.
  defineRoute({
    method: 'GET',
    url: 'admin/members/level',
    permission: LEVEL_READERS,
    handler: ({ ctx }) => listLevels(ctx),
  }),
  defineRoute({
    method: 'POST',
    url: 'admin/members/level',
    permission: 'memberLevelAdd',
    body: memberLevelBody,
    log: '新增会员等级',
    handler: ({ body, ctx }) => createLevel(ctx, body),
  }),
  defineRoute({
    method: 'GET',
    url: 'admin/members/level/:id',
    permission: 'memberLevelEdit',
    params: idParam,
    handler: ({ params, ctx }) => getLevel(ctx, params.id),
  }),
  defineRoute({
    method: 'PUT',
    url: 'admin/members/level/:id',
    permission: 'memberLevelEdit',
    params: idParam,
    body: memberLevelBody,
    log: '修改会员等级',
    handler: ({ params, body, ctx }) => updateLevel(ctx, params.id, body),
  }),
  defineRoute({
    method: 'DELETE',
    url: 'admin/members/level/:id',
    permission: 'memberLevel',
    params: idParam,
    log: '删除会员等级',
    async handler({ params, ctx }) {
      await deleteLevel(ctx, params.id);
      return {};
    },
  }),
  defineRoute({
    method: 'PUT',
    url: 'admin/members/level/default/:id',
    permission: 'memberLevel',
    params: idParam,
    log: '设置默认会员等级',
    handler: ({ params, ctx }) => setDefaultLevel(ctx, params.id),
  }),
  defineRoute({
    method: 'PUT',
    url: 'admin/members/edit-level/:member_id/:level_id',
    permission: 'memberEdit',
    params: memberLevelParams,
    log: '修改会员等级',
    handler: ({ params, ctx }) => assignLevel(ctx, params.member_id, params.level_id),
  }),
  defineRoute({
    method: 'GET',
    url: 'admin/members/deposit/log',
    permission: ['memberTopUp', 'memberEdit'],
    query: depositLogQuery,
    handler: ({ query, ctx }) => listDepositLog(ctx, query),
  }),
  defineRoute({
    method: 'GET',
    url: 'admin/members/deposit/:member_id/wallet',
    permission: 'memberTopUp',
    params: memberIdParam,
    handler: ({ params, ctx }) => getWallet(ctx, params.member_id),
  }),
  defineRoute({
    method: 'PUT',
    url: 'admin/members/deposit/:member_id/increase',
    permission: 'memberTopUp',
    twoStep: true,
    params: memberIdParam,
    body: depositAdjustBody,
    log: '调整会员预存款',
    important: true,
    handler: ({ params, body, admin, ctx }) => adjustBalance(ctx, admin, params.member_id, body),
  }),
  defineRoute({
    method: 'GET',
    url: 'admin/members/point/:member_id',
    permission: ['memberTopUp', 'memberEdit'],
    params: memberIdParam,
    query: pageQuery,
    handler: ({ params, query, ctx }) => listPointLog(ctx, params.member_id, query),
  }),
  defineRoute({
    method: 'PUT',
    url: 'admin/members/point/:member_id',
    permission: 'memberTopUp',
    twoStep: true,
    params: memberIdParam,
    body: pointAdjustBody,
    log: '调整会员积分',
    important: true,
    handler: ({ params, body, admin, ctx }) => adjustPoints(ctx, admin, params.member_id, body),
  }),
  defineRoute({
    method: 'GET',
    url: 'admin/members',
    // the top-up page finds its member with the same list
    permission: ['memberList', 'memberRecycle', 'memberTopUp'],
    query: memberListQuery,
    handler: ({ query, ctx }) => listMembers(ctx, query),
  }),
  defineRoute({
    method: 'POST',
    url: 'admin/members',
    permission: 'memberList',
    body: memberCreateBody,
    log: '新增会员',
    handler: ({ body, ctx, req }) => createMember(ctx, body, req.ip),
  }),
  defineRoute({
    method: 'GET',
    url: 'admin/members/:id',
    permission: ['memberEdit', 'memberTopUp'],
    params: idParam,
    handler: ({ params, ctx }) => getMember(ctx, params.id),
  }),
  defineRoute({
    method: 'PUT',
    url: 'admin/members/:id',
    permission: 'memberEdit',
    params: idParam,
    body: memberUpdateBody,
    log: '修改会员',
    important: true,
    handler: ({ params, body, ctx }) => updateMember(ctx, params.id, body),
  }),
  defineRoute({
    method: 'DELETE',
    url: 'admin/members/:id',
    permission: 'memberList',
    params: idParam,
    log: '禁用会员（移入回收站）',
    important: true,
    async handler({ params, ctx }) {
      await recycleMember(ctx, params.id);
      return {};
    },
  }),
  defineRoute({
    method: 'POST',
    url: 'admin/members/:id',
    permission: 'memberRecycle',
    params: idParam,
    log: '恢复会员',
    async handler({ params, ctx }) {
      await restoreMember(ctx, params.id);
      return {};
    },
  }),
];
