import { useSyncExternalStore } from 'react';
import { STORAGE_KEYS, type AdminProfile, type LoginResult } from '@agora/contract';
import { storage } from './storage';

/** When a JWT stops being valid, read from its payload; the signature is the server's business. */
export function jwtExpiry(token: string): Date | undefined {
  const payload = token.split('.')[1];
  if (!payload) return undefined;
  try {
    const json = atob(payload.replace(/-/g, '+').replace(/_/g, '/'));
    const exp = (JSON.parse(json) as { exp?: unknown }).exp;
    return typeof exp === 'number' ? new Date(exp * 1000) : undefined;
  } catch {
    return undefined;
  }
}

// crypto.randomUUID exists only in secure contexts; the console may be served over plain http on a LAN.
function randomUuid(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = (bytes[6] & 0x0f) | 0x40;
  bytes[8] = (bytes[8] & 0x3f) | 0x80;
  const hex = Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/** The browser's id (admin_uuid): generated once, sent with every request and bound to captchas and sessions. */
export function getUuid(): string {
  const existing = storage.get<string>(STORAGE_KEYS.uuid);
  if (existing) return existing;
  const uuid = randomUuid();
  storage.set(STORAGE_KEYS.uuid, uuid);
  return uuid;
}

export const getAccessToken = (): string | undefined => storage.get<string>(STORAGE_KEYS.accessToken);
export const getRefreshToken = (): string | undefined => storage.get<string>(STORAGE_KEYS.refreshToken);
export const getUser = (): AdminProfile | undefined => storage.get<AdminProfile>(STORAGE_KEYS.user);

const listeners = new Set<() => void>();
let version = 0;

function notify(): void {
  version += 1;
  for (const listener of listeners) listener();
}

/** Called when tokens or the user change here or in another tab. */
export function subscribeSession(listener: () => void): () => void {
  listeners.add(listener);
  if (listeners.size === 1) window.addEventListener('storage', notify);
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0) window.removeEventListener('storage', notify);
  };
}

/** Re-renders the caller whenever the session changes; read the session with the getters. */
export function useSessionVersion(): number {
  return useSyncExternalStore(subscribeSession, () => version);
}

/** Each token lives in storage exactly as long as the server will accept it. */
export function saveTokens(accessToken: string, refreshToken: string): void {
  storage.set(STORAGE_KEYS.accessToken, accessToken, { expires: jwtExpiry(accessToken) });
  storage.set(STORAGE_KEYS.refreshToken, refreshToken, { expires: jwtExpiry(refreshToken) });
  notify();
}

export function saveLogin(result: LoginResult): AdminProfile {
  const { access_token, refresh_token, ...user } = result;
  storage.set(STORAGE_KEYS.user, user);
  storage.set(STORAGE_KEYS.uid, user.uid);
  saveTokens(access_token, refresh_token);
  return user;
}

export function clearSession(): void {
  storage.remove(STORAGE_KEYS.user);
  storage.remove(STORAGE_KEYS.uid);
  storage.remove(STORAGE_KEYS.accessToken);
  storage.remove(STORAGE_KEYS.refreshToken);
  notify();
}
