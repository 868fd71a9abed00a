import { describe, expect, it } from 'vitest';
import dayjs from 'dayjs';
import { loadWidgetLocale, widgetLocale } from './widget-locale';

describe('widget locales of added languages', () => {
  it('loads antd\'s and dayjs\'s locale of an added language when asked, and none for a shipped one', async () => {
    await loadWidgetLocale('ja-JP');
    expect(widgetLocale()?.antd.locale).toBe('ja');
    expect(widgetLocale()?.dayjs).toBe('ja');
    expect(dayjs('2026-01-05').locale('ja').format('dddd')).toBe('月曜日');
    await loadWidgetLocale('de-DE');
    expect(widgetLocale()?.antd.locale).toBe('de');
    await loadWidgetLocale('en-US');
    expect(widgetLocale()).toBeUndefined();
  });
});
