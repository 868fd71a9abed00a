import type { AnyEndpoint } from './endpoint.js';
import { systemLogEndpoints } from './system-logs.js';
import { mediaEndpoints } from './media.js';
import { uploadEndpoints } from './uploads.js';
import { pageEndpoints } from './pages.js';

/** Every endpoint of the API, by area (the area names are the roots of the web's query keys). */
export const ENDPOINTS = {
  systemLogs: systemLogEndpoints,
  media: mediaEndpoints,
  uploads: uploadEndpoints,
  pages: pageEndpoints,
} as const;

export type Area = keyof typeof ENDPOINTS;

export const ALL_ENDPOINTS: readonly AnyEndpoint[] = Object.values(ENDPOINTS).flatMap((group) => Object.values(group) as AnyEndpoint[]);
