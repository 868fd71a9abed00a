import { describe, expect, it } from 'vitest';
import { screen, waitFor, render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Button } from 'antd';
import { AppProviders } from '@/app/providers';
import { toast } from './feedback';

/** An element's z-index, through the CSS variable antd's theme sets it with (jsdom does not resolve var()). */
function zIndexOf(element: HTMLElement): string {
  const style = getComputedStyle(element);
  const variable = /^var\((--[\w-]+)\)$/.exec(style.zIndex)?.[1];
  return variable ? style.getPropertyValue(variable).trim() : style.zIndex;
}

describe('toasts', () => {
  it('sit at z-index 9999, above dialogs and overlays (spec §9)', { timeout: 20_000 }, async () => {
    const user = userEvent.setup();
    render(
      <AppProviders>
        <Button onClick={() => toast.success('已保存')}>save</Button>
      </AppProviders>,
    );
    await user.click(screen.getByRole('button', { name: 'save' }));
    expect(await screen.findByText('已保存')).toBeTruthy();
    await waitFor(() => {
      const holder = document.querySelector<HTMLElement>('.ant-message');
      expect(holder).toBeTruthy();
      expect(zIndexOf(holder!)).toBe('9999');
    });
  });
});
