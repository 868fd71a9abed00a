import { useEffect, useRef } from 'react';
import type { RealtimeMessage } from '@agora/contract';
import { getAccessToken, getUuid, subscribeSession } from '../session';
import { createConnection, type FromWorker } from './protocol';

type Handler = (message: RealtimeMessage) => void;
const handlers = new Map<string, Set<Handler>>();
/** called when the server refused the token (expired): an authenticated request renews it, and the socket follows */
const refusedHandlers = new Set<() => void>();
let started: { stop(): void } | null = null;

function socketUrl(): string {
  const { protocol, host } = window.location;
  return `${protocol === 'https:' ? 'wss' : 'ws'}://${host}/ws/shop?uuid=${encodeURIComponent(getUuid())}`;
}

function dispatch(event: FromWorker) {
  if (event.kind === 'state') {
    if (event.unauthenticated) for (const handler of refusedHandlers) handler();
    return;
  }
  for (const handler of handlers.get(event.message.module_type) ?? []) handler(event.message);
}

/**
 * Opens the realtime connection through the shared worker (one socket for all tabs), or in the
 * page where shared workers are missing; a change of the stored token reconnects it.
 */
function start(): { stop(): void } {
  const session = () => ({ url: socketUrl(), token: getAccessToken() ?? null });
  if (typeof SharedWorker !== 'undefined') {
    const worker = new SharedWorker(new URL('./worker.ts', import.meta.url), { type: 'module', name: 'agora-realtime' });
    worker.port.onmessage = (message: MessageEvent<FromWorker>) => dispatch(message.data);
    worker.port.start();
    const send = () => worker.port.postMessage({ kind: 'session', ...session() });
    send();
    const unsubscribe = subscribeSession(send);
    const bye = () => worker.port.postMessage({ kind: 'bye' });
    window.addEventListener('pagehide', bye);
    return {
      stop() {
        unsubscribe();
        window.removeEventListener('pagehide', bye);
        bye();
      },
    };
  }
  const connection = createConnection(dispatch);
  const update = () => {
    const next = session();
    connection.session(next.url, next.token);
  };
  update();
  const unsubscribe = subscribeSession(update);
  return {
    stop() {
      unsubscribe();
      connection.close();
    },
  };
}

/**
 * Calls `handler` with every realtime message of `moduleType` while the component is mounted;
 * `onRefused` when the server refused the token, so the caller can make a request that renews it.
 */
export function useRealtime(moduleType: RealtimeMessage['module_type'], handler: Handler, options: { enabled?: boolean; onRefused?: () => void } = {}): void {
  const { enabled = true } = options;
  const latest = useRef({ handler, onRefused: options.onRefused });
  latest.current = { handler, onRefused: options.onRefused };
  useEffect(() => {
    if (!enabled) return;
    const forward: Handler = (message) => latest.current.handler(message);
    const refused = () => latest.current.onRefused?.();
    const set = handlers.get(moduleType) ?? new Set();
    set.add(forward);
    handlers.set(moduleType, set);
    refusedHandlers.add(refused);
    started ??= start();
    return () => {
      set.delete(forward);
      refusedHandlers.delete(refused);
      if ([...handlers.values()].every((s) => s.size === 0)) {
        started?.stop();
        started = null;
      }
    };
  }, [moduleType, enabled]);
}
