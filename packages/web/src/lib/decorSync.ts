import { DECOR_RECEIVED, DECOR_SYNC, DECOR_SYNC_INTERVAL_MS, DECOR_SYNC_TOKEN, STORAGE_KEYS } from '@agora/contract';
import { getAccessToken, getRefreshToken, jwtExpiry, saveTokens, subscribeSession } from './session';
import { storage } from './storage';

/**
 * Spec §4 decoration sync: the console and the decoration app (its own window, possibly on its own
 * origin) share one session. The console posts its session to the decoration window every 200 ms
 * until that window answers `decorReceived` from its own origin; the decoration window sends the
 * tokens it renews back (SYNC_DECOR_TOKEN), because a refresh token is used once and the console's
 * copy would otherwise be spent. Messages from anywhere else are ignored.
 */

/** What the console sends: the stored session under its storage names (spec §3). */
const SESSION_KEYS = [STORAGE_KEYS.uid, STORAGE_KEYS.uuid, STORAGE_KEYS.user, STORAGE_KEYS.accessToken, STORAGE_KEYS.refreshToken] as const;
type SessionData = { type: typeof DECOR_SYNC } & Partial<Record<(typeof SESSION_KEYS)[number], unknown>>;

const isTokenKey = (key: string) => key === STORAGE_KEYS.accessToken || key === STORAGE_KEYS.refreshToken;

function sessionData(): SessionData {
  const data: SessionData = { type: DECOR_SYNC };
  for (const key of SESSION_KEYS) data[key] = storage.get(key);
  return data;
}

// ─── The console's side ─────────────────────────────────────────────────────

/**
 * Sends the session to `target` (the decoration window) every 200 ms until it answers
 * `decorReceived` from `decorOrigin`, or closes. Returns a stop function.
 */
export function syncSessionTo(target: Window, decorOrigin: string): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  let done = false;
  const stop = () => {
    done = true;
    clearTimeout(timer);
    window.removeEventListener('message', onMessage);
  };
  function onMessage(event: MessageEvent) {
    if (event.origin !== decorOrigin || event.source !== target) return;
    if (event.data === DECOR_RECEIVED) stop();
  }
  const send = () => {
    if (done) return;
    if (target.closed) return stop();
    // Until the decoration page has loaded, the window is still about:blank and the browser drops
    // the message (the target origin does not match): the next round tries again.
    target.postMessage(sessionData(), decorOrigin);
    timer = setTimeout(send, DECOR_SYNC_INTERVAL_MS);
  };
  window.addEventListener('message', onMessage);
  send();
  return stop;
}

/** Opens the decoration app at `url` in a new window and hands it the session. */
export function openDecor(url: string): Window | null {
  const target = new URL(url, window.location.href);
  const opened = window.open(target.href, '_blank');
  if (opened) syncSessionTo(opened, target.origin);
  return opened;
}

/**
 * Stores the tokens the decoration app renewed (SYNC_DECOR_TOKEN), each expiring at the time inside
 * it; only from `decorOrigin`. Returns a function that stops listening.
 */
export function acceptDecorTokens(decorOrigin: string): () => void {
  const onMessage = (event: MessageEvent) => {
    if (event.origin !== decorOrigin) return;
    const data = event.data as { type?: unknown; accessToken?: unknown; refreshToken?: unknown } | null;
    if (!data || data.type !== DECOR_SYNC_TOKEN || typeof data.accessToken !== 'string' || typeof data.refreshToken !== 'string') return;
    if (data.accessToken === getAccessToken() && data.refreshToken === getRefreshToken()) return;
    saveTokens(data.accessToken, data.refreshToken);
  };
  window.addEventListener('message', onMessage);
  return () => window.removeEventListener('message', onMessage);
}

// ─── The decoration app's side ──────────────────────────────────────────────

/**
 * Takes the session the console (this window's opener) sends: stores each value, the tokens until
 * the time inside them, answers `decorReceived` to the sender's origin, and from then on sends the
 * tokens this window renews back to that origin. Resolves once a session is here — at once when
 * one already is (a second window on the console's own origin shares its storage).
 */
export function receiveSession(): Promise<void> {
  let consoleOrigin: string | undefined;
  let sentAccess = getAccessToken();
  subscribeSession(() => {
    const access = getAccessToken();
    const refresh = getRefreshToken();
    if (!consoleOrigin || !window.opener || !access || !refresh || access === sentAccess) return;
    sentAccess = access;
    (window.opener as Window).postMessage({ type: DECOR_SYNC_TOKEN, accessToken: access, refreshToken: refresh }, consoleOrigin);
  });
  return new Promise((resolve) => {
    if (getRefreshToken()) resolve();
    window.addEventListener('message', (event: MessageEvent) => {
      // Only the window that opened this one speaks for the console.
      if (!window.opener || event.source !== window.opener) return;
      const data = event.data as SessionData | null;
      if (!data || data.type !== DECOR_SYNC) return;
      for (const key of SESSION_KEYS) {
        const value = data[key];
        if (value === undefined || value === null) continue;
        storage.set(key, value, isTokenKey(key) && typeof value === 'string' ? { expires: jwtExpiry(value) } : {});
      }
      consoleOrigin = event.origin;
      sentAccess = getAccessToken();
      (event.source as Window).postMessage(DECOR_RECEIVED, event.origin);
      if (getRefreshToken()) resolve();
    });
  });
}
