import { memberEndpoints as members } from '@agora/contract';
import { route } from '../../platform/http.js';
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

export const memberRoutes = [
  route(members.levels, { handler: ({ ctx }) => listLevels(ctx) }),
  route(members.createLevel, { log: { zh: '新增会员等级', en: 'Add a member level' }, handler: ({ body, ctx }) => createLevel(ctx, body) }),
  route(members.level, { handler: ({ params, ctx }) => getLevel(ctx, params.id) }),
  route(members.updateLevel, { log: { zh: '修改会员等级', en: 'Edit member level' }, handler: ({ params, body, ctx }) => updateLevel(ctx, params.id, body) }),
  route(members.deleteLevel, { log: { zh: '删除会员等级', en: 'Delete a member level' }, handler: ({ params, ctx }) => deleteLevel(ctx, params.id) }),
  route(members.setDefaultLevel, { log: { zh: '设置默认会员等级', en: 'Set the default member level' }, handler: ({ params, ctx }) => setDefaultLevel(ctx, params.id) }),
  route(members.assignLevel, { log: { zh: '修改会员等级', en: 'Edit member level' }, handler: ({ params, ctx }) => assignLevel(ctx, params.member_id, params.level_id) }),
  route(members.depositLog, { handler: ({ query, ctx }) => listDepositLog(ctx, query) }),
  route(members.wallet, { handler: ({ params, ctx }) => getWallet(ctx, params.member_id) }),
  route(members.adjustBalance, {
    log: { zh: '调整会员预存款', en: 'Adjust a member\'s pre-deposit' },
    important: true,
    handler: ({ params, body, admin, ctx }) => adjustBalance(ctx, admin, params.member_id, body),
  }),
  route(members.pointLog, { handler: ({ params, query, ctx }) => listPointLog(ctx, params.member_id, query) }),
  route(members.adjustPoints, {
    log: { zh: '调整会员积分', en: 'Adjust a member\'s points' },
    important: true,
    handler: ({ params, body, admin, ctx }) => adjustPoints(ctx, admin, params.member_id, body),
  }),
  route(members.list, { handler: ({ query, ctx }) => listMembers(ctx, query) }),
  route(members.create, { log: { zh: '新增会员', en: 'Add a member' }, handler: ({ body, ctx, req }) => createMember(ctx, body, req.ip) }),
  route(members.detail, { handler: ({ params, ctx }) => getMember(ctx, params.id) }),
  route(members.update, {
    // Resetting a member's password is a credential change; editing the profile is not.
    twoStep: async (_ctx, req) => Boolean((req.body as { password?: unknown } | undefined)?.password),
    log: { zh: '修改会员', en: 'Edit a member' },
    important: true, handler: ({ params, body, ctx }) => updateMember(ctx, params.id, body) }),
  route(members.recycle, { log: { zh: '禁用会员（移入回收站）', en: 'Disable members (to the recycle bin)' }, important: true, handler: ({ params, ctx }) => recycleMember(ctx, params.id) }),
  route(members.restore, { log: { zh: '恢复会员', en: 'Restore members' }, handler: ({ params, ctx }) => restoreMember(ctx, params.id) }),
];
