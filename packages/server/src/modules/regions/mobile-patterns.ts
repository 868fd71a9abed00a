import { setMobilePatterns, type MobilePatterns } from '@agora/contract';
import type { Db } from '../../db/client.js';
import type { AppContext } from '../../platform/context.js';
import { signedCache } from '../../platform/signed-cache.js';
import { referenceVersion } from './service.js';
import { countries } from './tables.js';

/**
 * The countries' mobile patterns as the contract's mobile rule reads them (its registry). Operators
 * edit them in regional management; every instance keeps its copy beside the countries' data
 * version (data package and revision, which every country or state change bumps in its
 * transaction): the instance that edits reloads after its commit, any other compares the version
 * at most every `config.inputRulesTtlMs` before it validates a request, and reloads when it moved.
 *
 * The registry is one per process while a test runs several apps in one: each app installs its
 * own copy right before it parses a request (`ctx.inputRules`), so each enforces what it has seen.
 */
const patterns = signedCache<Db, MobilePatterns>({
  signature: (db) => referenceVersion(db, 'countries'),
  async load(db) {
    const rows = await db.select({ code: countries.code, pattern: countries.mobileRegex }).from(countries);
    return Object.freeze(Object.fromEntries(rows.map((row) => [row.code, row.pattern])));
  },
  // Background work (imports, jobs) validates with what was loaded last.
  loaded: setMobilePatterns,
});

/** This instance's patterns, fresh within the configured interval; what installs them for a parse. */
export async function mobilePatternRules(ctx: AppContext): Promise<() => void> {
  const current = await patterns.get(ctx.db, ctx, ctx.config.inputRulesTtlMs);
  return () => setMobilePatterns(current);
}

/** After a committed change of the countries here: the new patterns hold at once. */
export async function reloadMobilePatterns(ctx: AppContext): Promise<void> {
  setMobilePatterns(await patterns.refresh(ctx.db, ctx));
}
