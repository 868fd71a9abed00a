import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { ALL_ENDPOINTS } from '@agora/contract';
import { describeResponses, responsesText } from './openapi-responses.js';
import { RESPONSES_FILE } from './openapi.js';

describe('the answers\' shapes of the API reference', () => {
  // The TypeScript compiler reads the whole contract: tens of seconds on a loaded machine.
  it('api-docs/responses.json holds every answer type of the contract as it is now', { timeout: 300_000 }, () => {
    const described = describeResponses();
    const answering = ALL_ENDPOINTS.filter((endpoint) => endpoint.response && !endpoint.binary).map((endpoint) => endpoint.id);
    expect(answering.filter((id) => !described.responses[id])).toEqual([]);
    // A Page<BrandRow> as its fields, the row a named schema with its literal union as an enum.
    expect(described.responses['brands.list']).toEqual(
      expect.objectContaining({ type: 'object', required: ['data', 'page_no', 'page_size', 'data_total'], properties: expect.objectContaining({ data: { type: 'array', items: { $ref: '#/components/schemas/BrandRow' } } }) }),
    );
    expect(described.schemas.BrandRow.properties).toEqual(expect.objectContaining({ disabled: { type: 'number', enum: [0, 1] }, name: { type: 'string' } }));
    const stale = fs.readFileSync(RESPONSES_FILE, 'utf8') !== responsesText(described);
    expect(stale, `${RESPONSES_FILE} is stale: run npx tsx packages/server/src/platform/openapi-responses.ts`).toBe(false);
  });
});
