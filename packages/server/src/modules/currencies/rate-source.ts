/**
 * The exchange-rate source driver. The HTTP driver speaks the Frankfurter API
 * (`GET {url}/latest?from=CNY&to=USD,EUR` → `{"base":"CNY","date":"2026-11-23","rates":{"USD":0.1382}}`),
 * which the European Central Bank's reference rates are published through; any service answering
 * that shape can be set with EXCHANGE_RATE_URL.
 *
 * Rates are read from the response text as written, never through a JavaScript number, so a rate
 * of 0.13827 stays exactly that on its way to the `numeric` column.
 */
import { AppError } from '../../platform/errors.js';
import { foreignFailure, OutboundFailure, outboundRequest, type Outbound, type OutboundAnswer } from '../../platform/outbound.js';

export interface LatestRates {
  base: string;
  /** the source's date of the rates (YYYY-MM-DD), or '' */
  date: string;
  /** code → the rate as a plain decimal string */
  rates: Map<string, string>;
}

export interface RateSource {
  latest(base: string, codes: readonly string[]): Promise<LatestRates>;
}

const failed = (reason: string) => new AppError(502, 'RATE_SOURCE_FAILED', { reason });

/** "1.5e-3" → "0.0015", "2E+2" → "200"; a plain decimal stays as it is. */
export function plainDecimal(number: string): string {
  const match = /^(-?)(\d+)(?:\.(\d+))?(?:[eE]([+-]?\d+))?$/.exec(number);
  if (!match) throw failed(`unreadable rate ${number}`);
  const [, sign, whole, fraction = '', exponent = '0'] = match;
  const digits = whole + fraction;
  const point = whole.length + Number(exponent);
  const padded = point <= 0 ? '0'.repeat(1 - point) + digits : point > digits.length ? digits + '0'.repeat(point - digits.length) : digits;
  const at = Math.max(point, 1);
  const int = padded.slice(0, at).replace(/^0+(?=\d)/, '');
  const frac = padded.slice(at).replace(/0+$/, '');
  return `${sign}${int}${frac ? `.${frac}` : ''}`;
}

/** The `"rates": { … }` members of a response, their numbers as written. */
export function ratesOf(text: string): Map<string, string> {
  const object = /"rates"\s*:\s*\{([^{}]*)\}/.exec(text);
  if (!object) throw failed('no rates in the answer');
  const rates = new Map<string, string>();
  for (const [, code, number] of object[1].matchAll(/"([A-Za-z]{3})"\s*:\s*(-?\d+(?:\.\d+)?(?:[eE][+-]?\d+)?)/g)) {
    rates.set(code.toUpperCase(), plainDecimal(number));
  }
  return rates;
}

export function httpRateSource(out: Outbound, baseUrl: string): RateSource {
  return {
    async latest(base, codes) {
      const url = `${baseUrl}/latest?from=${encodeURIComponent(base)}&to=${codes.map(encodeURIComponent).join(',')}`;
      let answer: OutboundAnswer;
      try {
        answer = await outboundRequest(out, url, { headers: { accept: 'application/json' } });
      } catch (error) {
        throw error instanceof OutboundFailure ? failed(error.reason) : error;
      }
      if (!answer.ok) throw failed(foreignFailure(out, 'the exchange rate source', answer));
      const text = answer.text;
      let body: { base?: unknown; date?: unknown };
      try {
        body = JSON.parse(text) as typeof body;
      } catch {
        throw failed('the answer is not JSON');
      }
      if (typeof body.base === 'string' && body.base.toUpperCase() !== base) throw failed(`rates are against ${body.base.slice(0, 10)}, not ${base}`);
      return { base, date: typeof body.date === 'string' ? body.date.slice(0, 10) : '', rates: ratesOf(text) };
    },
  };
}
