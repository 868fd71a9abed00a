import { loadConfig } from './platform/config.js';
import { openDatabase } from './db/client.js';
import { buildApp, startBackgroundWork } from './app.js';
import { seedDemoData } from './seed/start.js';
import { DEMO_SIZES } from './seed/marketplace/generate.js';
import { analyzeEmbedded } from './platform/housekeeping.js';

const config = loadConfig();
const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
const { app, ctx } = await buildApp(config, database);
// Once per database (recorded): demo data an operator deletes stays deleted.
if (config.seedDemo) await seedDemoData(ctx, DEMO_SIZES[config.demoSize]);
// The embedded database has no autovacuum: its planner gets statistics now, and hourly after (housekeeping.analyze).
await analyzeEmbedded(ctx);
// After the seed: the first ticks (window roll, clean-up) see the finished demo data.
if (config.backgroundWork) await startBackgroundWork(ctx);

let closing = false;
async function shutdown(signal: string): Promise<void> {
  if (closing) return;
  closing = true;
  app.log.info(`${signal}: shutting down`);
  await app.close();
  await database.close();
  process.exit(0);
}
process.on('SIGINT', () => void shutdown('SIGINT'));
process.on('SIGTERM', () => void shutdown('SIGTERM'));

await app.listen({ port: config.port, host: config.host });
app.log.info(`Agora console: http://localhost:${config.port}/admin/ (database: ${database.kind === 'postgres' ? 'PostgreSQL' : `PGlite in ${config.dataDir}`})`);
