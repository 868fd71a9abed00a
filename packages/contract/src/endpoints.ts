import type { AnyEndpoint } from './endpoint.js';
import { systemLogEndpoints } from './system-logs.js';

/** Every endpoint of the API, by area (the area names are the roots of the web's query keys). */
export const ENDPOINTS = {
  systemLogs: systemLogEndpoints,
} as const;

export type Area = keyof typeof ENDPOINTS;

export const ALL_ENDPOINTS: readonly AnyEndpoint[] = Object.values(ENDPOINTS).flatMap((group) => Object.values(group) as AnyEndpoint[]);
