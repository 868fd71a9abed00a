import { ERRORS, formatMessage, type ErrorCode } from '@agora/contract';

/** A refusal the client should show as it is: status, a stable code and a localized message. */
export class AppError extends Error {
  constructor(
    readonly status: number,
    readonly code: ErrorCode | string,
    readonly params: Record<string, string | number> = {},
    /** a ready message, used when the code has no catalogue entry (e.g. a validation detail) */
    readonly detail?: string,
  ) {
    super(detail ?? code);
  }

  localized(lang: 'zh' | 'en'): string {
    if (this.detail) return this.detail;
    const entry = (ERRORS as Record<string, { zh: string; en: string }>)[this.code];
    return entry ? formatMessage(entry[lang], this.params) : this.code;
  }
}

export const badRequest = (code: ErrorCode, params?: Record<string, string | number>) => new AppError(400, code, params);
export const notFound = (code: ErrorCode = 'NOT_FOUND') => new AppError(404, code);
