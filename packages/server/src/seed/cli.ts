import { loadConfig } from '../platform/config.js';
import { openDatabase } from '../db/client.js';
import { buildApp } from '../app.js';
import { seedDemo } from './demo.js';

const config = { ...loadConfig(), logLevel: 'info' };
const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
const { app, ctx } = await buildApp(config, database);
const seeded = await seedDemo(ctx);
app.log.info(seeded ? 'demo data written' : 'the database already holds data; nothing written');
await app.close();
await database.close();
