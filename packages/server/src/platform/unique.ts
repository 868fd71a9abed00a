import type { ErrorCode } from '@agora/contract';
import { AppError, badRequest } from './errors.js';

/**
 * What a clash on a unique index means to an operator. Each module's pre-check answers these
 * messages already; when two requests pass the pre-check at the same moment, the database refuses
 * the second and the error handler answers the same message through this table instead of a 500.
 */
export type DuplicateRefusal = ErrorCode | ((values: string[]) => AppError);

const REFUSALS = new Map<string, DuplicateRefusal>();

/** Registers the refusal for each unique index of a module, by index name. */
export function refuseDuplicates(refusals: Record<string, DuplicateRefusal>): void {
  for (const [index, refusal] of Object.entries(refusals)) REFUSALS.set(index, refusal);
}

interface DriverError {
  code?: string;
  constraint?: string;
  detail?: string;
  message?: string;
  cause?: unknown;
}

/**
 * The unique index a write ran into and the values of its key, whichever driver (pg, PGlite)
 * reported it and however drizzle wrapped it; undefined for any other error.
 */
export function uniqueViolation(error: unknown): { index: string; values: string[] } | undefined {
  for (let current = error as DriverError | undefined; current; current = current.cause as DriverError | undefined) {
    if (current.code !== '23505') continue;
    const index = current.constraint ?? /"([^"]+)"/.exec(current.message ?? '')?.[1] ?? '';
    // detail: Key (parent_id, name)=(0, 手机) already exists.
    const values = /\)=\((.*)\) already exists/.exec(current.detail ?? '')?.[1]?.split(', ') ?? [];
    return { index, values };
  }
  return undefined;
}

/** The operator's message for a unique clash, when the index has one registered. */
export function duplicateRefusal(error: unknown): AppError | undefined {
  const violation = uniqueViolation(error);
  const refusal = violation && REFUSALS.get(violation.index);
  if (!violation || !refusal) return undefined;
  return typeof refusal === 'function' ? refusal(violation.values) : badRequest(refusal);
}

/** Rethrows a unique clash as its operator's message (for code that acts on the refusal before the error handler). */
export function rethrowDuplicate(error: unknown): never {
  throw duplicateRefusal(error) ?? error;
}
