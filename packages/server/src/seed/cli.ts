/**
 * npm run seed [-- --size small|full] [-- --orders N --goods N --members N --shops N]
 * Writes the demo team and marketplace into a fresh database (DATA_DIR or DATABASE_URL).
 */
import { parseArgs } from 'node:util';
import { loadConfig } from '../platform/config.js';
import { openDatabase } from '../db/client.js';
import { buildApp } from '../app.js';
import { seedDemoData } from './start.js';
import { DEMO_SIZES } from './marketplace/generate.js';

const { values } = parseArgs({
  options: {
    size: { type: 'string' },
    orders: { type: 'string' },
    goods: { type: 'string' },
    members: { type: 'string' },
    shops: { type: 'string' },
  },
});
const count = (raw: string | undefined, fallback: number) => {
  if (raw === undefined) return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 0) throw new Error(`not a count: ${raw}`);
  return value;
};

const config = { ...loadConfig(), logLevel: 'info' };
const base = DEMO_SIZES[values.size === 'small' ? 'small' : config.demoSize];
const size = {
  shops: count(values.shops, base.shops),
  members: count(values.members, base.members),
  goods: count(values.goods, base.goods),
  orders: count(values.orders, base.orders),
};
const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
const { app, ctx } = await buildApp(config, database);
const seeded = await seedDemoData(ctx, size);
app.log.info(seeded.marketplace ? `demo marketplace written: ${JSON.stringify(size)}` : 'the demo marketplace was written before, or the database holds one; nothing written');
await app.close();
await database.close();
