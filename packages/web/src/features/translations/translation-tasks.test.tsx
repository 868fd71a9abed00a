import { beforeEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  dataDictEndpoints,
  languageAdminEndpoints,
  translationTaskEndpoints,
  type DataDictRow,
  type LanguageRow,
  type TranslationFailureRow,
  type TranslationTaskRow,
} from '@agora/contract';
import { fixture, stubApi } from '@/test/api';
import { renderPage, signIn } from '@/test/pageHarness';
import TranslationTasksPage from './TranslationTasksPage';
import TranslationFailuresPage from './TranslationFailuresPage';
import DataDictPage from './DataDictPage';

const LANGUAGES: LanguageRow[] = [
  { id: 1, code: 'zh-CN', lang: '简体中文', sort: 1, enabled: 3 },
  { id: 2, code: 'en-US', lang: 'English', sort: 2, enabled: 1 },
];
const TASK: TranslationTaskRow = {
  id: 5,
  lang: 'en-US',
  scope: 'GOODS',
  status: 'DONE',
  total: 3,
  success_count: 2,
  fail_count: 1,
  progress: 100,
  message: '',
  operator: 'admin',
  create_time: 1_760_000_000,
  finish_time: 1_760_000_060,
};
const page = <T,>(data: T[]) => ({ data, page_no: 1, page_size: 20, data_total: data.length });

describe('translation pages', { timeout: 20_000 }, () => {
  beforeEach(() => {
    signIn();
  });

  it('lists tasks with their counts and starts one for a language and scope', async () => {
    const sent = stubApi(
      fixture(translationTaskEndpoints.list, () => page([TASK])),
      fixture(languageAdminEndpoints.list, () => LANGUAGES),
      fixture(translationTaskEndpoints.create, (): TranslationTaskRow => ({ ...TASK, id: 6, scope: 'UI', status: 'WAIT', progress: 0 })),
    );
    const user = userEvent.setup();
    renderPage(<TranslationTasksPage />, { path: '/t', url: '/t' });
    const row = (await screen.findByText('商品名称')).closest('tr')!;
    expect(within(row).getByText('已完成')).toBeTruthy();
    expect(within(row).getByRole('link', { name: '1' }).getAttribute('href')).toBe('/setting/i18n/translation-failed?task_id=5');

    await user.click(screen.getByRole('button', { name: /新建翻译任务/ }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: /保\s*存/ }));
    expect(await within(dialog).findByText('请选择翻译范围')).toBeTruthy();
    await user.click(within(dialog).getByLabelText('翻译范围'));
    await user.click(await screen.findByTitle('界面词典'));
    await user.click(within(dialog).getByRole('button', { name: /保\s*存/ }));
    await waitFor(() => expect(sent.some((request) => request.method === 'POST')).toBe(true));
    const post = sent.find((request) => request.method === 'POST')!;
    expect(post.url).toBe('admin/i18n/task/2/create');
    expect(JSON.parse(String(post.body))).toEqual({ scope: 'UI' });
  });

  it('translates a failed item again', async () => {
    const failure: TranslationFailureRow = { id: 11, task_id: 5, lang: 'en-US', scope: 'GOODS', ref: 'GOODS:3', source: '坏掉的耳机', reason: '翻译平台调用失败：HTTP 422', create_time: 1_760_000_000 };
    const sent = stubApi(
      fixture(translationTaskEndpoints.failures, () => page([failure])),
      fixture(languageAdminEndpoints.list, () => LANGUAGES),
      fixture(translationTaskEndpoints.retranslate, (): TranslationTaskRow[] => [{ ...TASK, id: 7, scope: 'RETRY', status: 'WAIT' }]),
    );
    const user = userEvent.setup();
    renderPage(<TranslationFailuresPage />, { path: '/f', url: '/f?task_id=5' });
    const row = (await screen.findByText('坏掉的耳机')).closest('tr')!;
    expect(within(row).getByText('翻译平台调用失败：HTTP 422')).toBeTruthy();
    await user.click(within(row).getByRole('button', { name: '重新翻译' }));
    await waitFor(() => expect(sent.some((request) => request.method === 'POST')).toBe(true));
    expect(sent.find((request) => request.method === 'GET' && request.url.startsWith('admin/i18n/task/re-translate/list'))!.url).toContain('task_id=5');
    expect(JSON.parse(String(sent.find((request) => request.method === 'POST')!.body))).toEqual({ ids: [11] });
  });

  it('edits an entry\'s English text in the data dictionary', async () => {
    const entry: DataDictRow = { id: 3, group_sn: 'EXPRESS', data_key: 8, source: '顺丰速运', texts: { 'zh-CN': '顺丰速运', 'en-US': 'SF' }, machine: ['en-US'] };
    const sent = stubApi(
      fixture(dataDictEndpoints.list, () => page([entry])),
      fixture(languageAdminEndpoints.list, () => LANGUAGES),
      fixture(dataDictEndpoints.update, () => ({ ...entry, texts: { ...entry.texts, 'en-US': 'SF Express' }, machine: [] })),
    );
    const user = userEvent.setup();
    renderPage(<DataDictPage />, { path: '/d', url: '/d' });
    const row = (await screen.findByText('顺丰速运')).closest('tr')!;
    expect(within(row).getByText('物流公司')).toBeTruthy();
    expect(within(row).getByText('机器翻译')).toBeTruthy();
    await user.click(within(row).getByRole('button', { name: /编\s*辑/ }));
    const dialog = await screen.findByRole('dialog');
    const english = within(dialog).getByLabelText('English译文');
    await user.clear(english);
    await user.type(english, 'SF Express');
    await user.click(within(dialog).getByRole('button', { name: /保\s*存/ }));
    await waitFor(() => expect(sent.some((request) => request.method === 'PUT')).toBe(true));
    const put = sent.find((request) => request.method === 'PUT')!;
    expect(put.url).toBe('admin/i18n/data-dict/3');
    expect(JSON.parse(String(put.body))).toEqual({ texts: { 'en-US': 'SF Express' } });
  });

  it('translates one goods name on demand from its data dictionary row', async () => {
    const entry: DataDictRow = { id: 4, group_sn: 'GOODS', data_key: 31, source: '降噪耳机', texts: { 'zh-CN': '降噪耳机' }, machine: [] };
    const sent = stubApi(
      fixture(dataDictEndpoints.list, () => page([entry])),
      fixture(languageAdminEndpoints.list, () => LANGUAGES),
      fixture(translationTaskEndpoints.goods, () => ({ goods_id: 31, texts: { 'en-US': 'ANC earphones' } })),
    );
    const user = userEvent.setup();
    renderPage(<DataDictPage />, { path: '/d', url: '/d' });
    const row = (await screen.findByText('降噪耳机')).closest('tr')!;
    await user.click(within(row).getByRole('button', { name: /翻\s*译/ }));
    await user.click(await screen.findByRole('button', { name: /确\s*定/ }));
    await waitFor(() => expect(sent.some((request) => request.method === 'POST')).toBe(true));
    const post = sent.find((request) => request.method === 'POST')!;
    expect(post.url).toBe('admin/i18n/goods/translate');
    expect(JSON.parse(String(post.body))).toEqual({ goods_id: 31 });
  });
});
