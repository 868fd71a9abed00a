import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { MEDIA_MSG, imageOperation, imageOperationError, resourceDeleteQuery, resourceListQuery } from './media.js';

describe('media rules', () => {
  it('checks an image action as spec §5 says', () => {
    expect(imageOperationError({ opt_type: 'NONE', opt_value: '' })).toBeNull();
    expect(imageOperationError({ opt_type: 'URL', opt_value: 'goods/1' })).toBe('链接值只能以 / 开头！');
    expect(imageOperationError({ opt_type: 'URL', opt_value: '/goods/1' })).toBeNull();
    expect(imageOperationError({ opt_type: 'KEYWORD', opt_value: ' ' })).toBe(MEDIA_MSG.keywordRequired);
    for (const opt_type of ['GOODS', 'SHOP', 'CATEGORY'] as const) {
      for (const bad of ['', '0', '-1', '1.5', 'abc', '01']) expect(imageOperationError({ opt_type, opt_value: bad }), bad).toBe('请输入正整数');
      expect(imageOperationError({ opt_type, opt_value: '9223372036854775808' })).toBe('id值超过上限');
      expect(imageOperationError({ opt_type, opt_value: '9223372036854775807' })).toBeNull();
    }
    const parsed = imageOperation.safeParse({ opt_type: 'SHOP', opt_value: 'x' });
    expect(parsed.success ? null : parsed.error.issues[0].message).toBe('请输入正整数');
  });

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
