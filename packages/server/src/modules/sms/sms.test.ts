import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SMS_SIGNATURE_HEADERS, type SmsRecordRow, type SmsTaskRow } from '@agora/contract';
import { parseOutboundAllow } from '../../platform/outbound.js';
import { withTestApp, type Session, type TestApp } from '../../test/harness.js';
import { md5 } from '../../platform/passwords.js';
import { smsSignature } from '../plugins/drivers.js';
import { startDueTasks } from './service.js';

let t: TestApp;
let founder: Session;
// The test's gateway listens on 127.0.0.1, which the outbound policy refuses unless OUTBOUND_ALLOW lists it.
withTestApp(
  (app, session) => {
    t = app;
    founder = session;
  },
  { outboundAllow: parseOutboundAllow('127.0.0.1') },
);

/**
 * The provider behind the HTTP gateway, as docs/sms.md describes it: it checks every request's
 * signature, numbers what is submitted for audit, answers each id's state as the test decides it,
 * and refuses texts to numbers ending in 0000 (so a record can fail).
 */
const SECRET = 'provider-secret-77';
const submitted: { path: string; body: Record<string, string> }[] = [];
const sent: { mobile: string; content: string; sign_name: string }[] = [];
const decisions = new Map<string, { status: string; reason?: string }>();
let provider: http.Server;
let sendUrl = '';

beforeAll(async () => {
  // Changing a credential asks for the second step (docs/roles.md); these tests are about what comes after it.
  founder = await t.verifiedSession(founder);
  provider = http.createServer((req, res) => {
    let raw = '';
    req.on('data', (chunk) => (raw += String(chunk)));
    req.on('end', () => {
      const header = (name: string) => String(req.headers[name] ?? '');
      if (header(SMS_SIGNATURE_HEADERS.signature) !== smsSignature(SECRET, header(SMS_SIGNATURE_HEADERS.timestamp), header(SMS_SIGNATURE_HEADERS.nonce), raw)) {
        res.writeHead(401).end('bad signature');
        return;
      }
      const body = JSON.parse(raw);
      const json = (answer: unknown) => res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(answer));
      if (req.url === '/sms/send') {
        if (String(body.mobile).endsWith('0000')) return void res.writeHead(500).end('number unreachable');
        sent.push(body);
        return json({ code: 0 });
      }
      if (req.url === '/sms/signs' || req.url === '/sms/templates') {
        submitted.push({ path: req.url, body });
        return json({ biz_id: `${req.url === '/sms/signs' ? 'S' : 'T'}-${submitted.length}` });
      }
      if (req.url === '/sms/audit-status') {
        return json({ results: (body.biz_ids as string[]).map((id) => ({ biz_id: id, ...(decisions.get(id) ?? { status: 'AUDITING' }) })) });
      }
      res.writeHead(404).end();
    });
  });
  await new Promise<void>((resolve) => provider.listen(0, '127.0.0.1', resolve));
  sendUrl = `http://127.0.0.1:${(provider.address() as AddressInfo).port}/sms/send`;
});
afterAll(() => new Promise((resolve) => provider?.close(resolve)));

const API = '/api/admin/notice/sms';
const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object, session = founder) =>
  t.inject({ method, url: `${API}${url}`, session, ...(payload ? { payload } : {}) });
const ok = async (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) => {
  const response = await call(method, url, payload);
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
};
const openGateway = async () => {
  const saved = await t.inject({ method: 'PUT', url: '/api/admin/notice/platforms/smsHttpGatewayPlugin', session: founder, payload: { config: { url: sendUrl, app_key: 'agora' }, secrets: { app_secret: SECRET } } });
  expect(saved.statusCode, saved.body).toBe(200);
  expect((await t.inject({ method: 'PUT', url: '/api/admin/notice/platforms/smsHttpGatewayPlugin/open', session: founder })).statusCode).toBe(200);
};
const sync = () => ok('POST', '/sync');

let signId = 0;
let templateId = 0;

describe('signatures', () => {
  it('are audited by the provider only: submitted while WAIT_INIT, locked while AUDITING, decided by a sync', async () => {
    const sign = await ok('POST', '/signs', { sign_name: 'Agora商城', remark: '平台自有品牌' });
    signId = sign.id;
    expect(sign).toMatchObject({ audit_status: 'WAIT_INIT', audit_reason: '' });
    const taken = await call('POST', '/signs', { sign_name: 'Agora商城', remark: '重复' });
    expect(taken.statusCode).toBe(400);
    expect(taken.json().message).toBe('短信签名名称已存在');
    expect((await call('POST', '/signs', { sign_name: 'A', remark: 'x' })).json().message).toBe('签名名称须为2-12个字符');

    // The development outbox audits nothing: no state is made up.
    const noGateway = await call('PUT', `/signs/${signId}/submit`);
    expect(noGateway.statusCode).toBe(400);
    expect(noGateway.json().message).toBe('请先在短信网关设置中开启HTTP短信网关，再提交审核');

    await openGateway();
    expect(await ok('PUT', `/signs/${signId}/submit`)).toMatchObject({ audit_status: 'AUDITING' });
    expect(submitted.at(-1)).toEqual({ path: '/sms/signs', body: { sign_name: 'Agora商城', remark: '平台自有品牌' } });

    const edit = await call('PUT', `/signs/${signId}`, { sign_name: 'Agora', remark: '改' });
    expect(edit.json().message).toBe('短信签名审核中状态不能进行编辑操作');
    expect((await call('DELETE', `/signs/${signId}`)).json().message).toBe('短信签名审核中状态不能进行删除操作');
    expect((await call('PUT', `/signs/${signId}/submit`)).json().message).toBe('短信签名审核中状态不能进行提交审核操作');

    expect(await sync()).toEqual({ signs: 0, templates: 0 });
    decisions.set('S-1', { status: 'PASS' });
    expect(await sync()).toEqual({ signs: 1, templates: 0 });
    expect((await ok('GET', '/signs?audit_status=PASS')).data.map((row: { id: number }) => row.id)).toEqual([signId]);
  });

  it('a refused signature shows the reason through the scheduled sync and may be edited and submitted again', async () => {
    const other = await ok('POST', '/signs', { sign_name: '测试签名', remark: '测试' });
    await ok('PUT', `/signs/${other.id}/submit`);
    decisions.set(`S-${submitted.length}`, { status: 'NOT_PASS', reason: '签名与企业名称不符' });
    await t.ctx.scheduler.ensureTasks();
    const outcomes = await t.ctx.scheduler.runDueTasks(new Date(Date.now() + 3_600_000));
    expect(outcomes.find((o) => o.name === 'sms.audit-sync')).toMatchObject({ status: 'ok', result: 'signs 1, templates 0' });
    const [row] = (await ok('GET', '/signs?audit_status=NOT_PASS')).data;
    expect(row).toMatchObject({ id: other.id, audit_reason: '签名与企业名称不符' });
    expect(await ok('PUT', `/signs/${other.id}`, { sign_name: '测试签名二', remark: '补充材料' })).toMatchObject({ sign_name: '测试签名二', audit_status: 'NOT_PASS' });
    expect(await ok('PUT', `/signs/${other.id}/submit`)).toMatchObject({ audit_status: 'AUDITING', audit_reason: '' });
  });
});

describe('templates', () => {
  it('are enabled only once passed', async () => {
    const template = await ok('POST', '/templates', { template_name: '双11预告', template_type: 'PROMOTE', content: '双11全场满300减50，回T退订', remark: '营销活动' });
    templateId = template.id;
    expect((await call('PUT', `/templates/${templateId}/enable?enable=1`)).json().message).toBe('只有审核通过的模板才能启用');
    await ok('PUT', `/templates/${templateId}/submit`);
    expect(submitted.at(-1)).toEqual({ path: '/sms/templates', body: { template_name: '双11预告', template_type: 'PROMOTE', content: '双11全场满300减50，回T退订', remark: '营销活动' } });
    decisions.set(`T-${submitted.length}`, { status: 'PASS' });
    expect(await sync()).toEqual({ signs: 0, templates: 1 });
    expect(await ok('PUT', `/templates/${templateId}/enable?enable=1`)).toMatchObject({ audit_status: 'PASS', enable_status: 1 });
    expect((await ok('GET', '/templates?enable_status=1&template_type=PROMOTE')).data).toHaveLength(1);
    expect((await call('PUT', `/templates/${templateId}`, { template_name: 'x', template_type: 'CODE', content: 'y', remark: 'z' })).json().message).toBe('短信模板审核通过状态不能进行编辑操作');
  });

  it('answer only to the screens that hold the permission', async () => {
    const { session } = await t.adminWithPermissions(founder, ['checkMessage']);
    expect((await call('POST', '/templates', { template_name: 'n', template_type: 'CODE', content: 'c', remark: 'r' }, session)).statusCode).toBe(403);
    expect((await call('GET', '/signs', undefined, session)).statusCode).toBe(403);
    expect((await call('GET', '/records', undefined, session)).statusCode).toBe(200);
  });
});

const taskBody = (extra: object) => ({ sign_id: signId, template_id: templateId, send_type: 'QUICKLY', recipient_type: 'MOBILE', ...extra });
const runJobs = async () => {
  while (await t.ctx.jobs.runNext());
};
const records = async (query: string): Promise<SmsRecordRow[]> => (await ok('GET', `/records?${query}`)).data;

describe('send tasks', () => {
  it('refuse bad numbers, listing them, and signatures or templates not usable', async () => {
    const bad = await call('POST', '/tasks', taskBody({ mobiles: '13800000001, 12345\nabc' }));
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe('以下手机号码格式有误：12345、abc');
    await ok('PUT', `/templates/${templateId}/enable?enable=0`);
    expect((await call('POST', '/tasks', taskBody({ mobiles: '13800000001' }))).json().message).toBe('所选短信模板未审核通过或未启用，不能发送');
    await ok('PUT', `/templates/${templateId}/enable?enable=1`);
    const unpassed = await ok('POST', '/signs', { sign_name: '未审签名', remark: 'x' });
    expect((await call('POST', '/tasks', taskBody({ sign_id: unpassed.id, mobiles: '13800000001' }))).json().message).toBe('所选短信签名未通过审核，不能发送');
  });

  it('send now to a mobile list through the gateway: one record per number, SUCCESS or FAIL from its answer', async () => {
    const task: SmsTaskRow = await ok('POST', '/tasks', taskBody({ mobiles: '13800000001\n13800000002，13900000000' }));
    expect(task).toMatchObject({ status: 'STARTED', total: 3, content: '【Agora商城】双11全场满300减50，回T退订' });
    expect((await records(`task_id=${task.id}`)).map((row) => row.status)).toEqual(['WAIT_RECEIPT', 'WAIT_RECEIPT', 'WAIT_RECEIPT']);
    await runJobs();
    const [done] = await ok('GET', `/tasks/progress?ids=${task.id}`);
    expect(done).toEqual({ id: task.id, status: 'OVER', total: 3, success_count: 2, fail_count: 1 });
    expect(sent.filter((message) => message.mobile.startsWith('1380000000')).map((m) => [m.mobile, m.sign_name])).toEqual([
      ['13800000001', 'Agora商城'],
      ['13800000002', 'Agora商城'],
    ]);
    const failed = await records(`task_id=${task.id}&status=FAIL`);
    expect(failed).toHaveLength(1);
    expect(failed[0].mobile).not.toBe('13900000000');
    expect(failed[0].fail_reason).toBe('短信网关发送失败：HTTP 500');
    expect(await records(`mobile=13800000002`)).toHaveLength(1);
    expect((await call('PUT', `/tasks/${task.id}/recall`)).json().message).toBe('短信任务已结束状态不能进行撤回操作');
  });

  it('send to chosen members at their mobiles', async () => {
    const member = await t.inject({ method: 'POST', url: '/api/admin/members', session: founder, payload: { uname: 'smsbuyer', password: md5('buyer123'), mobile: '13700001111' } });
    expect(member.statusCode, member.body).toBe(200);
    const task = await ok('POST', '/tasks', taskBody({ recipient_type: 'MEMBER', member_ids: [member.json().member_id] }));
    await runJobs();
    const [record] = await records(`task_id=${task.id}`);
    expect(record).toMatchObject({ member_id: member.json().member_id, status: 'SUCCESS' });
    expect(sent.at(-1)?.mobile).toBe('13700001111');
  });

  it('timed: the scheduled tick starts it when due; of a recall and the start at once exactly one wins', async () => {
    const later = Math.floor(Date.now() / 1000) + 3600;
    const timed = await ok('POST', '/tasks', taskBody({ send_type: 'TIMING', send_time: later, mobiles: '13600000001' }));
    expect(timed).toMatchObject({ status: 'NOT_STARTED', send_time: later });
    expect(await startDueTasks(t.ctx, new Date())).toBe(0);
    await t.ctx.scheduler.ensureTasks();
    await t.ctx.scheduler.runDueTasks(new Date((later + 600) * 1000));
    await runJobs();
    expect((await ok('GET', `/tasks/progress?ids=${timed.id}`))[0]).toMatchObject({ status: 'OVER', success_count: 1 });

    for (let round = 0; round < 4; round++) {
      const task = await ok('POST', '/tasks', taskBody({ send_type: 'TIMING', send_time: later, mobiles: '13600000002' }));
      const [recall, started] = await Promise.all([call('PUT', `/tasks/${task.id}/recall`), startDueTasks(t.ctx, new Date((later + 60) * 1000))]);
      const [state] = await ok('GET', `/tasks/progress?ids=${task.id}`);
      const written = await records(`task_id=${task.id}`);
      if (recall.statusCode === 200) {
        expect(state.status).toBe('RECALL');
        expect(written).toHaveLength(0);
      } else {
        expect(started).toBeGreaterThan(0);
        expect(recall.json().message).toBe('短信任务发送中状态不能进行撤回操作');
        expect(state.status).toBe('STARTED');
        expect(written).toHaveLength(1);
      }
      await runJobs();
    }
  });
});
