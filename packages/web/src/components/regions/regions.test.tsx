import { useState } from 'react';
import { describe, expect, it, vi, beforeEach } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Button, Form } from 'antd';
import { mobilePatterns, mobileRule, mobileSchema, regionEndpoints as regions, setMobilePatterns, type Country, type CountryCity, type CountryState, type RegionChild, type RegionNode, type RegionSelection } from '@agora/contract';
import { fixture, stubApi } from '@/test/api';
import type { SentRequest } from '@/test/network';
import { renderPage, signIn } from '@/test/pageHarness';
import { CountryRegionPicker, MobileInput, RegionTreePicker, useMobileRule, useRegionSelectionRule, type RegionTreeResult } from '.';

const country = (code: string, name: string, flag: string, mt: string): Country => {
  const rule = mobileRule(code)!;
  return { code, name, tel: rule.tel, mobile_regex: rule.mobile_regex, flag, mt };
};
const COUNTRIES: Country[] = [
  country('CN', '中国', '🇨🇳', '13123456789'),
  country('AC', '阿森松岛', '🇦🇨', '40123'),
  country('GB', '英国', '🇬🇧', '7400123456'),
  country('HK', '中国香港', '🇭🇰', '51234567'),
  country('US', '美国', '🇺🇸', '2015550123'),
];
const STATES: Record<string, CountryState[]> = {
  US: [
    { id: 1416, name: 'California', has_city: 1 },
    { id: 1407, name: 'Texas', has_city: 1 },
    { id: 1450, name: 'Palmyra Atoll', has_city: 0 },
  ],
  AC: [],
};
const CITIES: Record<number, CountryCity[]> = { 1416: [{ id: 110992, name: 'Los Angeles' }, { id: 111000, name: 'San Diego' }], 1407: [{ id: 116000, name: 'Houston' }] };
const CHILDREN: Record<number, RegionChild[]> = {
  0: [
    { id: 110000, name: '北京市', level: 1, has_children: 1 },
    { id: 440000, name: '广东省', level: 1, has_children: 1 },
    { id: 710000, name: '台湾省', level: 1, has_children: 0 },
  ],
  110000: [{ id: 110105, name: '朝阳区', level: 2, has_children: 0 }],
  440000: [
    { id: 440100, name: '广州市', level: 2, has_children: 1 },
    { id: 440300, name: '深圳市', level: 2, has_children: 1 },
  ],
  440100: [{ id: 440106, name: '天河区', level: 3, has_children: 0 }],
  440300: [
    { id: 440305, name: '南山区', level: 3, has_children: 0 },
    { id: 440306, name: '宝安区', level: 3, has_children: 0 },
  ],
};
const TREE: RegionNode[] = [
  { id: 110000, name: '北京市', children: [{ id: 110105, name: '朝阳区' }, { id: 110108, name: '海淀区' }] },
  {
    id: 440000,
    name: '广东省',
    children: [
      { id: 440100, name: '广州市', children: [{ id: 440106, name: '天河区' }] },
      { id: 440300, name: '深圳市', children: [{ id: 440305, name: '南山区' }, { id: 440306, name: '宝安区' }] },
    ],
  },
  { id: 710000, name: '台湾省' },
];

/** The server's reference data answers, as the real endpoints give them. */
function serve(countries: Country[] = COUNTRIES, { statesDelay }: { statesDelay?: number } = {}): SentRequest[] {
  return stubApi(
    fixture(regions.countries, countries),
    fixture(regions.states, ({ params }) => STATES[params.code] ?? [], { delay: statesDelay }),
    fixture(regions.cities, ({ params }) => CITIES[Number(params.id)] ?? []),
    fixture(regions.children, ({ params }) => CHILDREN[Number(params.id)] ?? []),
    fixture(regions.menus, TREE),
  );
}

/** A form as a screen would use the widgets: the field rules of spec §5, a submit. */
function RegionForm({ onSubmit, initial }: { onSubmit(values: { region?: RegionSelection; mobile?: string }): void; initial?: { region?: RegionSelection; mobile?: string } }) {
  const regionRule = useRegionSelectionRule();
  const mobile = useMobileRule();
  return (
    <Form onFinish={onSubmit} initialValues={initial}>
      <Form.Item name="region" label="所在地区" rules={[regionRule]}>
        <CountryRegionPicker />
      </Form.Item>
      <Form.Item name="mobile" label="手机号" rules={[mobile]}>
        <MobileInput />
      </Form.Item>
      <Button htmlType="submit">提交</Button>
    </Form>
  );
}

async function pick(user: ReturnType<typeof userEvent.setup>, combobox: HTMLElement, option: string | RegExp) {
  fireEvent.mouseDown(combobox);
  const options = await screen.findAllByText(option, { selector: '.ant-select-item-option-content, .ant-select-item-option-content *' });
  await user.click(options.at(-1)!);
}

const formError = (text: string) => screen.findByText(text, { selector: '.ant-form-item-explain-error' });
const submit = (user: ReturnType<typeof userEvent.setup>) => user.click(screen.getByRole('button', { name: /提\s*交/ }));
const countrySelect = () => within(screen.getByTestId('region-country')).getByRole('combobox');

/** The flag image (flag-icons class) the dialling-code select shows: emoji flags do not draw on Linux. */
const shownFlag = () => screen.getByTestId('mobile-country').closest('.ant-select')?.querySelector('[data-flag]')?.className;

describe('MobileInput', { timeout: 15_000 }, () => {
  beforeEach(() => {
    signIn();
    setMobilePatterns({});
  });

  it('defaults to the domestic code with its flag; asks for a number, refuses a malformed one, keeps a domestic one bare', async () => {
    serve();
    const user = userEvent.setup();
    const onSubmit = vi.fn();
    renderPage(<RegionForm onSubmit={onSubmit} />);
    const codes = screen.getByTestId('mobile-country');
    await waitFor(() => expect(codes.textContent).toContain('+86'));
    await waitFor(() => expect(shownFlag()).toBe('fi fi-cn'));
    const input = await screen.findByPlaceholderText('请输入手机号，如 13123456789');

    await submit(user);
    expect(await formError('请输入手机号！')).toBeTruthy();
    await user.type(input, '12345678901');
    expect(await formError('手机号码格式有误！')).toBeTruthy();
    await user.clear(input);
    await user.type(input, '138 0013 8000');
    await waitFor(() => expect(screen.queryByText('手机号码格式有误！', { selector: '.ant-form-item-explain-error' })).toBeNull());
    expect((input as HTMLInputElement).value).toBe('13800138000');
  });

  it('checks a foreign number by that country’s rule and hands it over with its dialling code', async () => {
    serve();
    const user = userEvent.setup();
    const onSubmit = vi.fn();
    renderPage(<RegionForm onSubmit={onSubmit} initial={{ region: { region_type: 0, country_code: 'CN', country_name: '中国', internal_region_id: 440305, overseas_region: null } }} />);
    const input = await screen.findByPlaceholderText('请输入手机号，如 13123456789');
    await pick(user, within(screen.getByTestId('mobile-country')).getByRole('combobox'), /英国/);
    expect(await screen.findByPlaceholderText('请输入手机号，如 7400123456')).toBe(input);
    await user.type(input, '2012345678');
    expect(await formError('手机号码格式有误！')).toBeTruthy();
    await user.clear(input);
    await user.type(input, '7400123456');
    await submit(user);
    await waitFor(() => expect(onSubmit).toHaveBeenCalled());
    expect(onSubmit.mock.calls[0][0].mobile).toBe('+447400123456');
  });

  it('shows a stored foreign number under its own country', async () => {
    serve();
    renderPage(<MobileInput value="+85261234567" />);
    await waitFor(() => expect(screen.getByTestId('mobile-country').textContent).toContain('+852'));
    await waitFor(() => expect(shownFlag()).toBe('fi fi-hk'));
    expect((screen.getByRole('textbox') as HTMLInputElement).value).toBe('61234567');
  });

  it('takes a number pasted with its dialling code under that country', async () => {
    serve();
    const user = userEvent.setup();
    const onSubmit = vi.fn();
    renderPage(<RegionForm onSubmit={onSubmit} initial={{ region: { region_type: 0, country_code: 'CN', country_name: '中国', internal_region_id: 440305, overseas_region: null } }} />);
    const input = await screen.findByPlaceholderText('请输入手机号，如 13123456789');
    await user.click(input);
    await user.paste('+44 7400 123456');
    await waitFor(() => expect(screen.getByTestId('mobile-country').textContent).toContain('+44'));
    await waitFor(() => expect(shownFlag()).toBe('fi fi-gb'));
    expect((input as HTMLInputElement).value).toBe('7400123456');
    await submit(user);
    await waitFor(() => expect(onSubmit).toHaveBeenCalled());
    expect(onSubmit.mock.calls[0][0].mobile).toBe('+447400123456');
  });

  it('applies the mobile_regex the server gives for the country', async () => {
    // A server whose CN rule only takes 139 numbers: the form follows it, not a pattern of its own.
    serve([{ ...COUNTRIES[0], mobile_regex: '^(?:139\\d{8})$' }, ...COUNTRIES.slice(1)]);
    const user = userEvent.setup();
    renderPage(<RegionForm onSubmit={vi.fn()} />);
    const input = await screen.findByPlaceholderText('请输入手机号，如 13123456789');
    await user.type(input, '13800138000');
    expect(await formError('手机号码格式有误！')).toBeTruthy();
    await user.clear(input);
    await user.type(input, '13900139000');
    await waitFor(() => expect(screen.queryByText('手机号码格式有误！', { selector: '.ant-form-item-explain-error' })).toBeNull());
  });

  it('follows a loosened served pattern, anchored, and the contract’s schemas agree with the form', async () => {
    // An operator let 120… numbers in (no Chinese mobile range in libphonenumber), typed without anchors.
    serve([{ ...COUNTRIES[0], mobile_regex: '120\\d{8}|1[3-9]\\d{9}' }, ...COUNTRIES.slice(1)]);
    const user = userEvent.setup();
    const onSubmit = vi.fn();
    renderPage(<RegionForm onSubmit={onSubmit} initial={{ region: { region_type: 0, country_code: 'CN', country_name: '中国', internal_region_id: 440305, overseas_region: null } }} />);
    const input = await screen.findByPlaceholderText('请输入手机号，如 13123456789');
    await waitFor(() => expect(mobilePatterns().CN).toBe('120\\d{8}|1[3-9]\\d{9}'));
    // Anchored: a longer number that holds a match is none.
    await user.type(input, '912000000001');
    expect(await formError('手机号码格式有误！')).toBeTruthy();
    expect(mobileSchema.safeParse('912000000001').success).toBe(false);
    await user.clear(input);
    await user.type(input, '12000000001');
    await submit(user);
    await waitFor(() => expect(onSubmit).toHaveBeenCalled());
    expect(onSubmit.mock.calls[0][0].mobile).toBe('12000000001');
    expect(mobileSchema.parse('12000000001')).toBe('12000000001');
  });
});

describe('CountryRegionPicker', { timeout: 20_000 }, () => {
  beforeEach(() => {
    signIn();
  });

  it('asks for the country first', async () => {
    serve();
    const user = userEvent.setup();
    renderPage(<RegionForm onSubmit={vi.fn()} />);
    await submit(user);
    expect(await formError('请选择国家/地区')).toBeTruthy();
  });

  it('picks a domestic region in the province/city/district cascader (base/regions)', async () => {
    const sent = serve();
    const user = userEvent.setup();
    const onSubmit = vi.fn();
    renderPage(<RegionForm onSubmit={onSubmit} initial={{ mobile: '13800138000' }} />);
    await pick(user, countrySelect(), /中国$/);
    await submit(user);
    expect(await formError('请选择省份地区')).toBeTruthy();

    fireEvent.mouseDown(document.querySelector('.ant-cascader .ant-select-selector, .ant-cascader')!);
    await user.click(await screen.findByText('广东省'));
    await user.click(await screen.findByText('深圳市'));
    await user.click(await screen.findByText('南山区'));
    await submit(user);
    await waitFor(() => expect(onSubmit).toHaveBeenCalled());
    expect(onSubmit.mock.calls[0][0].region).toEqual({ region_type: 0, country_code: 'CN', country_name: '中国', internal_region_id: 440305, overseas_region: null });
    expect(sent.map((request) => request.url)).toEqual(expect.arrayContaining(['base/regions/0/children', 'base/regions/440000/children', 'base/regions/440300/children']));
  });

  it('opens a stored domestic region along its path, so it shows names', async () => {
    serve();
    renderPage(<RegionForm onSubmit={vi.fn()} initial={{ region: { region_type: 0, country_code: 'CN', country_name: '中国', internal_region_id: 440305, overseas_region: null } }} />);
    expect(await screen.findByText('广东省 / 深圳市 / 南山区')).toBeTruthy();
  });

  it('chooses an overseas state and city from the lists: 请选择省份地区, then 请选择城市', async () => {
    serve();
    const user = userEvent.setup();
    const onSubmit = vi.fn();
    renderPage(<RegionForm onSubmit={onSubmit} initial={{ mobile: '13800138000' }} />);
    await pick(user, countrySelect(), /美国/);
    await submit(user);
    expect(await formError('请选择省份地区')).toBeTruthy();
    await pick(user, within(await screen.findByTestId('region-state')).getByRole('combobox'), 'California');
    await submit(user);
    expect(await formError('请选择城市')).toBeTruthy();
    await pick(user, within(screen.getByTestId('region-city')).getByRole('combobox'), 'Los Angeles');
    await submit(user);
    await waitFor(() => expect(onSubmit).toHaveBeenCalled());
    expect(onSubmit.mock.calls[0][0].region).toEqual({
      region_type: 1,
      country_code: 'US',
      country_name: '美国',
      internal_region_id: null,
      overseas_region: { state_id: 1416, state_name: 'California', city_id: 110992, city_name: 'Los Angeles' },
    });
  });

  it('a save pressed before the country’s states arrived waits for them: 请选择省份地区, never 请填写省份地区', async () => {
    serve(COUNTRIES, { statesDelay: 400 });
    const user = userEvent.setup();
    renderPage(<RegionForm onSubmit={vi.fn()} initial={{ mobile: '13800138000' }} />);
    await pick(user, countrySelect(), /美国/);
    expect(screen.queryByTestId('region-state')?.querySelector('[role=combobox]') ?? null).toBeNull();
    await submit(user);
    expect(await formError('请选择省份地区')).toBeTruthy();
    expect(screen.queryByText('请填写省份地区', { selector: '.ant-form-item-explain-error' })).toBeNull();
  });

  it('types the city of a state without a city list', async () => {
    serve();
    const user = userEvent.setup();
    const onSubmit = vi.fn();
    renderPage(<RegionForm onSubmit={onSubmit} initial={{ mobile: '13800138000' }} />);
    await pick(user, countrySelect(), /美国/);
    await pick(user, within(await screen.findByTestId('region-state')).getByRole('combobox'), 'Palmyra Atoll');
    await submit(user);
    expect(await formError('请填写城市')).toBeTruthy();
    await user.type(screen.getByPlaceholderText('请填写城市'), 'West Lagoon');
    await submit(user);
    await waitFor(() => expect(onSubmit).toHaveBeenCalled());
    expect(onSubmit.mock.calls[0][0].region.overseas_region).toEqual({ state_id: 1450, state_name: 'Palmyra Atoll', city_id: null, city_name: 'West Lagoon' });
  });

  it('types state and city for a country without a state list: 请填写省份地区, then 请填写城市', async () => {
    serve();
    const user = userEvent.setup();
    const onSubmit = vi.fn();
    renderPage(<RegionForm onSubmit={onSubmit} initial={{ mobile: '13800138000' }} />);
    await pick(user, countrySelect(), /阿森松岛/);
    const state = await screen.findByPlaceholderText('请填写省份地区');
    await submit(user);
    expect(await formError('请填写省份地区')).toBeTruthy();
    await user.type(state, 'Georgetown');
    await submit(user);
    expect(await formError('请填写城市')).toBeTruthy();
    await user.type(screen.getByPlaceholderText('请填写城市'), 'Two Boats');
    await submit(user);
    await waitFor(() => expect(onSubmit).toHaveBeenCalled());
    expect(onSubmit.mock.calls[0][0].region).toEqual({
      region_type: 1,
      country_code: 'AC',
      country_name: '阿森松岛',
      internal_region_id: null,
      overseas_region: { state_id: null, state_name: 'Georgetown', city_id: null, city_name: 'Two Boats' },
    });
  });
});

function TreeHarness({ value, onConfirm }: { value?: number[]; onConfirm(result: RegionTreeResult): void }) {
  const [open, setOpen] = useState(true);
  return (
    <RegionTreePicker
      open={open}
      value={value}
      onCancel={() => setOpen(false)}
      onConfirm={(result) => {
        onConfirm(result);
        setOpen(false);
      }}
    />
  );
}

describe('RegionTreePicker', { timeout: 15_000 }, () => {
  beforeEach(() => {
    signIn();
  });

  it('confirms only with a region checked, counts the chosen regions and hands over ids and names', async () => {
    const sent = serve();
    const user = userEvent.setup();
    const onConfirm = vi.fn();
    renderPage(<TreeHarness onConfirm={onConfirm} />);
    const dialog = await screen.findByRole('dialog');
    await within(dialog).findByText('广东省');
    expect(sent.some((request) => request.url === 'regions/menus')).toBe(true);
    const ok = within(dialog).getByRole('button', { name: /确\s*定/ });
    expect(ok).toHaveProperty('disabled', true);
    expect(within(dialog).getByText('已选择 0 个地区')).toBeTruthy();

    const checkbox = (name: string) => within(dialog).getByText(name).closest('.ant-tree-treenode')!.querySelector('.ant-tree-checkbox')!;
    await user.click(checkbox('北京市'));
    expect(within(dialog).getByText('已选择 1 个地区')).toBeTruthy();
    expect(ok).toHaveProperty('disabled', false);
    await user.click(within(dialog).getByText('广东省').closest('.ant-tree-treenode')!.querySelector('.ant-tree-switcher')!);
    await user.click(checkbox('深圳市'));
    expect(within(dialog).getByText('已选择 2 个地区')).toBeTruthy();
    await user.click(ok);
    expect(onConfirm).toHaveBeenCalledWith({
      ids: [110000, 110105, 110108, 440300, 440305, 440306],
      regions: [
        { id: 110000, name: '北京市' },
        { id: 440300, name: '深圳市' },
      ],
      names: ['北京市', '深圳市'],
    });
  });

  it('selects and clears everything with 全选', async () => {
    serve();
    const user = userEvent.setup();
    const onConfirm = vi.fn();
    renderPage(<TreeHarness onConfirm={onConfirm} />);
    const dialog = await screen.findByRole('dialog');
    await within(dialog).findByText('广东省');
    await user.click(within(dialog).getByText('全选'));
    expect(within(dialog).getByText('已选择 3 个地区')).toBeTruthy();
    await user.click(within(dialog).getByText('全选'));
    expect(within(dialog).getByText('已选择 0 个地区')).toBeTruthy();
    expect(within(dialog).getByRole('button', { name: /确\s*定/ })).toHaveProperty('disabled', true);
    await user.click(within(dialog).getByText('全选'));
    await user.click(within(dialog).getByRole('button', { name: /确\s*定/ }));
    expect(onConfirm.mock.calls[0][0].names).toEqual(['北京市', '广东省', '台湾省']);
  });

  it('opens with the regions already chosen, a whole branch checked under a chosen province', async () => {
    serve();
    const user = userEvent.setup();
    const onConfirm = vi.fn();
    renderPage(<TreeHarness value={[440000, 110105]} onConfirm={onConfirm} />);
    const dialog = await screen.findByRole('dialog');
    await within(dialog).findByText('广东省');
    expect(within(dialog).getByText('已选择 2 个地区')).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: /确\s*定/ }));
    expect(onConfirm.mock.calls[0][0].regions).toEqual([
      { id: 110105, name: '朝阳区' },
      { id: 440000, name: '广东省' },
    ]);
    expect(onConfirm.mock.calls[0][0].ids).toEqual([110105, 440000, 440100, 440106, 440300, 440305, 440306]);
  });
});
