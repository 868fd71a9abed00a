import { useCallback, useMemo, useState } from 'react';
import { isUnlimited } from '@agora/contract';

/**
 * The rows chosen in a picker, across searches and pages. With a limit of 1 a new choice replaces
 * the old one; with a higher limit nothing more can be chosen once it is reached; below 1 is unlimited.
 */
export function useSelection<Row>(keyOf: (row: Row) => number, limit: number, initial: readonly Row[] = []) {
  const [rows, setRows] = useState<Row[]>(() => [...initial]);
  const keys = useMemo(() => new Set(rows.map(keyOf)), [rows, keyOf]);
  const unlimited = isUnlimited(limit);
  const single = limit === 1;
  const full = !unlimited && !single && rows.length >= limit;

  const toggle = useCallback(
    (row: Row, checked: boolean) =>
      setRows((current) => {
        const key = keyOf(row);
        if (!checked) return current.filter((existing) => keyOf(existing) !== key);
        if (current.some((existing) => keyOf(existing) === key)) return current;
        if (single) return [row];
        if (!unlimited && current.length >= limit) return current;
        return [...current, row];
      }),
    [keyOf, limit, single, unlimited],
  );

  /** Checks (as many as still fit, in order) or unchecks several rows at once. */
  const toggleMany = useCallback(
    (changed: readonly Row[], checked: boolean) =>
      setRows((current) => {
        const changedKeys = new Set(changed.map(keyOf));
        if (!checked) return current.filter((existing) => !changedKeys.has(keyOf(existing)));
        const present = new Set(current.map(keyOf));
        const added = changed.filter((row) => !present.has(keyOf(row)));
        const room = unlimited ? added.length : Math.max(0, limit - current.length);
        return [...current, ...added.slice(0, room)];
      }),
    [keyOf, limit, unlimited],
  );

  return {
    rows,
    keys,
    single,
    full,
    isSelected: (row: Row) => keys.has(keyOf(row)),
    /** a row that cannot be checked because the limit is reached */
    isBlocked: (row: Row) => full && !keys.has(keyOf(row)),
    toggle,
    toggleMany,
    clear: () => setRows([]),
  };
}
