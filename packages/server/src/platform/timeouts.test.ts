import net from 'node:net';
import { describe, expect, it } from 'vitest';
import { type TestApp, withTestApp } from '../test/harness.js';

let t: TestApp;
withTestApp(
  (app) => {
    t = app;
  },
  { bodyTimeoutMs: 600 },
);

/** Opens a raw connection, sends a POST's headers announcing `length` bytes, then a byte every `everyMs`; resolves when the server closes it. */
function trickle(port: number, length: number, everyMs: number): Promise<{ closedAfterMs: number; answer: string }> {
  return new Promise((resolve, reject) => {
    const started = Date.now();
    let answer = '';
    const socket = net.connect(port, '127.0.0.1', () => {
      socket.write(`POST /api/admin/goods/brands HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: ${length}\r\n\r\n{`);
    });
    const drip = setInterval(() => socket.write(' '), everyMs);
    socket.on('data', (chunk) => (answer += chunk));
    socket.on('error', () => undefined);
    socket.on('close', () => {
      clearInterval(drip);
      resolve({ closedAfterMs: Date.now() - started, answer });
    });
    setTimeout(() => {
      clearInterval(drip);
      socket.destroy();
      reject(new Error('the server kept a trickled body open for 10 s'));
    }, 10_000);
  });
}

describe('slow requests', () => {
  it('closes a connection whose body trickles in, without answering it, once its deadline passes', async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = t.app.server.address() as net.AddressInfo;
    const { closedAfterMs, answer } = await trickle(port, 100, 200);
    expect(closedAfterMs).toBeGreaterThanOrEqual(500);
    expect(closedAfterMs).toBeLessThan(5_000);
    expect(answer).toBe('');
    // The server still answers everyone else.
    const response = await fetch(`http://127.0.0.1:${port}/api/base/lang/codes`);
    expect(response.status).toBe(200);
  });

  it('waits for the headers no longer than twenty seconds', () => {
    expect(t.app.server.headersTimeout).toBe(20_000);
  });
});
