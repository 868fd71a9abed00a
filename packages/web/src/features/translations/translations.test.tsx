import { beforeEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { languageAdminEndpoints, uiDictEndpoints, type LanguageRow, type UiDictRow } from '@agora/contract';
import { fixture, stubApi } from '@/test/api';
import { renderPage, signIn } from '@/test/pageHarness';
import UiDictPage from './UiDictPage';
import LanguagesPage from './LanguagesPage';

const LANGUAGES: LanguageRow[] = [
  { id: 1, code: 'zh-CN', lang: '简体中文', sort: 1, enabled: 3 },
  { id: 2, code: 'en-US', lang: 'English', sort: 2, enabled: 1 },
];
const ROWS: UiDictRow[] = [
  { id: 7, key: 'route.dashboard', kind: 'router', shipped: 1, texts: { 'zh-CN': '首页', 'en-US': 'Dashboard' }, edited: [] },
  { id: 9000, key: 'custom.banner', kind: 'ui', shipped: 0, texts: { 'zh-CN': '大促' }, edited: ['zh-CN'] },
];

describe('UI dictionary page', { timeout: 20_000 }, () => {
  beforeEach(() => {
    signIn();
  });

  it('shows each language side by side and saves one key\'s texts; a built-in key cannot be deleted', async () => {
    const sent = stubApi(
      fixture(uiDictEndpoints.list, () => ({ data: ROWS, page_no: 1, page_size: 20, data_total: 2 })),
      fixture(languageAdminEndpoints.list, () => LANGUAGES),
      fixture(uiDictEndpoints.update, ({ body }) => ({ ...ROWS[0], texts: { ...ROWS[0].texts, ...(body as { texts: Record<string, string> }).texts }, edited: ['zh-CN'] })),
    );
    const user = userEvent.setup();
    renderPage(<UiDictPage />, { path: '/d', url: '/d' });
    await screen.findByText('route.dashboard');
    expect(screen.getByRole('columnheader', { name: '简体中文' })).toBeTruthy();
    expect(screen.getByRole('columnheader', { name: 'English' })).toBeTruthy();
    const rows = screen.getAllByRole('row');
    const shipped = rows.find((r) => within(r).queryByText('route.dashboard'))!;
    const custom = rows.find((r) => within(r).queryByText('custom.banner'))!;
    expect(within(shipped).getByText('Dashboard')).toBeTruthy();
    expect(within(shipped).getByRole('button', { name: /删\s*除/ }).hasAttribute('disabled')).toBe(true);
    expect(within(custom).getByRole('button', { name: /删\s*除/ }).hasAttribute('disabled')).toBe(false);
    expect(within(custom).getByText('已修改')).toBeTruthy();

    await user.click(within(shipped).getByRole('button', { name: /编\s*辑/ }));
    const dialog = await screen.findByRole('dialog');
    const zh = within(dialog).getByLabelText('简体中文译文');
    await user.clear(zh);
    await user.type(zh, '工作台');
    await user.click(within(dialog).getByRole('button', { name: /保\s*存/ }));
    await waitFor(() => expect(sent.some((request) => request.method === 'PUT')).toBe(true));
    const put = sent.find((request) => request.method === 'PUT')!;
    expect(put.url).toBe('admin/i18n/ui-dict/7');
    expect(JSON.parse(String(put.body))).toEqual({ texts: { 'zh-CN': '工作台', 'en-US': 'Dashboard' } });
  });

  it('asks for the default language\'s text of a new key before sending it', async () => {
    const sent = stubApi(
      fixture(uiDictEndpoints.list, () => ({ data: [], page_no: 1, page_size: 20, data_total: 0 })),
      fixture(languageAdminEndpoints.list, () => LANGUAGES),
      fixture(uiDictEndpoints.create, ({ body }) => ({ ...ROWS[1], ...(body as object) }) as UiDictRow),
    );
    const user = userEvent.setup();
    renderPage(<UiDictPage />, { path: '/d', url: '/d' });
    await user.click(await screen.findByRole('button', { name: /添加词条/ }));
    const dialog = await screen.findByRole('dialog');
    await user.type(within(dialog).getByLabelText('词条键'), 'custom.sale.title');
    await user.type(within(dialog).getByLabelText('English译文'), 'Sale');
    await user.click(within(dialog).getByRole('button', { name: /保\s*存/ }));
    expect(await within(dialog).findByText('请填写简体中文译文')).toBeTruthy();
    expect(sent.some((request) => request.method === 'POST')).toBe(false);
    await user.type(within(dialog).getByLabelText('简体中文译文'), '大促');
    await user.click(within(dialog).getByRole('button', { name: /保\s*存/ }));
    await waitFor(() => expect(sent.some((request) => request.method === 'POST')).toBe(true));
    expect(JSON.parse(String(sent.find((request) => request.method === 'POST')!.body))).toEqual({ key: 'custom.sale.title', texts: { 'zh-CN': '大促', 'en-US': 'Sale' } });
  });
});

describe('UI dictionary import', { timeout: 20_000 }, () => {
  beforeEach(() => {
    signIn();
  });

  it('uploads the chosen sheet to the import from its dialog, then follows it on the import records', async () => {
    const sent = stubApi(
      fixture(uiDictEndpoints.list, () => ({ data: ROWS, page_no: 1, page_size: 20, data_total: 2 })),
      fixture(languageAdminEndpoints.list, () => LANGUAGES),
      fixture(uiDictEndpoints.import, () => ({ task_id: 41 })),
    );
    const user = userEvent.setup();
    renderPage(<UiDictPage />, { path: '/d', url: '/d' });
    await user.click(await screen.findByRole('button', { name: /导\s*入/ }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('导入界面词典')).toBeTruthy();
    expect(within(dialog).getByText(/在“新增”列填“是”/)).toBeTruthy();
    const sheet = new File(['xlsx'], '界面词典.xlsx', { type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' });
    await user.upload(dialog.querySelector('input[type=file]') as HTMLInputElement, sheet);
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/operations/backstage-task/import-record'));
    const post = sent.find((request) => request.method === 'POST')!;
    expect(post.url).toBe('admin/i18n/ui-dict/import');
    expect(post.body).toBeInstanceOf(FormData);
    expect(((post.body as FormData).get('file') as File).name).toBe('界面词典.xlsx');
    expect(await screen.findByText('文件已上传，正在后台导入')).toBeTruthy();
  });

  it('keeps the dialog open with the server\'s reason when the sheet is refused', async () => {
    stubApi(
      fixture(uiDictEndpoints.list, () => ({ data: ROWS, page_no: 1, page_size: 20, data_total: 2 })),
      fixture(languageAdminEndpoints.list, () => LANGUAGES),
      fixture(uiDictEndpoints.import, () => ({ status: 400, data: { code: 'UI_IMPORT_LANG_OFF', message: '以下语言未启用：en-US，请先在语言管理中启用，或删除这些列' } })),
    );
    const user = userEvent.setup();
    renderPage(<UiDictPage />, { path: '/d', url: '/d' });
    await user.click(await screen.findByRole('button', { name: /导\s*入/ }));
    const dialog = await screen.findByRole('dialog');
    await user.upload(dialog.querySelector('input[type=file]') as HTMLInputElement, new File(['xlsx'], 'a.xlsx'));
    expect(await screen.findByText('以下语言未启用：en-US，请先在语言管理中启用，或删除这些列')).toBeTruthy();
    expect(screen.getByTestId('location').textContent).toBe('/d');
    expect(within(screen.getByRole('dialog')).getByText('导入界面词典')).toBeTruthy();
  });
});

describe('languages page', { timeout: 20_000 }, () => {
  beforeEach(() => {
    signIn();
  });

  it('shows the default language locked and switches another off', async () => {
    const sent = stubApi(
      fixture(languageAdminEndpoints.list, () => LANGUAGES),
      fixture(languageAdminEndpoints.enable, () => ({ ...LANGUAGES[1], enabled: 0 as const })),
    );
    const user = userEvent.setup();
    renderPage(<LanguagesPage />, { path: '/l', url: '/l' });
    await screen.findByText('English');
    const zh = screen.getAllByRole('row').find((r) => within(r).queryByText('简体中文'))!;
    expect(within(zh).getByText('锁定')).toBeTruthy();
    expect(within(zh).queryByRole('switch')).toBeNull();
    await user.click(screen.getByRole('switch', { name: 'English' }));
    await waitFor(() => expect(sent.some((request) => request.method === 'PUT')).toBe(true));
    const put = sent.find((request) => request.method === 'PUT')!;
    expect(put.url).toBe('admin/i18n/lang-code/2/open');
    expect(JSON.parse(String(put.body))).toEqual({ enabled: 0 });
  });

  it('adds one of the known languages not yet there, saying it starts disabled with English for the untranslated texts', async () => {
    const sent = stubApi(
      fixture(languageAdminEndpoints.list, () => LANGUAGES),
      fixture(languageAdminEndpoints.add, () => ({ id: 3, code: 'ja-JP', lang: '日本語', sort: 3, enabled: 0 as const })),
    );
    const user = userEvent.setup();
    renderPage(<LanguagesPage />, { path: '/l', url: '/l' });
    await screen.findByText('English');
    const add = screen.getByRole('button', { name: /添加语言/ });
    expect(add.hasAttribute('disabled')).toBe(true);
    await user.click(screen.getByRole('combobox', { name: '选择要添加的语言' }));
    expect(screen.queryByTitle(/English（en-US）/)).toBeNull();
    await user.click(await screen.findByTitle('日本語（ja-JP）'));
    expect(screen.getByText(/未翻译的词条显示English/)).toBeTruthy();
    await user.click(add);
    await waitFor(() => expect(sent.some((request) => request.method === 'POST')).toBe(true));
    const post = sent.find((request) => request.method === 'POST')!;
    expect(post.url).toBe('admin/i18n/lang-code');
    expect(JSON.parse(String(post.body))).toEqual({ code: 'ja-JP' });
  });
});
