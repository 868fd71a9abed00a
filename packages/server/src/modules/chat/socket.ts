/**
 * `/ws/shop` (spec §4): the console's realtime connection, opened with the access token and the
 * client's uuid as query parameters (a browser socket cannot send headers). Messages go out as
 * `{module_type, type, data}`; for chat: the platform's unread count on connect and whenever it
 * changes, and every new message.
 */
import type { FastifyInstance } from 'fastify';
import websocket from '@fastify/websocket';
import type { WebSocket } from 'ws';
import type { RealtimeMessage } from '@agora/contract';
import type { AppContext } from '../../platform/context.js';
import { authenticateToken } from '../../platform/auth.js';
import { CHAT_TOPICS, unreadTotal } from './service.js';

/** Close codes the client understands: sign in again (token refresh), or not allowed. */
export const SOCKET_CLOSE = { UNAUTHENTICATED: 4401, FORBIDDEN: 4403 } as const;

interface Listener {
  socket: WebSocket;
  token: string;
}

export async function registerRealtimeSocket(app: FastifyInstance, ctx: AppContext): Promise<void> {
  await app.register(websocket, { options: { maxPayload: 4096 } });
  const chatListeners = new Set<Listener>();

  const send = (socket: WebSocket, message: RealtimeMessage) => {
    if (socket.readyState === socket.OPEN) socket.send(JSON.stringify(message));
  };
  // One count per event for the whole instance, not one per open console.
  const broadcast = async (build: () => Promise<RealtimeMessage>) => {
    if (chatListeners.size === 0) return;
    const message = await build();
    for (const listener of chatListeners) {
      // A socket outlives its token: once the token has expired the client must come back with a fresh one.
      const verified = await ctx.tokens.verifyAccess(listener.token);
      if (!verified.ok) listener.socket.close(SOCKET_CLOSE.UNAUTHENTICATED, 'token expired');
      else send(listener.socket, message);
    }
  };
  const unsubscribe = ctx.realtime.subscribe((event) => {
    const work =
      event.topic === CHAT_TOPICS.unread
        ? broadcast(async () => ({ module_type: 'IM', type: 'unread_num', data: await unreadTotal(ctx.db) }))
        : event.topic === CHAT_TOPICS.message
          ? broadcast(async () => ({ module_type: 'IM', type: 'message', data: event.message as never }))
          : Promise.resolve();
    work.catch((error: unknown) => ctx.log.error({ err: error }, 'realtime broadcast failed'));
  });
  app.addHook('onClose', async () => unsubscribe());

  app.get('/ws/shop', { websocket: true }, async (socket, req) => {
    const { token } = req.query as { token?: string; uuid?: string };
    let admin;
    try {
      admin = await authenticateToken(ctx, token);
    } catch {
      socket.close(SOCKET_CLOSE.UNAUTHENTICATED, 'sign in again');
      return;
    }
    if (!admin.founder && !admin.permissions.has('chat')) {
      // Nothing else travels on this socket yet; a role without chat has nothing to hear.
      socket.close(SOCKET_CLOSE.FORBIDDEN, 'no permission');
      return;
    }
    const listener: Listener = { socket, token: token! };
    chatListeners.add(listener);
    socket.on('close', () => chatListeners.delete(listener));
    socket.on('message', () => undefined);
    send(socket, { module_type: 'IM', type: 'unread_num', data: await unreadTotal(ctx.db) });
  });
}
