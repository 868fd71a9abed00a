import { afterEach, describe, expect, it, vi } from 'vitest';
import { DEFAULT_STORAGE_DAYS } from '@agora/contract';
import { storage } from './storage';

const DAY_MS = 24 * 60 * 60 * 1000;

describe('storage with expiry', () => {
  afterEach(() => vi.useRealTimers());

  it('returns what was stored', () => {
    storage.set('k', { a: 1, list: ['x'] });
    expect(storage.get('k')).toEqual({ a: 1, list: ['x'] });
  });

  it('keeps items 3650 days by default, then forgets and removes them', () => {
    vi.useFakeTimers({ now: new Date('2025-01-01T00:00:00Z') });
    storage.set('k', 'v');
    vi.setSystemTime(Date.now() + DEFAULT_STORAGE_DAYS * DAY_MS - 1000);
    expect(storage.get('k')).toBe('v');
    vi.setSystemTime(Date.now() + 2000);
    expect(storage.get('k')).toBeUndefined();
    expect(localStorage.getItem('k')).toBeNull();
  });

  it('expires after the given number of days', () => {
    vi.useFakeTimers({ now: new Date('2025-01-01T00:00:00Z') });
    storage.set('k', 'v', { expires: 1 });
    vi.setSystemTime(Date.now() + DAY_MS - 1);
    expect(storage.get('k')).toBe('v');
    vi.setSystemTime(Date.now() + 1);
    expect(storage.get('k')).toBeUndefined();
  });

  it('expires at the given moment', () => {
    vi.useFakeTimers({ now: new Date('2025-01-01T00:00:00Z') });
    storage.set('k', 'v', { expires: new Date('2025-01-01T00:10:00Z') });
    vi.setSystemTime(new Date('2025-01-01T00:09:59Z'));
    expect(storage.get('k')).toBe('v');
    vi.setSystemTime(new Date('2025-01-01T00:10:00Z'));
    expect(storage.get('k')).toBeUndefined();
  });

  it('treats values it did not write as absent', () => {
    localStorage.setItem('plain', 'not json');
    localStorage.setItem('foreign', JSON.stringify({ some: 'thing' }));
    expect(storage.get('plain')).toBeUndefined();
    expect(storage.get('foreign')).toBeUndefined();
  });

  it('removes items', () => {
    storage.set('k', 'v');
    storage.remove('k');
    expect(storage.get('k')).toBeUndefined();
  });
});
