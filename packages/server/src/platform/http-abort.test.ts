import http from 'node:http';
import type net from 'node:net';
import { Readable } from 'node:stream';
import Fastify from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import type { AppContext } from './context.js';
import { defineRoute, registerRoutes } from './http.js';

describe('an answer the client walks away from', () => {
  const logged: string[] = [];
  const app = Fastify({ logger: { level: 'warn', stream: { write: (line: string) => void logged.push(line) } } });
  afterAll(() => app.close());

  it('is not answered a second time when the handler returned the reply (a thenable) of a streamed body', async () => {
    let ended!: () => void;
    const streamClosed = new Promise<void>((resolve) => (ended = resolve));
    registerRoutes(app, {} as AppContext, [
      defineRoute({
        method: 'GET',
        url: 'slow-text',
        permission: 'public',
        async handler({ reply }) {
          // A body that trickles out, like a compressed picture or a file: the client leaves in the middle.
          let sent = 0;
          const body = new Readable({
            read() {
              if (sent++ < 50) setTimeout(() => this.push('x'.repeat(1024)), 20);
              else this.push(null);
            },
          });
          body.on('close', ended);
          return reply.type('image/svg+xml').send(body);
        },
      }),
    ]);
    await app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = app.server.address() as net.AddressInfo;
    await new Promise<void>((resolve) => {
      const request = http.get(`http://127.0.0.1:${port}/api/slow-text`, (response) => {
        response.once('data', () => {
          request.destroy();
          resolve();
        });
      });
      request.on('error', () => undefined);
    });
    await streamClosed;
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(logged.filter((line) => /FST_ERR|"level":50/.test(line))).toEqual([]);
  });
});
