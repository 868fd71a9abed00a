import { z } from 'zod';

/** Largest id the console accepts anywhere (spec §9). */
export const MAX_ID = 9223372036854775807n;

export const pageQuery = z.object({
  page_no: z.coerce.number().int().min(1).default(1),
  page_size: z.coerce.number().int().min(1).max(200).default(20),
});
export type PageQuery = z.infer<typeof pageQuery>;

export interface Page<T> {
  data: T[];
  page_no: number;
  page_size: number;
  data_total: number;
}

export const idParam = z.object({ id: z.coerce.number().int().positive() });

/** 0 / 1 flags as the wire speaks them; accepts "0"/"1" from query strings too. */
export const flag = z.coerce.number().int().min(0).max(1);

/** Lowercase hex MD5, the "hashed password" the console sends (spec §7). */
export const md5Hex = z
  .string()
  .regex(/^[0-9a-f]{32}$/, { message: '密码格式有误' });

export interface ApiError {
  code: string;
  message: string;
}

export type Lang = 'zh-CN' | 'en-US';
export const DEFAULT_LANG: Lang = 'zh-CN';
