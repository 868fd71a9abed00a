import { describe, expect, it } from 'vitest';
import type { AnyEndpoint } from './endpoint.js';
import { languageEndpoints } from './languages.js';
import { preLoginEndpoints } from './pre-login.js';
import { sessionEndpoints } from './session.js';

const full: Record<keyof typeof preLoginEndpoints, AnyEndpoint> = {
  captcha: sessionEndpoints.captcha,
  login: sessionEndpoints.login,
  refresh: sessionEndpoints.refresh,
  logout: sessionEndpoints.logout,
  languageCodes: languageEndpoints.codes,
  languageTexts: languageEndpoints.texts,
};

/** What the web's request client reads of an entry (its schemas only type the call). */
const wire = ({ id, area, method, path, permission, binary, multipart }: AnyEndpoint) => ({ id, area, method, path, permission, binary, multipart });

describe('pre-login endpoints', () => {
  it.each(Object.keys(full) as (keyof typeof full)[])('%s is its table entry without the schemas', (name) => {
    expect(wire(preLoginEndpoints[name])).toEqual(wire(full[name]));
    expect(preLoginEndpoints[name]).not.toHaveProperty('query');
    expect(preLoginEndpoints[name]).not.toHaveProperty('body');
  });
});
