import { beforeEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { seckillEndpoints, type SeckillApplyRow, type SeckillRow } from '@agora/contract';
import { fixture, stubApi } from '@/test/api';
import { currentUrl, renderPage, signIn, sortedUrl } from '@/test/pageHarness';
import { SeckillAuditPage } from './SeckillGoodsPage';

const event: SeckillRow = {
  seckill_id: 7,
  seckill_name: '明日爆款秒杀',
  start_day: '2026-11-25',
  start_time: 1_764_000_000,
  apply_end_time: 1_763_990_000,
  range_list: [9, 12],
  seckill_rule: '',
  status: 0,
  publish_status: 1,
  closed: 0,
  apply_num: 3,
  pass_num: 0,
  create_time: 1_763_000_000,
};
const apply = (id: number, name: string): SeckillApplyRow => ({
  apply_id: id,
  seckill_id: 7,
  time_line: 9,
  goods_id: id,
  sku_id: id,
  goods_name: name,
  properties_name: '',
  goods_image: '',
  shop_id: 1,
  shop_name: '测试店铺',
  original_price: 100,
  price: 59.9,
  sold_quantity: 20,
  status: 'APPLY',
  fail_reason: '',
  create_time: 1_763_000_000,
});

describe('seckill audit', { timeout: 60_000 }, () => {
  beforeEach(() => {
    signIn();
  });

  it('asks only for the waiting applications and refuses the ticked ones with one reason', async () => {
    const sent = stubApi(
      fixture(seckillEndpoints.detail, event),
      fixture(seckillEndpoints.applies, { data: [apply(1, '计算器'), apply(2, '手机'), apply(3, '虾仁')], page_no: 1, page_size: 20, data_total: 3 }),
      fixture(seckillEndpoints.audit, {}),
    );
    const user = userEvent.setup();
    renderPage(<SeckillAuditPage />, { path: '/promotions/seckill-list/audit/:id', url: '/promotions/seckill-list/audit/7' });

    await screen.findByText('计算器');
    expect(sent.some((request) => request.url === 'admin/promotion/seckill-goods?seckill_id=7&status=APPLY')).toBe(true);
    for (const name of ['计算器', '虾仁']) await user.click(within(screen.getByText(name).closest('tr')!).getByRole('checkbox'));
    await user.click(screen.getByRole('button', { name: '批量拒绝' }));
    await waitFor(() => expect(currentUrl()).toBe(sortedUrl('/promotions/seckill-list/audit/7?refuse=1,3')));
    const reason = await screen.findByLabelText('拒绝原因');
    await user.type(reason, '抢购价过高');
    await user.click(within(reason.closest('.ant-modal')! as HTMLElement).getByRole('button', { name: /确\s*定/ }));
    expect(await screen.findByText('已拒绝')).toBeTruthy();
    const post = sent.find((request) => request.method === 'POST')!;
    expect(JSON.parse(String(post.body))).toEqual({ apply_ids: [1, 3], status: 'FAIL', fail_reason: '抢购价过高' });
    await waitFor(() => expect(currentUrl()).toBe('/promotions/seckill-list/audit/7'));
  });
});
