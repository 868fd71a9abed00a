import { beforeEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import i18next from 'i18next';
import { systemLogEndpoints, type SystemLogRow } from '@agora/contract';
import { fixture, stubApi } from '@/test/api';
import { currentUrl as location, renderPage, signIn, sortedUrl as at } from '@/test/pageHarness';
import { bundledTexts } from '@/lib/i18n';
import SystemLogsPage from './SystemLogsPage';

const ROWS: SystemLogRow[] = Array.from({ length: 25 }, (_, index) => {
  const id = 25 - index;
  return {
    id,
    operator_id: 1,
    operator_name: 'admin',
    operate_detail: `操作 ${id}`,
    operate_detail_en: `Operation ${id}`,
    operate_ip: '10.0.0.1',
    level: id % 2 ? 'important' : 'normal',
    method: 'PUT',
    url: `/api/admin/x/${id}`,
    params: '{"a":1}',
    create_time: 1_763_000_000 + id,
  };
});

const logs = fixture(systemLogEndpoints.list, ({ query }) => {
  const pageNo = Number(query.page_no ?? 1);
  const pageSize = Number(query.page_size ?? 20);
  const rows = ROWS.filter((row) => !query.level || row.level === query.level);
  return { data: rows.slice((pageNo - 1) * pageSize, pageNo * pageSize), page_no: pageNo, page_size: pageSize, data_total: rows.length };
});

describe('system logs on the shared list page', { timeout: 15_000 }, () => {
  beforeEach(() => {
    signIn();
  });

  it('keeps filters, page and the open drawer in the URL under the API names', async () => {
    const sent = stubApi(logs);
    const user = userEvent.setup();
    renderPage(<SystemLogsPage />, { path: '/logs', url: '/logs?level=important&page_size=10&detail=25' });

    // The drawer of a shared link opens on its entry once the list is there.
    expect(await screen.findByText('日志详情')).toBeTruthy();
    expect(sent[0].url).toBe('admin/system-logs?page_size=10&level=important');
    expect(screen.getByText('共 13 条')).toBeTruthy();

    await user.click(document.querySelector('.ant-drawer-close')!);
    await waitFor(() => expect(location()).toBe(at('/logs?level=important&page_size=10')));

    await user.click(screen.getByTitle('2'));
    await waitFor(() => expect(location()).toBe(at('/logs?level=important&page_no=2&page_size=10')));
    await waitFor(() => expect(sent.at(-1)!.url).toBe('admin/system-logs?page_no=2&page_size=10&level=important'));
    const rows = await screen.findAllByRole('row');
    expect(within(rows[1]).getByText('操作 5')).toBeTruthy();
  });

  it('drops what the query schema refuses instead of failing, and a filter goes back to page 1', async () => {
    const sent = stubApi(logs);
    const user = userEvent.setup();
    renderPage(<SystemLogsPage />, { path: '/logs', url: '/logs?level=nonsense&page_no=2&page_size=500' });
    await screen.findByText('操作 5');
    expect(sent[0].url).toBe('admin/system-logs?page_no=2');

    await user.click(screen.getAllByText('详情')[0]);
    // The refused values leave the URL with the next change.
    await waitFor(() => expect(location()).toBe(at('/logs?page_no=2&detail=5')));
    await user.type(screen.getByPlaceholderText('账号、操作内容或IP'), '操作{Enter}');
    await waitFor(() => expect(location()).toBe(at('/logs?keyword=%E6%93%8D%E4%BD%9C')));
  });

  it('says what was done in the reader’s language', async () => {
    stubApi(logs);
    await i18next.addResourceBundle('en-US', 'translation', await bundledTexts('en-US'));
    await i18next.changeLanguage('en-US');
    try {
      renderPage(<SystemLogsPage />, { path: '/logs', url: '/logs' });
      expect(await screen.findByText('Operation 25')).toBeTruthy();
      expect(screen.queryByText('操作 25')).toBeNull();
    } finally {
      await i18next.changeLanguage('zh-CN');
    }
  });
});
