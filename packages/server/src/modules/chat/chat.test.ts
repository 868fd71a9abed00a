import { describe, expect, it } from 'vitest';
import type { WebSocket } from 'ws';
import type { RealtimeMessage } from '@agora/contract';
import { type Session, type TestApp, withTestApp } from '../../test/harness.js';
import { members } from '../members/tables.js';
import { receiveMemberMessage } from './service.js';
import { SOCKET_CLOSE } from './socket.js';

let t: TestApp;
let founder: Session;
withTestApp((app, session) => {
  t = app;
  founder = session;
});

let seq = 0;
async function member() {
  seq += 1;
  const [row] = await t.ctx.db.insert(members).values({ uname: `chat${seq}`, nickname: `顾客${seq}`, mobile: `1360000${String(seq).padStart(4, '0')}` }).returning();
  return row;
}
const unread = async (session = founder) => (await t.inject({ method: 'POST', url: '/api/admin/im/unread-num', session })).json();

/** Collects what the socket receives; `next(predicate)` waits for the first matching message. */
function listen(socket: WebSocket) {
  const received: RealtimeMessage[] = [];
  const waiters: { match: (m: RealtimeMessage) => boolean; resolve: (m: RealtimeMessage) => void }[] = [];
  socket.on('message', (raw) => {
    const message = JSON.parse(String(raw)) as RealtimeMessage;
    received.push(message);
    for (const waiter of [...waiters]) {
      if (waiter.match(message)) {
        waiters.splice(waiters.indexOf(waiter), 1);
        waiter.resolve(message);
      }
    }
  });
  return {
    received,
    next: (match: (m: RealtimeMessage) => boolean) =>
      new Promise<RealtimeMessage>((resolve, reject) => {
        const found = received.find(match);
        if (found) return resolve(found);
        waiters.push({ match, resolve });
        setTimeout(() => reject(new Error('no such message within 5 s')), 5000);
      }),
  };
}
const closeCode = (socket: WebSocket) => new Promise<number>((resolve) => socket.on('close', (code) => resolve(code)));

describe('chat', () => {
  it('counts unread member messages, lists conversations newest first, and reading one clears its count', async () => {
    const start = await unread();
    const a = await member();
    const b = await member();
    await receiveMemberMessage(t.ctx, a.id, '你好，请问发货了吗？');
    await receiveMemberMessage(t.ctx, a.id, '订单号 SO123');
    await receiveMemberMessage(t.ctx, b.id, '怎么开发票');
    expect(await unread()).toBe(start + 3);

    const list = (await t.inject({ method: 'GET', url: '/api/admin/im/conversations', session: founder, query: { unread: '1' } })).json();
    expect(list.data[0]).toMatchObject({ uname: b.uname, unread_count: 1, last_message: '怎么开发票' });
    const conversation = list.data.find((c: { member_id: number }) => c.member_id === a.id);
    expect(conversation.unread_count).toBe(2);

    const messages = (await t.inject({ method: 'GET', url: `/api/admin/im/conversations/${conversation.id}/messages`, session: founder })).json();
    expect(messages.map((m: { content: string }) => m.content)).toEqual(['你好，请问发货了吗？', '订单号 SO123']);

    const read = (await t.inject({ method: 'PUT', url: `/api/admin/im/conversations/${conversation.id}/read`, session: founder })).json();
    expect(read.unread_num).toBe(start + 1);
    expect(await unread()).toBe(start + 1);
    const after = (await t.inject({ method: 'GET', url: `/api/admin/im/conversations/${conversation.id}/messages`, session: founder })).json();
    expect(after.every((m: { read: boolean }) => m.read)).toBe(true);

    const reply = await t.inject({ method: 'POST', url: `/api/admin/im/conversations/${conversation.id}/messages`, session: founder, payload: { content: '已发货，请留意物流' } });
    expect(reply.json()).toMatchObject({ sender: 'ADMIN', admin_name: 'admin', content: '已发货，请留意物流' });
    const empty = await t.inject({ method: 'POST', url: `/api/admin/im/conversations/${conversation.id}/messages`, session: founder, payload: { content: '  ' } });
    expect(empty.json().message).toBe('请输入消息内容');
    expect((await t.inject({ method: 'PUT', url: '/api/admin/im/conversations/99999/read', session: founder })).statusCode).toBe(404);
  });

  it('answers 400 with a clear message to ids past the spec maximum or the column range, never 500', async () => {
    for (const [method, url] of [
      ['GET', '/api/admin/im/conversations/99999999999999999999/messages'],
      ['POST', '/api/admin/im/conversations/99999999999999999999/messages'],
      ['PUT', '/api/admin/im/conversations/2147483648/read'],
    ] as const) {
      const response = await t.inject({ method, url, session: founder, payload: method === 'POST' ? { content: '你好' } : undefined });
      expect(response.statusCode, `${method} ${url}`).toBe(400);
      expect(response.json(), `${method} ${url}`).toEqual({ code: 'VALIDATION', message: 'id格式有误' });
    }
    const before = await t.inject({ method: 'GET', url: '/api/admin/im/conversations/1/messages', session: founder, query: { before_id: '99999999999999999999' } });
    expect(before.json()).toEqual({ code: 'VALIDATION', message: '消息id格式有误' });
  });

  it('is refused to a role without chat', async () => {
    const { session } = await t.adminWithPermissions(founder, ['member', 'memberList']);
    expect((await t.inject({ method: 'POST', url: '/api/admin/im/unread-num', session })).statusCode).toBe(403);
    expect((await t.inject({ method: 'GET', url: '/api/admin/im/conversations', session })).statusCode).toBe(403);
  });
});

describe('/ws/shop', () => {
  it('sends the unread count on connect and again whenever it changes, and every new message', async () => {
    // listening from before the upgrade: the count on connect may come before injectWS answers
    let inbox!: ReturnType<typeof listen>;
    const socket = await t.app.injectWS(`/ws/shop?token=${encodeURIComponent(founder.access)}&uuid=${founder.uuid}`, {}, { onInit: (ws) => (inbox = listen(ws)) });
    const first = await inbox.next((m) => m.type === 'unread_num');
    const count = first.data as number;
    expect(count).toBe(await unread());

    const someone = await member();
    await receiveMemberMessage(t.ctx, someone.id, '在吗');
    expect((await inbox.next((m) => m.type === 'message')).data).toMatchObject({ sender: 'MEMBER', content: '在吗' });
    await inbox.next((m) => m.type === 'unread_num' && m.data === count + 1);

    const [conversation] = (await t.inject({ method: 'GET', url: '/api/admin/im/conversations', session: founder, query: { keyword: someone.uname } })).json().data;
    await t.inject({ method: 'PUT', url: `/api/admin/im/conversations/${conversation.id}/read`, session: founder });
    await inbox.next((m) => m.type === 'unread_num' && m.data === count);
    socket.terminate();
  });

  it('closes a socket without a valid token (sign in again) or without the chat permission', async () => {
    let anonymous!: Promise<number>;
    await t.app.injectWS('/ws/shop?token=nonsense', {}, { onInit: (ws) => (anonymous = closeCode(ws)) });
    expect(await anonymous).toBe(SOCKET_CLOSE.UNAUTHENTICATED);
    const { session } = await t.adminWithPermissions(founder, ['member', 'memberList']);
    let noChat!: Promise<number>;
    await t.app.injectWS(`/ws/shop?token=${encodeURIComponent(session.access)}`, {}, { onInit: (ws) => (noChat = closeCode(ws)) });
    expect(await noChat).toBe(SOCKET_CLOSE.FORBIDDEN);
  });
});
