import { useEffect, useEffectEvent } from 'react';

/**
 * Unsaved edits that survive the detour to the verification settings: a sensitive save with no
 * second-step method set sends the operator there (spec §5, 请先配置 二次验证配置…), and what they
 * typed comes back when they return. Kept in this tab's sessionStorage only, gone at sign-out.
 */
const PREFIX = 'agora.draft.';
const LEAVING = 'agora:leaving-for-verification';

/** Said by the second-step dialog just before it leaves for the verification settings. */
export function announceLeavingForVerification(): void {
  window.dispatchEvent(new Event(LEAVING));
}

/** While mounted, keeps what `capture` answers (undefined: nothing unsaved) under `key` when the detour starts. */
export function useKeepDraftOnDetour(key: string, capture: () => unknown): void {
  const keep = useEffectEvent(() => {
    const value = capture();
    if (value !== undefined) sessionStorage.setItem(PREFIX + key, JSON.stringify(value));
  });
  useEffect(() => {
    const listener = () => keep();
    window.addEventListener(LEAVING, listener);
    return () => window.removeEventListener(LEAVING, listener);
  }, []);
}

/** The draft kept under `key`, handed out once. */
export function takeDraft<T>(key: string): T | undefined {
  const raw = sessionStorage.getItem(PREFIX + key);
  if (raw === null) return undefined;
  sessionStorage.removeItem(PREFIX + key);
  try {
    return JSON.parse(raw) as T;
  } catch {
    return undefined;
  }
}

/** Sign-out: nobody who signs in next sees what the last operator typed. */
export function dropDrafts(): void {
  for (const key of Object.keys(sessionStorage)) if (key.startsWith(PREFIX)) sessionStorage.removeItem(key);
}
