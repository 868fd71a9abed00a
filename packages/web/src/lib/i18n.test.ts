import i18next from 'i18next';
import { describe, expect, it } from 'vitest';
import { bundledTexts, fillMissingTexts } from './i18n';

describe('bundled texts', () => {
  it('hold every area of the shipped language and the route titles', async () => {
    const texts = await bundledTexts('en-US');
    expect(texts.login).toMatchObject({ title: expect.any(String) });
    expect(texts.common).toBeTypeOf('object');
    expect(Object.keys(texts.route ?? {}).length).toBeGreaterThan(50);
  });

  it('fill in, once signed in, the keys the server did not answer, under the ones it did', async () => {
    const bundled = await bundledTexts('zh-CN');
    // What an older server answered: the login texts only, one of them edited by an operator.
    i18next.removeResourceBundle('zh-CN', 'translation');
    i18next.addResourceBundle('zh-CN', 'translation', { login: { title: '运营后台' } });
    expect(i18next.exists('common.msg.timeout')).toBe(false);

    await fillMissingTexts();

    expect(i18next.t('login.title')).toBe('运营后台');
    expect(i18next.t('login.submit')).toBe((bundled.login as Record<string, string>).submit);
    expect(i18next.t('common.msg.timeout')).toBe(((bundled.common as Record<string, Record<string, string>>).msg).timeout);
  });
});
