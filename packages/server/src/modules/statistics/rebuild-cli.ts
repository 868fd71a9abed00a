/**
 * npm run stats:rebuild -w @agora/server
 * Recomputes every rollup of the dashboard and the statistics from the source rows of the
 * database in DATA_DIR or DATABASE_URL (migrations applied first), in one transaction.
 */
import { loadConfig } from '../../platform/config.js';
import { openDatabase } from '../../db/client.js';
import { rebuildAllRollups } from './rebuild.js';

const config = loadConfig();
const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
const started = performance.now();
await rebuildAllRollups(database.db);
console.log(`rollups rebuilt in ${Math.round(performance.now() - started)} ms`);
await database.close();
