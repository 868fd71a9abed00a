import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { MEDIA_MSG, resourceDeleteQuery, resourceListQuery } from './media.js';

describe('media rules', () => {
  it('takes the page sizes 15, 30, 50 and 100 and ids either way', () => {
    expect(resourceListQuery.parse({}).page_size).toBe(15);
    for (const size of ['15', '30', '50', '100']) expect(resourceListQuery.safeParse({ page_size: size }).success).toBe(true);
    for (const size of ['10', '20', '200']) expect(resourceListQuery.safeParse({ page_size: size }).success).toBe(false);
    expect(resourceDeleteQuery.parse({ ids: '1,2' }).ids).toEqual([1, 2]);
    expect(resourceDeleteQuery.parse({ ids: ['3', '4'] }).ids).toEqual([3, 4]);
    expect(resourceDeleteQuery.safeParse({}).success).toBe(false);
  });

  it('ships every media message verbatim in zh-CN', () => {
    const zh = JSON.parse(fs.readFileSync(new URL('./locales/zh-CN/media.json', import.meta.url), 'utf8')) as { msg: Record<string, string> };
    expect(zh.msg).toEqual(MEDIA_MSG);
  });
});
