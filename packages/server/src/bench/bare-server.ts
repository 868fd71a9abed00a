/**
 * The bare handler of the bare-handler bench (bare-bench.ts), in its own process as the real
 * server is, so neither shares an event loop with the load tool: `node:http` over the same
 * driver (a `pg` pool of the server's size on DATABASE_URL, else PGlite on DATA_DIR, opened as
 * the server opens it). For each recorded URL it runs the recorded statements in order and sends
 * the recorded JSON. Reads BARE_PLANS (a JSON file of { url, statements, body }) and PORT;
 * `GET /up` answers once it listens.
 */
import fs from 'node:fs';
import http from 'node:http';
import { openDatabase } from '../db/client.js';

interface Plan {
  url: string;
  statements: { sql: string; params: unknown[] }[];
  body: string;
}

const plans = new Map((JSON.parse(fs.readFileSync(process.env.BARE_PLANS!, 'utf8')) as Plan[]).map((plan) => [plan.url, plan]));
const database = await openDatabase({ databaseUrl: process.env.DATABASE_URL || undefined, dataDir: process.env.DATA_DIR });
const client = (database.db as unknown as { $client: { query(sql: string, params: unknown[]): Promise<unknown> } }).$client;

const server = http.createServer((req, res) => {
  if (req.url === '/up') {
    res.writeHead(200).end('up');
    return;
  }
  const plan = plans.get(req.url ?? '');
  if (!plan) {
    res.writeHead(404).end();
    return;
  }
  void (async () => {
    for (const statement of plan.statements) await client.query(statement.sql, statement.params);
    res.writeHead(200, { 'content-type': 'application/json; charset=utf-8' }).end(plan.body);
  })().catch((error: Error) => res.writeHead(500).end(error.message));
});
server.listen(Number(process.env.PORT), '127.0.0.1');

process.on('SIGTERM', () => {
  server.close(() => void database.close().then(() => process.exit(0)));
});
