import { defineEndpoints, endpoint, returns } from './endpoint.js';

/**
 * Where a server instance is in its life: `starting` until its database is open, `seeding` while
 * the demo marketplace is written in the background (the port is open, the data not all there),
 * `ready`, and `draining` once it was told to stop.
 */
export const STARTUP_PHASES = ['starting', 'seeding', 'ready', 'draining'] as const;
export type StartupPhase = (typeof STARTUP_PHASES)[number];

/**
 * The parts of the demo, in the order they are written; the login page names the one being
 * written (locales: login.startup.steps.<step>).
 */
export const DEMO_SEED_STEPS = [
  'team',
  'catalogue',
  'shops',
  'goods',
  'orders',
  'afterSales',
  'content',
  'promotions',
  'points',
  'settings',
  'favorites',
  'rollups',
  'finance',
  'analyze',
] as const;
export type DemoSeedStep = (typeof DEMO_SEED_STEPS)[number];

export interface DemoSeedProgress {
  /** the part being written now */
  step: DemoSeedStep;
  /** how many parts are written */
  done: number;
  total: number;
}

/** GET base/startup: what the login page shows before the instance is ready. */
export interface Startup {
  phase: StartupPhase;
  /** while seeding, the demo's progress; else null */
  seed: DemoSeedProgress | null;
}

/** While the instance is not ready, the login page asks again this often. */
export const STARTUP_POLL_MS = 1000;

/** Public and without zod: the login page asks before anyone signs in (pre-login.ts). */
export const startupEndpoints = defineEndpoints('startup', {
  show: endpoint({ method: 'GET', path: 'base/startup', permission: 'public', response: returns<Startup>() }),
});
