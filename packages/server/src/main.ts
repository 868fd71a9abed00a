import { loadConfig, OperatorRefusal } from './platform/config.js';
import { openDatabase, type Database } from './db/client.js';
import { buildApp, startBackgroundWork } from './app.js';
import { seedDemoData } from './seed/start.js';
import { DEMO_SIZES } from './seed/marketplace/generate.js';
import { analyzeEmbedded } from './platform/housekeeping.js';
import { Lifecycle } from './platform/lifecycle.js';

const lifecycle = new Lifecycle();
let opened: Database | undefined;
/** A refusal the operator fixes in the environment (ADMIN_PASSWORD…) is one line, without a stack. */
async function refuseStart(error: unknown): Promise<never> {
  if (!(error instanceof OperatorRefusal)) throw error;
  console.error(error.message);
  await opened?.close().catch(() => undefined);
  process.exit(1);
}
const config = await Promise.resolve().then(() => loadConfig()).catch(refuseStart);
const database = (opened = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir }));
const { app, ctx } = await buildApp(config, database, { lifecycle }).catch(refuseStart);

let closing = false;
/** the start's work behind the open port (fillIn below), which a stop waits for */
let filling: Promise<void> = Promise.resolve();
async function shutdown(signal: string): Promise<void> {
  // Readiness answers 503 from now on; the grace lets a load balancer's probe see it before the port closes.
  ctx.lifecycle.drain();
  if (closing) return;
  closing = true;
  app.log.info(`${signal}: shutting down`);
  if (config.shutdownGraceMs > 0) await new Promise((resolve) => setTimeout(resolve, config.shutdownGraceMs));
  // The start's own work ends first (a stop ends the demo's writing at once and skips what follows
  // it): nothing of it may run against a closed database or start workers after the close.
  await filling.catch(() => undefined);
  await app.close();
  await database.close();
  process.exit(0);
}
process.on('SIGINT', () => void shutdown('SIGINT'));
process.on('SIGTERM', () => void shutdown('SIGTERM'));

await app.listen({ port: config.port, host: config.host });
app.log.info(`Agora console: http://localhost:${config.port}/admin/ (database: ${database.kind === 'postgres' ? 'PostgreSQL' : `PGlite in ${config.dataDir}`})`);

// The port is open from here: the demo is written behind it, its progress on the login page
// (GET base/startup), which keeps the form closed until the instance is ready. A stop asked
// meanwhile ends the writing (the shutdown above closes the database once its transaction ends).
const stopSeeding = new AbortController();
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.once(signal, () => stopSeeding.abort());
async function fillIn(): Promise<void> {
  if (config.seedDemo) {
    try {
      // Once per database (recorded): demo data an operator deletes stays deleted.
      await seedDemoData(ctx, DEMO_SIZES[config.demoSize], (progress) => lifecycle.seeding(progress), stopSeeding.signal);
    } catch (error) {
      // Stopped mid-way by a shutdown: the transaction is rolled back and the next start writes it.
      if (stopSeeding.signal.aborted) return;
      // The console works without its demo, so the instance still becomes ready; nothing of the
      // demo was kept (one transaction), and the next start tries again.
      app.log.error({ err: error }, 'THE DEMO DATA COULD NOT BE WRITTEN: the console starts without it; the next start tries again');
    }
  }
  // The embedded database has no autovacuum: its planner gets statistics now, and hourly after (housekeeping.analyze).
  if (stopSeeding.signal.aborted) return;
  await analyzeEmbedded(ctx);
  // After the seed: the first ticks (window roll, clean-up) see the finished demo data.
  if (stopSeeding.signal.aborted) return;
  if (config.backgroundWork) await startBackgroundWork(ctx);
  lifecycle.ready();
}
filling = fillIn();
await filling;
