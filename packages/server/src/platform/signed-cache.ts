/**
 * Data operators edit that every instance keeps compiled in memory (the sensitive-word list, the
 * countries' mobile patterns), shared through the database with no broadcast to miss: beside the
 * value, each owner (an app's context) keeps a cheap signature of the rows it was made from, and
 * compares it with the database's before trusting the value. A change on any instance changes the
 * signature, so the next check anywhere reloads. The signature is read first, so a change that
 * lands between the two reads costs one more reload, never a stale value kept.
 *
 * `ttlMs` (per call) lets a hot path compare signatures at most that often; `refresh` reloads at
 * once (the instance that made the change, after its commit).
 */
interface Entry<T> {
  signature: string;
  value: T;
  checkedAt: number;
  /** which load made it: an older load that finishes later never overwrites a newer one */
  generation: number;
}

export interface SignedCacheOptions<D, T> {
  /** a short text that changes whenever the rows change (e.g. max(id) and count, a revision) */
  signature(db: D): Promise<string>;
  load(db: D): Promise<T>;
  /** called with each newly loaded value */
  loaded?(value: T): void;
}

export interface SignedCache<D, T> {
  /** the owner's value, reloaded when the database's signature differs (compared at most every `ttlMs`) */
  get(db: D, owner: object, ttlMs?: number): Promise<T>;
  /** reads the rows again now */
  refresh(db: D, owner: object): Promise<T>;
}

export function signedCache<D, T>(options: SignedCacheOptions<D, T>): SignedCache<D, T> {
  const entries = new WeakMap<object, Entry<T>>();
  let generations = 0;

  async function load(db: D, owner: object, signature: string, generation: number): Promise<T> {
    const value = await options.load(db);
    const current = entries.get(owner);
    if (current && current.generation > generation) return current.value;
    entries.set(owner, { signature, value, checkedAt: Date.now(), generation });
    options.loaded?.(value);
    return value;
  }

  return {
    async get(db, owner, ttlMs = 0) {
      const cached = entries.get(owner);
      if (cached && ttlMs > 0 && Date.now() - cached.checkedAt < ttlMs) return cached.value;
      const generation = ++generations;
      const signature = await options.signature(db);
      const current = entries.get(owner);
      if (current?.signature === signature) {
        current.checkedAt = Date.now();
        return current.value;
      }
      return load(db, owner, signature, generation);
    },
    async refresh(db, owner) {
      const generation = ++generations;
      return load(db, owner, await options.signature(db), generation);
    },
  };
}
