/**
 * Realtime fan-out (DESIGN: LISTEN/NOTIFY across instances). A module publishes an event after its
 * write; every instance hears it and its open sockets react. On PostgreSQL the event travels through
 * NOTIFY, so every instance behind a load balancer hears it; embedded PGlite is one process, so the
 * event is delivered in process.
 */
import { EventEmitter } from 'node:events';
import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.js';

export const REALTIME_CHANNEL = 'agora_realtime';

export interface RealtimeEvent {
  /** e.g. `im.unread` (unread counts changed), `im.message` (a new chat message) */
  topic: string;
  [key: string]: unknown;
}

export interface Realtime {
  publish(event: RealtimeEvent): Promise<void>;
  subscribe(handler: (event: RealtimeEvent) => void): () => void;
  close(): Promise<void>;
}

function hub() {
  const emitter = new EventEmitter();
  emitter.setMaxListeners(0);
  return {
    emit: (event: RealtimeEvent) => emitter.emit('event', event),
    subscribe(handler: (event: RealtimeEvent) => void) {
      emitter.on('event', handler);
      return () => void emitter.off('event', handler);
    },
  };
}

export function inProcessRealtime(): Realtime {
  const local = hub();
  return {
    publish: async (event) => void local.emit(event),
    subscribe: local.subscribe,
    close: async () => undefined,
  };
}

/** PostgreSQL: one listening connection per instance; publishing is a NOTIFY through the pool. */
export async function postgresRealtime(db: Db, databaseUrl: string, onError: (error: unknown) => void): Promise<Realtime> {
  const local = hub();
  const { default: pg } = await import('pg');
  const listener = new pg.Client({ connectionString: databaseUrl });
  listener.on('error', onError);
  listener.on('notification', (message) => {
    if (message.channel !== REALTIME_CHANNEL || !message.payload) return;
    try {
      local.emit(JSON.parse(message.payload) as RealtimeEvent);
    } catch (error) {
      onError(error);
    }
  });
  await listener.connect();
  await listener.query(`LISTEN ${REALTIME_CHANNEL}`);
  return {
    publish: async (event) => {
      await db.execute(sql`select pg_notify(${REALTIME_CHANNEL}, ${JSON.stringify(event)})`);
    },
    subscribe: local.subscribe,
    close: () => listener.end(),
  };
}
