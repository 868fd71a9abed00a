/**
 * Where this instance is in its life, for readiness (`/readyz`), the login page's demo progress and
 * shutdown. One object per process, created by whoever starts the server (main.ts), handed to
 * `buildApp` (tests get one that is ready at once).
 *
 *   starting → (seeding →) ready → draining
 *
 * The HTTP port opens in `starting` once migrations are applied; the demo marketplace, when one is
 * written, is written in `seeding` with its progress here; `draining` begins on SIGTERM, before the
 * server stops taking requests, so a load balancer hears 503 first.
 */
export type LifecyclePhase = 'starting' | 'seeding' | 'ready' | 'draining';

/** The demo marketplace's progress: the part being written and how many of the parts are done. */
export interface SeedProgress {
  /** the step being written now (a step of the marketplace seed, e.g. `orders`) */
  step: string;
  done: number;
  total: number;
}

export class Lifecycle {
  private current: LifecyclePhase;
  private progress: SeedProgress | null = null;

  constructor(phase: LifecyclePhase = 'starting') {
    this.current = phase;
  }

  get phase(): LifecyclePhase {
    return this.current;
  }

  /** the demo's progress while seeding, else null */
  get seed(): SeedProgress | null {
    return this.current === 'seeding' ? this.progress : null;
  }

  /** Writing the demo in the background: the console answers, but the demo is not all there yet. */
  seeding(progress: SeedProgress): void {
    if (this.current === 'draining') return;
    this.current = 'seeding';
    this.progress = progress;
  }

  ready(): void {
    if (this.current === 'draining') return;
    this.current = 'ready';
    this.progress = null;
  }

  /** SIGTERM: readiness answers 503 from now on; nothing turns it back. */
  drain(): void {
    this.current = 'draining';
    this.progress = null;
  }
}
