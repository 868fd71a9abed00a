import { DEFAULT_STORAGE_DAYS } from '@agora/contract';

const DAY_MS = 24 * 60 * 60 * 1000;

export interface StorageOptions {
  /** days from now, or the moment the item stops existing */
  expires?: number | Date;
}

interface StoredItem {
  value: unknown;
  /** epoch milliseconds */
  expires: number;
}

function expiryOf(expires: number | Date = DEFAULT_STORAGE_DAYS): number {
  return expires instanceof Date ? expires.getTime() : Date.now() + expires * DAY_MS;
}

function isStoredItem(raw: unknown): raw is StoredItem {
  return typeof raw === 'object' && raw !== null && 'value' in raw && typeof (raw as StoredItem).expires === 'number';
}

function set(key: string, value: unknown, options: StorageOptions = {}): void {
  const item: StoredItem = { value, expires: expiryOf(options.expires) };
  localStorage.setItem(key, JSON.stringify(item));
}

/** The stored value, or undefined once it has expired (the expired item is removed on the way). */
function get<T>(key: string): T | undefined {
  const raw = localStorage.getItem(key);
  if (raw === null) return undefined;
  let item: unknown;
  try {
    item = JSON.parse(raw);
  } catch {
    item = undefined;
  }
  if (!isStoredItem(item) || item.expires <= Date.now()) {
    localStorage.removeItem(key);
    return undefined;
  }
  return item.value as T;
}

function remove(key: string): void {
  localStorage.removeItem(key);
}

/** localStorage whose items carry an expiry (spec §3: default 3650 days). */
export const storage = { set, get, remove };
