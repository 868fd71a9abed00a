import type { RealtimeMessage } from '@agora/contract';

/** Page → worker */
export type ToWorker = { kind: 'session'; url: string; token: string | null } | { kind: 'bye' };
/** Worker → page: a server message, or the socket's state */
export type FromWorker = { kind: 'message'; message: RealtimeMessage } | { kind: 'state'; open: boolean; unauthenticated?: boolean };

/** Close codes of the server (modules/chat/socket.ts). */
export const CLOSE_UNAUTHENTICATED = 4401;
export const CLOSE_FORBIDDEN = 4403;
export const RECONNECT_MS = [1000, 2000, 5000, 10000, 30000];

/**
 * One socket for every page that asks: connects with the latest session, reconnects when the
 * token changes or the connection drops (backing off), and stays closed while there is no token
 * or the server refused it (until a new token comes).
 */
export function createConnection(emit: (event: FromWorker) => void, open: (url: string) => WebSocket = (url) => new WebSocket(url)) {
  let socket: WebSocket | null = null;
  let current: { url: string; token: string | null } = { url: '', token: null };
  let attempts = 0;
  let timer: ReturnType<typeof setTimeout> | undefined;

  const disconnect = () => {
    clearTimeout(timer);
    if (socket) {
      socket.onclose = null;
      socket.close();
      socket = null;
    }
  };
  const connect = () => {
    disconnect();
    if (!current.token) return;
    const target = `${current.url}${current.url.includes('?') ? '&' : '?'}token=${encodeURIComponent(current.token)}`;
    const ws = open(target);
    socket = ws;
    ws.onopen = () => {
      attempts = 0;
      emit({ kind: 'state', open: true });
    };
    ws.onmessage = (event) => {
      try {
        emit({ kind: 'message', message: JSON.parse(String(event.data)) });
      } catch {
        // not ours: ignore
      }
    };
    ws.onclose = (event) => {
      socket = null;
      const refused = event.code === CLOSE_UNAUTHENTICATED || event.code === CLOSE_FORBIDDEN;
      emit({ kind: 'state', open: false, unauthenticated: event.code === CLOSE_UNAUTHENTICATED });
      // Refused: wait for a new token. Dropped: try again, more slowly each time.
      if (!refused) timer = setTimeout(connect, RECONNECT_MS[Math.min(attempts++, RECONNECT_MS.length - 1)]);
    };
  };
  return {
    session(url: string, token: string | null) {
      if (url === current.url && token === current.token && socket) return;
      current = { url, token };
      attempts = 0;
      connect();
    },
    close: disconnect,
  };
}
