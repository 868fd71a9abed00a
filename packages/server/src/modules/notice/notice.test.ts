import type { AddressInfo } from 'node:net';
import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SmtpRow } from '@agora/contract';
import { parseOutboundAllow } from '../../platform/outbound.js';
import { withTestApp, type Session, type TestApp } from '../../test/harness.js';

let t: TestApp;
let founder: Session;
// The test's SMTP server listens on 127.0.0.1, which the outbound policy refuses unless OUTBOUND_ALLOW lists it.
withTestApp(
  (app, session) => {
    t = app;
    founder = session;
  },
  { outboundAllow: parseOutboundAllow('127.0.0.1') },
);

/** A real SMTP server on loopback: it checks each account's password and keeps every mail it accepts, parsed. */
const PASSWORDS: Record<string, string> = { first: 'first-pass', second: 'second-pass' };
const delivered: (ParsedMail & { user: string })[] = [];
let server: SMTPServer;
let port = 0;

beforeAll(async () => {
  // Changing a credential asks for the second step (docs/roles.md); these tests are about what comes after it.
  founder = await t.verifiedSession(founder);
  server = new SMTPServer({
    disabledCommands: ['STARTTLS'],
    authMethods: ['PLAIN', 'LOGIN'],
    onAuth(auth, _session, callback) {
      if (auth.username && PASSWORDS[auth.username] === auth.password) callback(null, { user: auth.username });
      else callback(new Error('Invalid username or password'));
    },
    onData(stream, session, callback) {
      simpleParser(stream)
        .then((mail) => {
          delivered.push(Object.assign(mail, { user: String(session.user) }));
          callback();
        })
        .catch(callback);
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.server.address() as AddressInfo).port;
});
afterAll(async () => {
  await new Promise<void>((resolve) => server?.close(() => resolve()));
});

const SMTPS = '/api/admin/notice/smtps';
const account = (username: string, extra: object = {}) => ({ host: '127.0.0.1', port, username, password: PASSWORDS[username], max_count: 2, mail_from: `${username}@agora.test`, ...extra });
const testSend = (email: string, smtpId?: number) =>
  t.inject({ method: 'POST', url: SMTPS + '/send', session: founder, query: { email, ...(smtpId ? { smtp_id: String(smtpId) } : {}) } });
const rows = async (): Promise<SmtpRow[]> => (await t.inject({ method: 'GET', url: SMTPS, session: founder })).json().data;

describe('SMTP accounts', () => {
  let first = 0;
  let second = 0;

  it('says so when no account is configured', async () => {
    expect((await testSend('ops@agora.test')).json()).toMatchObject({ code: 'SMTP_NONE', message: '尚未配置SMTP账号' });
  });

  it('adds accounts with a write-only password and validates the fields', async () => {
    const created = await t.inject({ method: 'POST', url: SMTPS, session: founder, payload: account('first') });
    expect(created.statusCode, created.body).toBe(200);
    expect(created.body).not.toContain('first-pass');
    expect(created.json()).toMatchObject({ username: 'first', password_set: true, send_count: 0, last_send_time: null });
    first = created.json().id;
    second = (await t.inject({ method: 'POST', url: SMTPS, session: founder, payload: account('second') })).json().id;
    const bad = await t.inject({ method: 'POST', url: SMTPS, session: founder, payload: account('x', { mail_from: 'not-an-address', port: 70000 }) });
    expect(bad.statusCode).toBe(400);
    // An edit with the password left empty keeps it.
    const edited = await t.inject({ method: 'PUT', url: `${SMTPS}/${first}`, session: founder, payload: { ...account('first'), password: '', max_count: 2 } });
    expect(edited.json().password_set).toBe(true);
    expect((await rows()).map((row) => row.id)).toEqual([second, first]);
  });

  it('delivers a test mail for real, rotating over the accounts below their daily maximum', async () => {
    const senders: number[] = [];
    for (let index = 0; index < 4; index++) {
      const sent = await testSend(`ops${index}@agora.test`);
      expect(sent.statusCode, sent.body).toBe(200);
      senders.push(sent.json().smtp_id);
    }
    // Least recently used first: the two accounts take turns until both reach 2 a day.
    expect(senders).toEqual([first, second, first, second]);
    expect(delivered.map((mail) => [mail.user, mail.from?.value[0].address, (mail.to as { value: { address: string }[] }).value[0].address, mail.subject])).toEqual([
      ['first', 'first@agora.test', 'ops0@agora.test', 'Agora 测试邮件'],
      ['second', 'second@agora.test', 'ops1@agora.test', 'Agora 测试邮件'],
      ['first', 'first@agora.test', 'ops2@agora.test', 'Agora 测试邮件'],
      ['second', 'second@agora.test', 'ops3@agora.test', 'Agora 测试邮件'],
    ]);
    expect(delivered[0].text).toContain('SMTP设置可用');
    expect((await rows()).map((row) => row.send_count)).toEqual([2, 2]);
    const full = await testSend('ops@agora.test');
    expect(full.statusCode).toBe(400);
    expect(full.json().message).toBe('都已达到最大发信数');
    expect(delivered).toHaveLength(4);
  });

  it('never sends past a maximum when several mails go out at once', async () => {
    await t.inject({ method: 'PUT', url: `${SMTPS}/${first}`, session: founder, payload: { ...account('first'), max_count: 5 } });
    const answers = await Promise.all(Array.from({ length: 6 }, (_, index) => testSend(`burst${index}@agora.test`, first)));
    expect(answers.filter((answer) => answer.statusCode === 200)).toHaveLength(3);
    expect(answers.filter((answer) => answer.json().code === 'SMTP_ALL_FULL')).toHaveLength(3);
    expect((await rows()).find((row) => row.id === first)!.send_count).toBe(5);
  });

  it('reports a refused send in one message that tells nothing of what the mail server answered', async () => {
    await t.inject({ method: 'PUT', url: `${SMTPS}/${second}`, session: founder, payload: { ...account('second'), password: 'wrong', max_count: 10 } });
    const refused = await testSend('ops@agora.test', second);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe('邮件发送失败：SMTP服务器无法连接或未接收邮件，请核对服务器、端口、SSL与账号密码（详情见服务端日志）');
  });

  it('tries the next account of the rotation when one fails, and says why when none delivers', async () => {
    // first is full and second's password is wrong: the answer is the send failure, not 都已达到最大发信数
    const none = await testSend('ops@agora.test');
    expect(none.statusCode).toBe(400);
    expect(none.json().code).toBe('SMTP_SEND_FAILED');
    await t.inject({ method: 'PUT', url: `${SMTPS}/${first}`, session: founder, payload: { ...account('first'), max_count: 20 } });
    // an account whose server is gone, least recently used: the rotation asks it first
    const dead = await t.inject({ method: 'POST', url: SMTPS, session: founder, payload: account('first', { username: 'dead', password: 'x', port: 1, mail_from: 'dead@agora.test' }) });
    expect(dead.statusCode, dead.body).toBe(200);
    const before = delivered.length;
    const sent = await testSend('fallback@agora.test');
    expect(sent.statusCode, sent.body).toBe(200);
    expect(sent.json().smtp_id).toBe(first);
    expect(delivered.slice(before).map((mail) => mail.user)).toEqual(['first']);
    expect((await t.inject({ method: 'DELETE', url: `${SMTPS}/${dead.json().id}`, session: founder })).statusCode).toBe(200);
  });

  it('deletes an account', async () => {
    expect((await t.inject({ method: 'DELETE', url: `${SMTPS}/${second}`, session: founder })).statusCode).toBe(200);
    expect((await t.inject({ method: 'DELETE', url: `${SMTPS}/${second}`, session: founder })).json().code).toBe('SMTP_NOT_FOUND');
    expect((await rows()).map((row) => row.id)).toEqual([first]);
  });
});
