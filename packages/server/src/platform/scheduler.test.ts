import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SETTINGS_KEYS, SITE_DEFAULTS } from '@agora/contract';
import { createTestDatabase, startTestApp, type TestApp, type TestDatabase } from '../test/harness.js';
import { TEST_MODE_TICK_SECONDS } from '../modules/orders/timing.js';
import { Scheduler, type TickOutcome } from './scheduler.js';
import { writeSetting } from './settings.js';

/** The order timeout tasks, which test mode hurries to a tick every TEST_MODE_TICK_SECONDS. */
const HURRIED = ['orders.auto-cancel', 'orders.auto-rog', 'orders.cod-auto-pay', 'orders.auto-complete', 'orders.service-expiry', 'orders.auto-review', 'orders.complaint-expiry'];

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const namesOf = (...ticks: TickOutcome[][]) => ticks.flat().map((tick) => tick.name).sort();

describe('scheduled tasks on two instances in test mode', () => {
  let testDb: TestDatabase;
  let t: TestApp;
  /** on PostgreSQL a second app with its own pool; on PGlite (one connection) a second scheduler of its own instance id */
  let other: TestApp | null = null;
  let a: Scheduler;
  let b: Scheduler;

  beforeAll(async () => {
    testDb = await createTestDatabase();
    t = await startTestApp(testDb);
    if (process.env.DATABASE_URL) other = await startTestApp(testDb);
    a = t.ctx.scheduler;
    b = other?.ctx.scheduler ?? new Scheduler(t.ctx, 'second-instance');
    await writeSetting(t.ctx.db, SETTINGS_KEYS.site, { ...SITE_DEFAULTS, test_mode: 1 });
    await a.ensureTasks();
    await b.ensureTasks();
  });
  afterAll(async () => {
    await other?.close();
    await t?.close();
    await testDb?.drop();
  });

  it('runs each tick on one instance, though their clocks read a few milliseconds apart', async () => {
    for (let round = 0; round < 3; round++) {
      // the second instance's tick started a little earlier and reaches the tasks after the first's claim
      const behind = new Date();
      await sleep(5);
      const ahead = new Date();
      const first = await a.runDueTasks(ahead);
      const second = await b.runDueTasks(behind);
      const ran = namesOf(first, second);
      expect(ran, `round ${round}`).toEqual([...new Set(ran)]);
      expect(ran.filter((name) => HURRIED.includes(name)), `round ${round}`).toEqual([...HURRIED].sort());
      expect(namesOf(second).filter((name) => HURRIED.includes(name)), `round ${round}`).toEqual([]);
      await sleep(TEST_MODE_TICK_SECONDS * 1000);
    }
  });

  it('of two instances claiming at once, each hurried task runs on exactly one', async () => {
    for (let round = 0; round < 2; round++) {
      const [first, second] = await Promise.all([a.runDueTasks(new Date()), b.runDueTasks(new Date(Date.now() - 3))]);
      const ran = namesOf(first, second).filter((name) => HURRIED.includes(name));
      expect(ran, `round ${round}`).toEqual([...HURRIED].sort());
      await sleep(TEST_MODE_TICK_SECONDS * 1000);
    }
  });

  it('does not run a hurried task again before its short interval', async () => {
    const now = new Date();
    await Promise.all([a.runDueTasks(now), b.runDueTasks(now)]);
    const soon = new Date(Date.now() + 200);
    expect(namesOf(await a.runDueTasks(soon), await b.runDueTasks(soon)).filter((name) => HURRIED.includes(name))).toEqual([]);
  });
});
