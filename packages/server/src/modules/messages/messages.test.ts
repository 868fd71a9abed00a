import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MessageTemplateRow, Page, SiteMessageRow, WechatNoticeRow, WechatTemplateRow } from '@agora/contract';
import { parseOutboundAllow } from '../../platform/outbound.js';
import { createTestDatabase, startTestApp, type Session, type TestApp, type TestDatabase } from '../../test/harness.js';
import { insertDefaultThemes, insertShop } from '../../test/marketplace-fixtures.js';
import { members } from '../members/tables.js';
import { notificationsSent } from '../sale/tables.js';
import { shopDetails } from '../shops/tables.js';
import { siteMessages } from './tables.js';

/** A real SMTP server on loopback keeping every mail it accepts, parsed. */
const delivered: ParsedMail[] = [];
let smtp: SMTPServer;
/** A loopback WeChat API: the test sets what get_all_private_template answers. */
let wechat: http.Server;
let wechatTemplates: { template_id: string; title: string; content: string }[] = [];
const wechatCalls: string[] = [];

let testDb: TestDatabase;
let t: TestApp;
let founder: Session;

beforeAll(async () => {
  smtp = new SMTPServer({
    disabledCommands: ['STARTTLS', 'AUTH'],
    onData(stream, _session, callback) {
      simpleParser(stream)
        .then((mail) => {
          delivered.push(mail);
          callback();
        })
        .catch(callback);
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
  wechat = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    wechatCalls.push(url.pathname);
    res.writeHead(200, { 'content-type': 'application/json' });
    if (url.pathname === '/cgi-bin/token') {
      const ok = url.searchParams.get('appid') === 'wx-app' && url.searchParams.get('secret') === 'wx-secret';
      res.end(JSON.stringify(ok ? { access_token: 'TOKEN', expires_in: 7200 } : { errcode: 40125, errmsg: 'invalid appsecret' }));
    } else if (url.pathname === '/cgi-bin/template/get_all_private_template' && url.searchParams.get('access_token') === 'TOKEN') {
      res.end(JSON.stringify({ template_list: wechatTemplates }));
    } else {
      res.end(JSON.stringify({ errcode: 40001, errmsg: 'invalid credential' }));
    }
  });
  await new Promise<void>((resolve) => wechat.listen(0, '127.0.0.1', resolve));
  testDb = await createTestDatabase();
  // WeChat and the SMTP server are played on 127.0.0.1, which the outbound policy refuses unless allowed
  t = await startTestApp(testDb, {
    wechat: { apiUrl: `http://127.0.0.1:${(wechat.address() as AddressInfo).port}`, appId: 'wx-app', appSecret: 'wx-secret' },
    outboundAllow: parseOutboundAllow('127.0.0.1'),
  });
  // Adding the SMTP account asks for the second step (docs/roles.md).
  founder = await t.verifiedSession(await t.loginFounder());
  const port = (smtp.server.address() as AddressInfo).port;
  const account = await t.inject({ method: 'POST', url: '/api/admin/notice/smtps', session: founder, payload: { host: '127.0.0.1', port, username: 'notices', max_count: 100, mail_from: 'notices@agora.test' } });
  expect(account.statusCode).toBe(200);
});
afterAll(async () => {
  await t.close();
  await testDb.drop();
  await new Promise<void>((resolve) => smtp.close(() => resolve()));
  await new Promise((resolve) => wechat.close(resolve));
});

const TEMPLATES = '/api/admin/systems/message-templates';
const templates = async (type?: string): Promise<MessageTemplateRow[]> => (await t.inject({ method: 'GET', url: TEMPLATES, session: founder, query: type ? { type } : {} })).json();
const templateOf = async (code: string) => (await templates()).find((row) => row.tpl_code === code)!;
const editTemplate = (id: number, payload: object) => t.inject({ method: 'PUT', url: `${TEMPLATES}/${id}`, session: founder, payload });
const stationTo = (receiverType: string, receiverId: number) =>
  t.ctx.db.select().from(notificationsSent).where(and(eq(notificationsSent.channel, 'STATION'), eq(notificationsSent.receiverType, receiverType), eq(notificationsSent.receiverId, receiverId)));

describe('message templates', () => {
  it('has one template per event, listed by type', async () => {
    const member = await templates('MEMBER');
    const shop = await templates('SHOP');
    expect(member.length + shop.length).toBe(28);
    expect(member.every((row) => row.type === 'MEMBER')).toBe(true);
    expect(shop.map((row) => row.tpl_code)).toContain('SHOPAUDIT');
    expect(member.find((row) => row.tpl_code === 'MEMBERORDERSSEND')).toMatchObject({ notice_state: 'OPEN', email_state: 'CLOSED', variables: expect.arrayContaining(['order_sn', 'ship_no']) });
  });

  it('refuses placeholders the event does not offer, naming them, and changes nothing', async () => {
    const row = await templateOf('SHOPAUDIT');
    const refused = await editTemplate(row.id, { channel: 'notice', state: 'OPEN', content: '店铺${shop_name}审核${audit_result}，订单${order_sn}，${nobody}' });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ code: 'MESSAGE_TEMPLATE_UNKNOWN_VARS', message: '该事件没有这些变量：${order_sn}、${nobody}' });
    expect((await templateOf('SHOPAUDIT')).notice_content).toBe(row.notice_content);
    const noTitle = await editTemplate(row.id, { channel: 'email', state: 'OPEN', content: '内容' });
    expect(noTitle.json().message).toContain('请填写邮件标题');
    const tooLong = await editTemplate(row.id, { channel: 'sms', state: 'OPEN', content: 'x'.repeat(301) });
    expect(tooLong.json().message).toContain('模板内容最多300个字符');
  });

  it('a shop audit tells the shop through the open channels: a site message and a mail through SMTP', async () => {
    const row = await templateOf('SHOPAUDIT');
    const email = await editTemplate(row.id, { channel: 'email', state: 'OPEN', email_title: '【${site_name}】${shop_name}审核${audit_result}', content: '${member_name}您好，店铺${shop_name}审核${audit_result}：${remark}' });
    expect(email.statusCode).toBe(200);
    expect(email.json()).toMatchObject({ email_state: 'OPEN', email_title: '【${site_name}】${shop_name}审核${audit_result}' });

    await insertDefaultThemes(t.ctx);
    const shop = await insertShop(t.ctx, { status: 'APPLY', openedAt: null, shopName: '通知测试小店' });
    await t.ctx.db.insert(shopDetails).values({ shopId: shop.id, companyEmail: 'owner@shop.test', linkPhone: '13800001111' });
    const audit = await t.inject({ method: 'PUT', url: `/api/admin/shops/${shop.id}`, session: founder, query: { pass: '1', audit_remark: '资料齐全' } });
    expect(audit.statusCode).toBe(200);

    const [station] = await stationTo('SHOP', shop.id);
    expect(station).toMatchObject({ receiver: '通知测试小店', title: '店铺审核提醒', content: '您的店铺“通知测试小店”开店申请审核通过。资料齐全' });
    // The mail was queued with the audit and goes out once it has committed.
    expect(delivered).toHaveLength(0);
    while (await t.ctx.jobs.runNext());
    expect(delivered).toHaveLength(1);
    expect(delivered[0].subject).toBe('【Agora】通知测试小店审核通过');
    expect(delivered[0].text?.trim()).toBe(`${shop.memberName}您好，店铺通知测试小店审核通过：资料齐全`);
    expect(delivered[0].to).toMatchObject({ text: 'owner@shop.test' });
    const [history] = await t.ctx.db.select().from(notificationsSent).where(eq(notificationsSent.channel, 'EMAIL')).orderBy(desc(notificationsSent.id)).limit(1);
    expect(history).toMatchObject({ receiverType: 'SHOP', receiverId: shop.id, receiver: 'owner@shop.test' });
  });

  it('a closed channel sends nothing', async () => {
    const row = await templateOf('SHOPAUDIT');
    await editTemplate(row.id, { channel: 'notice', state: 'CLOSED', content: row.notice_content });
    await editTemplate(row.id, { channel: 'email', state: 'CLOSED', email_title: row.email_title, content: row.email_content });
    const shop = await insertShop(t.ctx, { status: 'APPLY', openedAt: null });
    await t.inject({ method: 'PUT', url: `/api/admin/shops/${shop.id}`, session: founder, query: { pass: '0', audit_remark: '资料不全' } });
    while (await t.ctx.jobs.runNext());
    expect(await stationTo('SHOP', shop.id)).toHaveLength(0);
    expect(delivered).toHaveLength(1);
  });

  it('sends a template test mail with sample values', async () => {
    const row = await templateOf('MEMBERORDERSSEND');
    const sent = await t.inject({ method: 'POST', url: `${TEMPLATES}/${row.id}/test-mail`, session: founder, query: { email: 'ops@agora.test' } });
    expect(sent.statusCode).toBe(200);
    const mail = delivered.at(-1)!;
    expect(mail.subject).toBe('【Agora】会员订单发货提醒');
    expect(mail.text).toContain('您的订单【订单编号】已发货，【物流公司】运单号【物流单号】。');
    const bad = await t.inject({ method: 'POST', url: `${TEMPLATES}/${row.id}/test-mail`, session: founder, query: { email: 'nope' } });
    expect(bad.json().message).toContain('收件地址格式有误');
  });
});

describe('site messages', () => {
  const MESSAGES = '/api/admin/systems/messages';
  const send = (payload: object) => t.inject({ method: 'POST', url: MESSAGES, session: founder, payload });
  let ids: number[] = [];

  beforeAll(async () => {
    const rows = await t.ctx.db
      .insert(members)
      .values(Array.from({ length: 5 }, (_, n) => ({ uname: `msg${n}`, mobile: `1370000000${n}`, disabled: n === 4 ? -1 : 0 })))
      .returning({ id: members.id });
    ids = rows.map((row) => row.id);
  });

  it('validates the title, the content and the chosen members', async () => {
    expect((await send({ title: '标'.repeat(21), content: '内容', send_type: 0 })).json().message).toContain('消息标题最多20个字符');
    expect((await send({ title: '标题', content: '内容', send_type: 1 })).json().message).toContain('请选择会员');
    const disabled = await send({ title: '标题', content: '内容', send_type: 1, member_ids: [ids[0], ids[4]] });
    expect(disabled.json()).toMatchObject({ code: 'SITE_MESSAGE_MEMBERS_NOT_FOUND', message: `会员不存在或已禁用：${ids[4]}` });
    expect(await t.ctx.db.select().from(siteMessages)).toHaveLength(0);
  });

  it('sends to chosen members at once', async () => {
    const sent = await send({ title: '双十一活动', content: '全场满300减50', send_type: 1, member_ids: [ids[0], ids[1]] });
    expect(sent.statusCode).toBe(200);
    expect(sent.json().task).toBeUndefined();
    expect((await stationTo('MEMBER', ids[0]))[0]).toMatchObject({ receiver: 'msg0', title: '双十一活动', content: '全场满300减50' });
    expect(await stationTo('MEMBER', ids[2])).toHaveLength(0);
  });

  it('sends to everyone through a job, skipping the recycle bin, and lists what was sent', async () => {
    const sent = await send({ title: '平台公告', content: '系统将于今晚升级', send_type: 0 });
    expect(sent.json().task.task_id).toBeGreaterThan(0);
    let list: Page<SiteMessageRow> = (await t.inject({ method: 'GET', url: MESSAGES, session: founder })).json();
    expect(list.data[0]).toMatchObject({ title: '平台公告', send_type: 0, status: 'SENDING', sent_count: 0 });
    while (await t.ctx.jobs.runNext());
    const everyone = (await t.ctx.db.select({ id: members.id }).from(members)).length - 1;
    list = (await t.inject({ method: 'GET', url: MESSAGES, session: founder })).json();
    expect(list.data[0]).toMatchObject({ status: 'SENT', sent_count: everyone, admin_name: 'admin' });
    expect(list.data[1]).toMatchObject({ title: '双十一活动', send_type: 1, sent_count: 2, member_names: ['msg0', 'msg1'] });
    expect((await stationTo('MEMBER', ids[3])).map((row) => row.title)).toEqual(['平台公告']);
    expect(await stationTo('MEMBER', ids[4])).toHaveLength(0);
    const chosen: Page<SiteMessageRow> = (await t.inject({ method: 'GET', url: MESSAGES, session: founder, query: { send_type: '1' } })).json();
    expect(chosen.data.map((row) => row.title)).toEqual(['双十一活动']);
  });
});

describe('WeChat notices', () => {
  const WX = '/api/admin/systems';
  const sync = () => t.inject({ method: 'POST', url: `${WX}/wechat-msg-tmp/sync`, session: founder });
  const notice = async (code: string): Promise<WechatNoticeRow> => (await t.inject({ method: 'GET', url: `${WX}/wechat-subscribe-notices/${code}`, session: founder })).json();

  it('syncs the templates WeChat holds, with their keyword slots', async () => {
    wechatTemplates = [
      { template_id: 'tpl-ship', title: '订单发货提醒', content: '{{first.DATA}}\n订单号：{{keyword1.DATA}}\n快递公司：{{keyword2.DATA}}\n快递单号：{{keyword3.DATA}}\n{{remark.DATA}}' },
      { template_id: 'tpl-refund', title: '退款通知', content: '退款单号：{{keyword1.DATA}}\n退款金额：{{keyword2.DATA}}' },
    ];
    expect((await sync()).json()).toEqual({ count: 2 });
    expect(wechatCalls).toEqual(['/cgi-bin/token', '/cgi-bin/template/get_all_private_template']);
    const rows: WechatTemplateRow[] = (await t.inject({ method: 'GET', url: `${WX}/wechat-msg-tmp`, session: founder })).json();
    expect(rows.find((row) => row.template_id === 'tpl-ship')?.keywords).toEqual(['first', 'keyword1', 'keyword2', 'keyword3', 'remark']);
  });

  it('maps up to 5 keywords onto the event fields and refuses strangers', async () => {
    expect((await t.inject({ method: 'PUT', url: `${WX}/wechat-subscribe-notices/MEMBERORDERSSEND/enable`, session: founder, query: { enable: '1' } })).json().code).toBe('WECHAT_NOTICE_NO_TEMPLATE');
    const put = (payload: object) => t.inject({ method: 'PUT', url: `${WX}/wechat-subscribe-notices/MEMBERORDERSSEND`, session: founder, payload });
    expect((await put({ template_id: 'tpl-nope', keywords: [] })).json().code).toBe('WECHAT_TEMPLATE_NOT_FOUND');
    expect((await put({ template_id: 'tpl-ship', keywords: [{ keyword: 'keyword9', field: 'order_sn' }] })).json()).toMatchObject({ message: '模板中没有这些关键词：keyword9' });
    expect((await put({ template_id: 'tpl-ship', keywords: [{ keyword: 'keyword1', field: 'refund_price' }] })).json().code).toBe('MESSAGE_TEMPLATE_UNKNOWN_VARS');
    const six = Array.from({ length: 6 }, () => ({ keyword: 'keyword1', field: 'order_sn' }));
    expect((await put({ template_id: 'tpl-ship', keywords: six })).json().message).toContain('最多映射5个字段');
    const saved = await put({ template_id: 'tpl-ship', keywords: [{ keyword: 'keyword1', field: 'order_sn' }, { keyword: 'keyword2', field: 'logi_name' }, { keyword: 'keyword3', field: 'ship_no' }] });
    expect(saved.json()).toMatchObject({ template_id: 'tpl-ship', template_title: '订单发货提醒', is_enable: 0 });
    expect((await t.inject({ method: 'PUT', url: `${WX}/wechat-subscribe-notices/MEMBERORDERSSEND/enable`, session: founder, query: { enable: '1' } })).statusCode).toBe(200);
    expect(await notice('MEMBERORDERSSEND')).toMatchObject({ is_enable: 1, keywords: [{ keyword: 'keyword1', field: 'order_sn' }, { keyword: 'keyword2', field: 'logi_name' }, { keyword: 'keyword3', field: 'ship_no' }] });
  });

  it('a template gone from WeChat switches its notices off; a WeChat error is answered as such', async () => {
    wechatTemplates = [wechatTemplates[1]];
    expect((await sync()).json()).toEqual({ count: 1 });
    expect(await notice('MEMBERORDERSSEND')).toMatchObject({ is_enable: 0, template_id: '', keywords: [] });
    t.ctx.config.wechat = { ...t.ctx.config.wechat, appSecret: 'wrong' };
    expect((await sync()).json()).toMatchObject({ code: 'WECHAT_SYNC_FAILED', message: '从微信同步失败：errcode 40125' });
    t.ctx.config.wechat = { ...t.ctx.config.wechat, appId: '' };
    expect((await sync()).json()).toMatchObject({ code: 'WECHAT_NOT_CONFIGURED' });
    expect((await t.inject({ method: 'GET', url: `${WX}/wechat-msg-tmp`, session: founder })).json()).toHaveLength(1);
  });
});
