import { SMS_HTTP_PLUGIN, type SmsAuditState } from '@agora/contract';
import type { Db } from '../../db/client.js';
import { AppError, badRequest } from '../../platform/errors.js';
import { isOutboundRefusal, type Outbound } from '../../platform/outbound.js';
import { readOpenPlugin } from '../plugins/service.js';
import { signedGatewayPost } from '../plugins/drivers.js';

/**
 * The audit side of the SMS provider (docs/sms.md): the provider behind the open HTTP SMS gateway
 * takes signatures and templates for audit at paths beside the gateway's send URL, signed the way a
 * send is, and answers their audit state when asked. No other source ever marks one PASS.
 */
export type ProviderKind = 'sign' | 'template';
export interface ProviderStatus {
  biz_id: string;
  status: Extract<SmsAuditState, 'AUDITING' | 'PASS' | 'NOT_PASS'>;
  reason?: string;
}

const PATHS = { sign: 'signs', template: 'templates', status: 'audit-status' } as const;

/** The open HTTP gateway's config, or null while the development outbox is open (it audits nothing). */
export async function openProvider(db: Db): Promise<Record<string, string> | null> {
  const open = await readOpenPlugin(db, 'SMS');
  return open.pluginId === SMS_HTTP_PLUGIN ? open.values : null;
}

async function post(out: Outbound, values: Record<string, string>, path: string, payload: unknown): Promise<Record<string, unknown>> {
  let url: string;
  try {
    url = new URL(path, values.url).toString();
  } catch {
    throw badRequest('OUTBOUND_URL_INVALID');
  }
  let text: string;
  try {
    text = await signedGatewayPost(out, values, url, JSON.stringify(payload));
  } catch (error) {
    if (isOutboundRefusal(error)) throw error;
    const reason = error instanceof AppError ? String(error.params?.reason ?? error.code) : (error as Error).message;
    throw new AppError(502, 'SMS_PROVIDER_FAILED', { reason });
  }
  try {
    const parsed: unknown = JSON.parse(text);
    if (parsed && typeof parsed === 'object') return parsed as Record<string, unknown>;
  } catch {
    // reported below
  }
  out.log.debug({ answer: text.slice(0, 500) }, 'the SMS provider answered something else than JSON');
  throw new AppError(502, 'SMS_PROVIDER_FAILED', { reason: 'the answer is not JSON' });
}

/** Submits one signature or template; the provider answers the id it audits it under. */
export async function submitToProvider(out: Outbound, values: Record<string, string>, kind: ProviderKind, payload: Record<string, string>): Promise<string> {
  const answer = await post(out, values, PATHS[kind], payload);
  const bizId = typeof answer.biz_id === 'string' ? answer.biz_id.trim() : '';
  if (!bizId || bizId.length > 64) throw new AppError(502, 'SMS_PROVIDER_FAILED', { reason: 'no biz_id in the answer' });
  return bizId;
}

const STATES = new Set(['AUDITING', 'PASS', 'NOT_PASS']);

/** The provider's audit state of each id asked about (ids it does not answer stay as they are). */
export async function providerStatuses(out: Outbound, values: Record<string, string>, kind: ProviderKind, bizIds: string[]): Promise<ProviderStatus[]> {
  if (bizIds.length === 0) return [];
  const answer = await post(out, values, PATHS.status, { kind, biz_ids: bizIds });
  const results = Array.isArray(answer.results) ? answer.results : [];
  return results.flatMap((entry: unknown) => {
    const row = entry as Partial<ProviderStatus>;
    if (typeof row.biz_id !== 'string' || !STATES.has(String(row.status))) return [];
    return [{ biz_id: row.biz_id, status: row.status as ProviderStatus['status'], reason: typeof row.reason === 'string' ? row.reason.slice(0, 200) : '' }];
  });
}
