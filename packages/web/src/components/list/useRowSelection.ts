import { useCallback, useState, type Key } from 'react';

/**
 * The rows ticked on a list page for a batch action. Not part of the URL: it starts empty and
 * empties whenever the list's query changes (a filter, the sort, another page).
 */
export function useRowSelection<K extends Key = number>(list: { query: unknown }) {
  const [selected, setSelected] = useState<K[]>([]);
  const listKey = JSON.stringify(list.query);
  const [selectedIn, setSelectedIn] = useState(listKey);
  if (selectedIn !== listKey) {
    setSelectedIn(listKey);
    setSelected([]);
  }
  /** Unticks rows a batch action took away. */
  const drop = useCallback((keys: readonly K[]) => setSelected((current) => current.filter((key) => !keys.includes(key))), []);
  return { selected, drop, onChange: (keys: Key[]) => setSelected(keys as K[]) };
}
