import { beforeEach, describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import { askEndpoints, shopEndpoints, type AskRow } from '@agora/contract';
import { fixture, stubApi } from '@/test/api';
import { renderPage, signIn } from '@/test/pageHarness';
import AskListPage from './AskListPage';

const ask = (fields: Partial<AskRow>): AskRow => ({
  ask_id: 1,
  goods_id: 3,
  goods_name: '羊毛围巾',
  goods_image: '',
  member_id: 9,
  member_name: 'buyer9',
  anonymous: 'NO',
  seller_id: 2,
  seller_name: '暖冬小店',
  content: '会起球吗？',
  auth_status: 'PASS_AUDIT',
  reply_status: 'NO',
  reply_num: 0,
  status: 'NORMAL',
  create_time: 1_763_000_000,
  ...fields,
});

describe('goods asks', { timeout: 15_000 }, () => {
  beforeEach(() => {
    signIn();
  });

  it("say whose answer each figure counts: the shop's answer apart from the buyers' answers", async () => {
    stubApi(
      fixture(askEndpoints.list, {
        data: [ask({ ask_id: 1, content: '会起球吗？', reply_status: 'YES', reply_num: 0 }), ask({ ask_id: 2, content: '冬天够暖吗？', reply_status: 'NO', reply_num: 1 })],
        page_no: 1,
        page_size: 20,
        data_total: 2,
      }),
      fixture(shopEndpoints.options, []),
    );
    renderPage(<AskListPage />, { path: '/sale/goods-ask-list' });
    expect(await screen.findByRole('columnheader', { name: '商家回复' })).toBeTruthy();
    await screen.findByText('冬天够暖吗？');
    const row = (content: string) => screen.getByText(content).closest('tr')!;
    // Answered by the shop, no buyer has answered; and the other way round: the two no longer read as one figure.
    expect(within(row('会起球吗？')).getByText('已回复')).toBeTruthy();
    expect(within(row('会起球吗？')).getByText('买家回答: 0')).toBeTruthy();
    expect(within(row('冬天够暖吗？')).getByText('未回复')).toBeTruthy();
    expect(within(row('冬天够暖吗？')).getByText('买家回答: 1')).toBeTruthy();
  });
});
