import type { ReactNode } from 'react';
import { beforeEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { md5 } from 'js-md5';
import { goodsEndpoints, verificationEndpoints } from '@agora/contract';
import { createPermissions, PermissionsContext } from '@/lib/permissions';
import { fixture, stubApi } from '@/test/api';
import { renderPage, signIn } from '@/test/pageHarness';
import { ExportButton } from './ExportButton';
import { useListPage } from './list/useListPage';

/** A list page as the areas wire it: the list's query from the URL, 导出 beside it. */
function GoodsToolbar() {
  const list = useListPage(goodsEndpoints.list);
  return <ExportButton endpoint={goodsEndpoints.export} query={list.query} />;
}
const asRole = (names: string[], element: ReactNode) => <PermissionsContext.Provider value={createPermissions(5, names)}>{element}</PermissionsContext.Provider>;

describe('ExportButton', { timeout: 30_000 }, () => {
  beforeEach(() => {
    signIn();
  });

  it('exports the list’s filters and sort without its paging, through the second step, then opens the export records', async () => {
    let passed = false;
    const sent = stubApi(
      fixture(goodsEndpoints.list, { data: [], page_no: 3, page_size: 50, data_total: 0 }),
      fixture(goodsEndpoints.export, () => (passed ? { task_id: 9 } : { status: 428, data: { code: 'TWO_STEP_REQUIRED', message: '请先完成二次身份验证' } })),
      fixture(verificationEndpoints.settings, { message_auth: 0, password_auth: 1, mobile: '', has_password: true }),
      fixture(verificationEndpoints.checkPassword, () => {
        passed = true;
        return { expires_in: 300 };
      }),
    );
    const user = userEvent.setup();
    renderPage(asRole(['goodsList', 'deriveRecord'], <GoodsToolbar />), {
      path: '/goods/goods-list',
      url: '/goods/goods-list?seller_id=4&market_enable=0&sort=price&order=asc&page_no=3&page_size=50',
    });

    await user.click(await screen.findByRole('button', { name: /导\s*出/ }));
    const popconfirm = document.querySelector<HTMLElement>('.ant-popover:not(.ant-popover-hidden)')!;
    expect(within(popconfirm).getByText('将按当前筛选条件和排序导出列表的全部数据（不只是当前页），确定导出吗？')).toBeTruthy();
    await user.click(within(popconfirm).getByRole('button', { name: /确\s*定/ }));

    const dialog = await screen.findByRole('dialog');
    await user.type(await within(dialog).findByPlaceholderText('请输入验证密码'), 'secret12');
    await user.click(within(dialog).getByRole('button', { name: /^验\s?证$/ }));

    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/operations/backstage-task/derive-record'));
    const posts = sent.filter((request) => request.method === 'POST' && request.url === goodsEndpoints.export.path);
    expect(posts).toHaveLength(2);
    expect(JSON.parse(String(posts[1].body))).toEqual({ seller_id: 4, market_enable: 0, sort: 'price', order: 'asc' });
    expect(JSON.parse(String(sent.find((request) => request.url === verificationEndpoints.checkPassword.path)!.body))).toEqual({ password: md5('secret12') });
  });
});
