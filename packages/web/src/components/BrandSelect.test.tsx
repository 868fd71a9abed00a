import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { brandEndpoints, type BrandOption } from '@agora/contract';
import { fixture, stubApi } from '@/test/api';
import type { SentRequest } from '@/test/network';
import { renderPage, signIn } from '@/test/pageHarness';
import { BrandSelect } from './BrandSelect';

const BRANDS: BrandOption[] = [
  { brand_id: 3, name: '华为', logo: '/files/brands/3.png' },
  { brand_id: 5, name: '小米', logo: '' },
  { brand_id: 8, name: '华硕', logo: '' },
];

/** `GET admin/goods/brands/all` as the server answers it. */
function serve(): SentRequest[] {
  return stubApi(fixture(brandEndpoints.all, BRANDS));
}

const optionTexts = () => [...document.querySelectorAll('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option-content')].map((option) => option.textContent);
const option = (name: string) => screen.findByText(name, { selector: '.ant-select-item-option-content' });

describe('BrandSelect', { timeout: 20_000 }, () => {
  beforeEach(() => {
    signIn();
  });

  it('offers every brand of admin/goods/brands/all and reports the chosen brand id', async () => {
    const sent = serve();
    const user = userEvent.setup({ pointerEventsCheck: 0 });
    const onChange = vi.fn();
    renderPage(<BrandSelect placeholder="品牌" onChange={onChange} />);
    fireEvent.mouseDown(screen.getByRole('combobox'));
    await waitFor(() => expect(optionTexts()).toEqual(['华为', '小米', '华硕']));
    await user.click(await option('小米'));
    expect(onChange).toHaveBeenLastCalledWith(5);
    expect(sent.map((request) => request.url)).toEqual(['admin/goods/brands/all']);
  });

  it('searches by name', async () => {
    serve();
    const user = userEvent.setup({ pointerEventsCheck: 0 });
    const onChange = vi.fn();
    renderPage(<BrandSelect onChange={onChange} />);
    await user.type(screen.getByRole('combobox'), '华');
    await waitFor(() => expect(optionTexts()).toEqual(['华为', '华硕']));
    await user.clear(screen.getByRole('combobox'));
    await user.type(screen.getByRole('combobox'), '硕');
    await waitFor(() => expect(optionTexts()).toEqual(['华硕']));
    await user.click(await option('华硕'));
    expect(onChange).toHaveBeenLastCalledWith(8);
  });

  it('shows a given brand by name, and clearing it reports undefined', async () => {
    serve();
    const user = userEvent.setup({ pointerEventsCheck: 0 });
    const onChange = vi.fn();
    renderPage(<BrandSelect value={3} onChange={onChange} />);
    // the id until the list is there, then the brand's name
    await waitFor(() => expect(document.querySelector('.ant-select')!.textContent).toBe('华为'));
    await user.click(document.querySelector<HTMLElement>('.ant-select-clear')!);
    expect(onChange).toHaveBeenLastCalledWith(undefined);
  });

  it('picks several with multiple, and the screens share one request for the list', async () => {
    const sent = serve();
    const user = userEvent.setup({ pointerEventsCheck: 0 });
    const onChange = vi.fn();
    renderPage(
      <>
        <BrandSelect multiple value={[3]} onChange={onChange} />
        <BrandSelect />
      </>,
    );
    const [first] = screen.getAllByRole('combobox');
    fireEvent.mouseDown(first);
    await user.click(await option('华硕'));
    expect(onChange).toHaveBeenLastCalledWith([3, 8]);
    expect(sent.filter((request) => request.url === 'admin/goods/brands/all')).toHaveLength(1);
  });
});
