import { verificationEndpoints } from '@agora/contract';
import { route } from '../../platform/http.js';
import {
  bindMobile,
  checkTwoStepCode,
  checkTwoStepPassword,
  listSmsOutbox,
  readTwoStepSettings,
  saveTwoStepSettings,
  sendBindingCode,
  sendTwoStepCode,
  setVerifyPassword,
  verificationEnabled,
} from './service.js';

export const verificationRoutes = [
  route(verificationEndpoints.settings, { handler: ({ ctx }) => readTwoStepSettings(ctx) }),
  route(verificationEndpoints.save, {
    twoStep: verificationEnabled,
    log: { zh: '修改二次验证设置', en: 'Edit second-step verification settings' },
    important: true,
    handler: ({ body, admin, req, ctx }) => saveTwoStepSettings(ctx, body, { adminId: admin.id, ip: req.ip }),
  }),
  route(verificationEndpoints.sendBindingCode, { rateLimit: 'sms', twoStep: verificationEnabled, log: { zh: '发送验证手机绑定验证码', en: 'Send a code to bind the verification mobile' }, handler: ({ params, ctx }) => sendBindingCode(ctx, params.mobile) }),
  route(verificationEndpoints.bindMobile, { twoStep: verificationEnabled, log: { zh: '绑定验证手机', en: 'Bind the verification mobile' }, important: true, handler: ({ body, ctx }) => bindMobile(ctx, body) }),
  route(verificationEndpoints.setPassword, {
    twoStep: verificationEnabled,
    log: { zh: '修改验证密码', en: 'Change the verification password' },
    important: true,
    handler: ({ body, admin, req, ctx }) => setVerifyPassword(ctx, body, { adminId: admin.id, ip: req.ip }),
  }),
  route(verificationEndpoints.sendCode, { rateLimit: 'sms', log: { zh: '发送二次验证短信', en: 'Send a second-step SMS code' }, handler: ({ ctx }) => sendTwoStepCode(ctx) }),
  route(verificationEndpoints.checkSmsCode, { log: { zh: '二次验证（短信）', en: 'Second-step check (SMS)' }, handler: ({ body, admin, ctx }) => checkTwoStepCode(ctx, admin, body.sms_code) }),
  route(verificationEndpoints.checkPassword, { log: { zh: '二次验证（密码）', en: 'Second-step check (password)' }, handler: ({ body, admin, req, ctx }) => checkTwoStepPassword(ctx, admin, body.password, req.ip) }),
  route(verificationEndpoints.outbox, { handler: ({ query, admin, ctx }) => listSmsOutbox(ctx, admin, query) }),
];
