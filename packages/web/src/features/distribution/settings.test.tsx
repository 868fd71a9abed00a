import { beforeEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { distributionEndpoints, type CommissionTplRow } from '@agora/contract';
import { fixture, stubApi } from '@/test/api';
import { currentUrl as location, renderPage, signIn, sortedUrl as at } from '@/test/pageHarness';
import DistributorMessagePage from './DistributorMessagePage';

const tpl = (id: number, name: string, isDefault: 0 | 1 = 0): CommissionTplRow => ({ id, tpl_name: name, grade1: 10, grade2: 5, is_default: isDefault, member_num: 0, create_time: 1_763_000_000 });
const PATH = '/distribution/distributor-message';

describe('distribution settings', { timeout: 60_000 }, () => {
  beforeEach(() => {
    signIn();
    stubApi(
      fixture(distributionEndpoints.settings, { cycle: 7, goods_model: 1 }),
      fixture(distributionEndpoints.tpls, [tpl(1, '默认模板', 1), tpl(2, '金牌分销')]),
      fixture(distributionEndpoints.goodsRebates, { data: [{ goods_id: 5, goods_name: '蓝牙耳机', shop_name: '鑫源电子', price: 199, grade1_rebate: 8, grade2_rebate: 3 }], page_no: 1, page_size: 20, data_total: 1 }),
    );
  });

  it('keeps the template dialog in the URL: a reload reopens the template it edits, closing clears it, adding opens an empty one', async () => {
    const user = userEvent.setup();
    renderPage(<DistributorMessagePage />, { path: PATH, url: `${PATH}?tpl=2` });
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('编辑模板')).toBeTruthy();
    await waitFor(() => expect(within(dialog).getByLabelText('模板名称')).toHaveProperty('value', '金牌分销'));
    await user.click(within(dialog).getByRole('button', { name: /取\s?消/ }));
    await waitFor(() => expect(location()).toBe(PATH));
    await user.click(screen.getByRole('button', { name: '添加模板' }));
    await waitFor(() => expect(location()).toBe(at(`${PATH}?tpl=0`)));
    const adding = await screen.findByRole('dialog');
    expect(within(adding).getByText('添加模板')).toBeTruthy();
    expect(within(adding).getByLabelText('模板名称')).toHaveProperty('value', '');
  });

  it('keeps the goods rebate dialog in the URL', async () => {
    const user = userEvent.setup();
    renderPage(<DistributorMessagePage />, { path: PATH, url: PATH });
    const row = within((await screen.findByText('蓝牙耳机')).closest('tr')!);
    await user.click(row.getByRole('button', { name: /编\s?辑/ }));
    await waitFor(() => expect(location()).toBe(at(`${PATH}?rebate=5`)));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('设置返利：蓝牙耳机')).toBeTruthy();
    expect(within(dialog).getByLabelText('一级返利')).toHaveProperty('value', '8.00');
  });
});
