import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { shopEndpoints } from '@agora/contract';
import { fixture, stubApi } from '@/test/api';
import type { SentRequest } from '@/test/network';
import { renderPage, signIn } from '@/test/pageHarness';
import { ShopSelect } from './ShopSelect';

const optionTexts = () => [...document.querySelectorAll('.ant-select-item-option-content')].map((option) => option.textContent);

function serveShops(): SentRequest[] {
  return stubApi(fixture(shopEndpoints.options, [{ shop_id: 7, shop_name: '果园旗舰店', shop_disable: 'OPEN' }]));
}

describe('ShopSelect', { timeout: 20_000 }, () => {
  beforeEach(() => {
    signIn();
  });

  it('offers the whole platform (shop_id 0, 平台) first when asked', async () => {
    const sent = serveShops();
    const user = userEvent.setup({ pointerEventsCheck: 0 });
    const onChange = vi.fn();
    renderPage(<ShopSelect withPlatform onChange={onChange} />);
    fireEvent.mouseDown(screen.getByRole('combobox'));
    await waitFor(() => expect(optionTexts()).toEqual(['平台', '果园旗舰店']));
    await user.click(screen.getByText('平台', { selector: '.ant-select-item-option-content' }));
    expect(onChange).toHaveBeenCalledWith(0);
    // the pseudo-shop is never asked of the server
    expect(sent.every((request) => !/ids=/.test(request.url))).toBe(true);
  });

  it('lists real shops only by default, and hides 平台 while the keyword does not match it', async () => {
    serveShops();
    const user = userEvent.setup({ pointerEventsCheck: 0 });
    const { unmount } = renderPage(<ShopSelect />);
    fireEvent.mouseDown(screen.getByRole('combobox'));
    await waitFor(() => expect(optionTexts()).toEqual(['果园旗舰店']));
    unmount();

    renderPage(<ShopSelect withPlatform />);
    await user.type(screen.getByRole('combobox'), '果园');
    await waitFor(() => expect(optionTexts()).toEqual(['果园旗舰店']));
  });
});
