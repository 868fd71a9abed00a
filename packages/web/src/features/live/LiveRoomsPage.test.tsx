import { beforeEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import i18next from 'i18next';
import { liveEndpoints, shopEndpoints, type LiveRoomRow } from '@agora/contract';
import { fixture, stubApi } from '@/test/api';
import { currentUrl as location, renderPage, signIn, sortedUrl as at } from '@/test/pageHarness';
import { bundledTexts } from '@/lib/i18n';
import LiveRoomsPage from './LiveRoomsPage';

const room = (id: number, state: LiveRoomRow['state'], extra: Partial<LiveRoomRow> = {}): LiveRoomRow => ({
  id,
  title: `直播间${id}`,
  shop_id: 1,
  shop_name: '店铺1',
  cover: `/files/live/${id}.png`,
  start_time: 1_795_000_000,
  end_time: 1_795_007_200,
  state,
  goods: [{ goods_id: 9, goods_name: '羊毛围巾', thumbnail: '/files/goods/9.png' }],
  refuse_reason: '',
  close_reason: '',
  operator: '',
  operate_time: null,
  create_time: 1_794_000_000,
  ...extra,
});

const ROOMS = [room(1, 'WAIT'), room(2, 'WAIT'), room(3, 'LIVE'), room(4, 'REFUSED', { refuse_reason: '标题夸大宣传' })];
const shopOptions = fixture(shopEndpoints.options, [{ shop_id: 1, shop_name: '店铺1', shop_disable: 'OPEN' }]);
const rooms = fixture(liveEndpoints.list, ({ query }) => {
  const rows = ROOMS.filter((entry) => !query.state || entry.state === query.state);
  return { data: rows, page_no: 1, page_size: 20, data_total: rows.length };
});

describe('live rooms page', { timeout: 20_000 }, () => {
  beforeEach(() => {
    signIn();
  });

  it('refuses the selected rooms with one reason; only waiting rooms can be ticked', async () => {
    const sent = stubApi(shopOptions, rooms, fixture(liveEndpoints.audit, {}), fixture(liveEndpoints.close, {}));
    const user = userEvent.setup();
    renderPage(<LiveRoomsPage />, { path: '/promotions/live-video', url: '/promotions/live-video' });
    expect(await screen.findByText('直播间1')).toBeTruthy();
    expect(screen.getByText('标题夸大宣传')).toBeTruthy();
    const [, first, second, onAir] = screen.getAllByRole('row');
    // only rooms waiting for audit can be ticked
    expect((within(onAir).getByRole('checkbox') as HTMLInputElement).disabled).toBe(true);
    await user.click(within(first).getByRole('checkbox'));
    await user.click(within(second).getByRole('checkbox'));
    expect(screen.getByText('已选2个')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: '批量拒绝' }));
    await waitFor(() => expect(location()).toBe(at('/promotions/live-video?refuse=1%2C2')));
    expect(await screen.findByText('拒绝直播间（2个）')).toBeTruthy();
    await user.type(screen.getByLabelText('拒绝原因'), '封面违规');
    await user.click(screen.getByRole('button', { name: /确\s*定/ }));
    await waitFor(() => expect(sent.find((request) => request.url === 'admin/live/rooms/audit')).toBeTruthy());
    expect(JSON.parse(String(sent.find((request) => request.url === 'admin/live/rooms/audit')!.body))).toEqual({ ids: [1, 2], pass: 0, reason: '封面违规' });
    await waitFor(() => expect(location()).toBe(at('/promotions/live-video')));
  });

  it('asks before closing a room on air, with a reason', async () => {
    const sent = stubApi(shopOptions, rooms, fixture(liveEndpoints.close, {}));
    const user = userEvent.setup();
    renderPage(<LiveRoomsPage />, { path: '/promotions/live-video', url: '/promotions/live-video' });
    expect(await screen.findByText('直播间3')).toBeTruthy();
    const onAir = screen.getAllByRole('row')[3];
    await user.click(within(onAir).getByText('关闭'));
    expect(await screen.findByText('关闭后直播间不能再开播，也不能恢复；店铺将收到站内信通知。')).toBeTruthy();
    await user.click(screen.getAllByRole('button', { name: /确\s*定/ }).at(-1)!);
    expect(await screen.findByText('请填写关闭原因')).toBeTruthy();
    await user.type(screen.getByLabelText('关闭原因'), '直播内容违规');
    await user.click(screen.getAllByRole('button', { name: /确\s*定/ }).at(-1)!);
    await waitFor(() => expect(sent.find((request) => request.url === 'admin/live/rooms/3/close')).toBeTruthy());
  });

  it('shows states and actions in English', async () => {
    stubApi(shopOptions, rooms);
    await i18next.addResourceBundle('en-US', 'translation', await bundledTexts('en-US'));
    await i18next.changeLanguage('en-US');
    try {
      renderPage(<LiveRoomsPage />, { path: '/promotions/live-video', url: '/promotions/live-video?state=WAIT' });
      expect(await screen.findByText('直播间2')).toBeTruthy();
      const [, waiting] = screen.getAllByRole('row');
      expect(within(waiting).getByText('Waiting for audit')).toBeTruthy();
      expect(within(waiting).getByText('Approve')).toBeTruthy();
      expect(within(waiting).getByText('1 goods')).toBeTruthy();
    } finally {
      await i18next.changeLanguage('zh-CN');
    }
  });
});
