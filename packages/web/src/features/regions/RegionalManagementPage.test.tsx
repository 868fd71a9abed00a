import { beforeEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { regionEndpoints, type CountryAdminRow, type RegionAdminRow } from '@agora/contract';
import { fixture, stubApi } from '@/test/api';
import { currentUrl, renderPage, signIn } from '@/test/pageHarness';
import RegionalManagementPage from './RegionalManagementPage';

const region = (id: number, parent_id: number, local_name: string, region_grade: number, extra: Partial<RegionAdminRow> = {}): RegionAdminRow => ({
  id,
  parent_id,
  local_name,
  region_grade,
  zipcode: '',
  cod: 0,
  has_children: region_grade < 3 ? 1 : 0,
  ...extra,
});
const TREE: Record<string, RegionAdminRow[]> = {
  '0': [region(440000, 0, '广东省', 1, { cod: 1 })],
  '440000': [region(440300, 440000, '深圳市', 2, { zipcode: '518000' })],
  '440300': [region(440305, 440300, '南山区', 3)],
};
const US: CountryAdminRow = { id: 'US', code: 'US', name: '美国', name_zh: '美国', name_en: 'United States', tel: '1', mobile_regex: '^\\d{10}$', flag: '', state_count: 1, has_children: 1 };

const children = fixture(regionEndpoints.adminChildren, ({ params }) => TREE[params.id] ?? []);

describe('regional management', { timeout: 60_000 }, () => {
  beforeEach(() => {
    signIn();
  });

  it('walks the domestic tree, shows a region’s postcode and COD, and adds a region under the chosen city', async () => {
    const sent = stubApi(children, fixture(regionEndpoints.adminCreate, region(10_000_001, 440300, '前海', 3)));
    const user = userEvent.setup();
    renderPage(<RegionalManagementPage />, { path: '/regions' });
    await user.click(await screen.findByRole('option', { name: /广东省/ }));
    await user.click(await screen.findByRole('option', { name: /深圳市/ }));
    expect(await screen.findByText('518000')).toBeTruthy();
    await screen.findByRole('option', { name: /南山区/ });

    await user.click(within(screen.getByTestId('grade-level-3')).getByRole('button', { name: /添加/ }));
    await waitFor(() => expect(currentUrl()).toContain('addRegion=440300'));
    await user.click(screen.getByLabelText('地区名称'));
    await user.paste('前海');
    await user.click(screen.getByLabelText('邮编'));
    await user.paste('51800x');
    await user.click(screen.getByRole('button', { name: /保\s*存/ }));
    expect(await screen.findByText('邮编应为6位以内的数字')).toBeTruthy();
    await user.clear(screen.getByLabelText('邮编'));
    await user.click(screen.getByLabelText('邮编'));
    await user.paste('518066');
    await user.click(screen.getByRole('button', { name: /保\s*存/ }));
    await waitFor(() => expect(sent.some((request) => request.method === 'POST')).toBe(true));
    expect(JSON.parse(String(sent.find((request) => request.method === 'POST')!.body))).toEqual({ parent_id: 440300, local_name: '前海', zipcode: '518066', cod: 0 });
    await waitFor(() => expect(currentUrl()).not.toContain('addRegion'));
  });

  it('opens a country from a shared link in the international tab with its dial code and mobile pattern', async () => {
    stubApi(children, fixture(regionEndpoints.adminCountries, [US]), fixture(regionEndpoints.adminStates, []));
    renderPage(<RegionalManagementPage />, { path: '/regions', url: '/regions?country=US' });
    expect(await screen.findByText('编辑国家/地区')).toBeTruthy();
    expect((screen.getByLabelText('区号') as HTMLInputElement).value).toBe('1');
    expect((screen.getByLabelText('手机号码规则') as HTMLTextAreaElement).value).toBe('^\\d{10}$');
    expect(screen.getByRole('tab', { name: '国际地区', selected: true })).toBeTruthy();
  });

  it('refuses a mobile pattern that does not compile or nests repetitions before it is sent', async () => {
    const sent = stubApi(children, fixture(regionEndpoints.adminCountries, [US]), fixture(regionEndpoints.adminStates, []), fixture(regionEndpoints.countryUpdate, US));
    const user = userEvent.setup();
    renderPage(<RegionalManagementPage />, { path: '/regions', url: '/regions?country=US' });
    const pattern = (await screen.findByLabelText('手机号码规则')) as HTMLTextAreaElement;
    const save = async (value: string) => {
      await user.clear(pattern);
      await user.click(pattern);
      await user.paste(value);
      await user.click(screen.getByRole('button', { name: /保\s*存/ }));
    };
    await save('(\\d+');
    expect(await screen.findByText('手机号码规则不是有效的正则表达式')).toBeTruthy();
    await save('(\\d+)+');
    expect(await screen.findByText('手机号码规则不能嵌套重复（如 (\\d+)+），这样的规则匹配极慢')).toBeTruthy();
    expect(sent.some((request) => request.method === 'PUT')).toBe(false);
    await save('[2-9]\\d{9}');
    await waitFor(() => expect(sent.some((request) => request.method === 'PUT')).toBe(true));
  });
});
