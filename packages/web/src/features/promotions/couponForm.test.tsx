import { beforeEach, describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { couponEndpoints } from '@agora/contract';
import { formatPlatformTime } from '@/components/formatTime';
import { fixture, stubApi } from '@/test/api';
import { renderPage, signIn } from '@/test/pageHarness';
import CouponFormPage from './CouponFormPage';

const DAY = 86_400;
const now = Math.floor(Date.now() / 1000);
/** A platform (UTC+8) day some days from now, as the picker's cells name it, and its first second. */
const platformDay = (days: number) => {
  const name = formatPlatformTime(now + days * DAY).slice(0, 10);
  return { name, start: Date.parse(`${name}T00:00:00+08:00`) / 1000 };
};

describe('coupon form: the activity period', { timeout: 60_000 }, () => {
  beforeEach(() => signIn());

  it('says 开始时间 / 结束时间 where the time is picked, and a day picked as the end runs to its 23:59:59 (platform time)', async () => {
    // two days apart in this month's panel or the next, both shown
    const first = platformDay(1);
    const last = platformDay(2);
    const sent = stubApi(fixture(couponEndpoints.create, { coupon_id: 12 }));
    const user = userEvent.setup({ pointerEventsCheck: 0 });
    renderPage(<CouponFormPage />, { path: '/coupon', url: '/coupon' });

    const start = await screen.findByPlaceholderText<HTMLInputElement>('开始时间');
    expect(screen.getByPlaceholderText('结束时间')).toBeTruthy();
    expect(screen.queryByPlaceholderText('开始日期')).toBeNull();

    await user.click(start);
    await user.click(document.querySelector<HTMLElement>(`.ant-picker-dropdown td[title="${first.name}"]`)!);
    await user.click(screen.getByRole('button', { name: /确\s*定|OK/ }));
    await user.click(document.querySelector<HTMLElement>(`.ant-picker-dropdown td[title="${last.name}"]`)!);
    await user.click(screen.getByRole('button', { name: /确\s*定|OK/ }));
    await waitFor(() => expect(screen.getByPlaceholderText<HTMLInputElement>('结束时间').value).toBe(`${last.name} 23:59`));
    expect(start.value).toBe(`${first.name} 00:00`);

    await user.type(screen.getByLabelText('优惠券名称'), '周末满减券');
    await user.type(screen.getByLabelText('优惠券面额'), '10');
    await user.type(screen.getByLabelText('使用门槛'), '99');
    await user.type(screen.getByLabelText('发放总量'), '100');
    await user.click(screen.getByRole('button', { name: /保\s*存/ }));
    await waitFor(() => expect(sent.some((request) => request.method === 'POST')).toBe(true));
    const body = JSON.parse(String(sent.find((request) => request.method === 'POST')!.body)) as { start_time: number; end_time: number };
    expect(body).toMatchObject({ start_time: first.start, end_time: last.start + DAY - 1 });
  });
});
