import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CLOSE_UNAUTHENTICATED, createConnection, RECONNECT_MS, type FromWorker } from './protocol';

class FakeSocket {
  static opened: FakeSocket[] = [];
  onopen: (() => void) | null = null;
  onmessage: ((event: { data: string }) => void) | null = null;
  onclose: ((event: { code: number }) => void) | null = null;
  closed = false;
  constructor(readonly url: string) {
    FakeSocket.opened.push(this);
  }
  close() {
    this.closed = true;
  }
}
const open = (url: string) => new FakeSocket(url) as unknown as WebSocket;

describe('the realtime connection', () => {
  let events: FromWorker[];
  beforeEach(() => {
    vi.useFakeTimers();
    FakeSocket.opened = [];
    events = [];
  });
  afterEach(() => vi.useRealTimers());

  it('connects with the token, forwards messages, and reconnects when the token changes', () => {
    const connection = createConnection((event) => events.push(event), open);
    connection.session('ws://h/ws/shop?uuid=u1', null);
    expect(FakeSocket.opened).toHaveLength(0);
    connection.session('ws://h/ws/shop?uuid=u1', 'tok 1');
    const first = FakeSocket.opened[0];
    expect(first.url).toBe('ws://h/ws/shop?uuid=u1&token=tok%201');
    first.onopen?.();
    first.onmessage?.({ data: JSON.stringify({ module_type: 'IM', type: 'unread_num', data: 3 }) });
    expect(events).toEqual([{ kind: 'state', open: true }, { kind: 'message', message: { module_type: 'IM', type: 'unread_num', data: 3 } }]);
    connection.session('ws://h/ws/shop?uuid=u1', 'tok 1');
    expect(FakeSocket.opened).toHaveLength(1);
    connection.session('ws://h/ws/shop?uuid=u1', 'tok2');
    expect(first.closed).toBe(true);
    expect(FakeSocket.opened[1].url).toContain('token=tok2');
  });

  it('tries again more slowly after a drop, but waits for a new token once refused', () => {
    const connection = createConnection((event) => events.push(event), open);
    connection.session('ws://h/ws/shop', 'a');
    FakeSocket.opened[0].onclose?.({ code: 1006 });
    vi.advanceTimersByTime(RECONNECT_MS[0]);
    expect(FakeSocket.opened).toHaveLength(2);
    FakeSocket.opened[1].onclose?.({ code: 1006 });
    vi.advanceTimersByTime(RECONNECT_MS[0]);
    expect(FakeSocket.opened).toHaveLength(2);
    vi.advanceTimersByTime(RECONNECT_MS[1] - RECONNECT_MS[0]);
    expect(FakeSocket.opened).toHaveLength(3);

    FakeSocket.opened[2].onclose?.({ code: CLOSE_UNAUTHENTICATED });
    expect(events.at(-1)).toEqual({ kind: 'state', open: false, unauthenticated: true });
    vi.advanceTimersByTime(60_000);
    expect(FakeSocket.opened).toHaveLength(3);
    connection.session('ws://h/ws/shop', 'b');
    expect(FakeSocket.opened).toHaveLength(4);
  });
});
