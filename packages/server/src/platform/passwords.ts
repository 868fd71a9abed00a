import { hash, verify } from '@node-rs/argon2';
import crypto from 'node:crypto';

/**
 * Passwords arrive as the MD5 hex the console computes; we store a slow, salted
 * argon2id hash of that, never the MD5 itself.
 */
export function hashPassword(md5Hex: string): Promise<string> {
  return hash(md5Hex, { algorithm: 2 });
}

export async function verifyPassword(stored: string, md5Hex: string): Promise<boolean> {
  try {
    return await verify(stored, md5Hex);
  } catch {
    return false;
  }
}

export function md5(text: string): string {
  return crypto.createHash('md5').update(text).digest('hex');
}

export function sha256(text: string): string {
  return crypto.createHash('sha256').update(text).digest('hex');
}
