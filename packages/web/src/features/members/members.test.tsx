import { beforeEach, describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { md5 } from 'js-md5';
import type { ReactNode } from 'react';
import { mobileRule, type Country, type MemberDetail, type MemberLedgerRow, type MemberLevelRow, type MemberRow, type MemberWallet, type Page } from '@agora/contract';
import { createPermissions, PermissionsContext } from '@/lib/permissions';
import { stubNetwork, type Reply, type SentRequest } from '@/test/network';
import { renderPage, signIn } from '@/test/pageHarness';
import MemberEditPage from './MemberEditPage';
import MemberListPage from './MemberListPage';
import MemberRecyclePage from './MemberRecyclePage';
import MemberTopUpPage from './MemberTopUpPage';

const page = <T,>(data: T[]): Page<T> => ({ data, page_no: 1, page_size: 20, data_total: data.length });
const memberRow = (fields: Partial<MemberRow>): MemberRow => ({
  member_id: 1,
  uname: 'zhangsan',
  nickname: '张三',
  face: '',
  mobile: '138*****678',
  email: '',
  sex: 1,
  level_id: 2,
  level_name: '白银会员',
  grade_point: 1200,
  consum_point: 300,
  balance: 88.5,
  create_time: 1_700_000_000,
  last_login: 1_700_100_000,
  login_count: 12,
  disabled: 0,
  register_source: 'APP',
  ...fields,
});
const levels: MemberLevelRow[] = [
  { level_id: 1, level_name: '普通会员', level_icon: '', benefit_ratio: 100, allocation_ratio: 0, min_point: 0, max_point: 1000, description: '', is_default: 1, member_count: 10, create_time: 1 },
  { level_id: 2, level_name: '白银会员', level_icon: '', benefit_ratio: 98, allocation_ratio: 50, min_point: 1000, max_point: 5000, description: '', is_default: 0, member_count: 3, create_time: 1 },
];

function serve(routes: Record<string, (request: SentRequest) => Reply>): SentRequest[] {
  return stubNetwork((request) => {
    const path = request.url.split('?')[0];
    const handler = routes[`${request.method} ${path}`];
    if (handler) return handler(request);
    if (path === 'admin/members/level') return { data: levels };
    return { status: 404, data: { code: 'NOT_FOUND', message: '请求的资源不存在' } };
  });
}

const body = (request: SentRequest | undefined): unknown => (request && typeof request.body === 'string' ? JSON.parse(request.body) : request?.body);
const sentTo = (sent: SentRequest[], method: string, prefix: string) => sent.filter((r) => r.method === method && r.url.startsWith(prefix));
const asRole = (names: string[] | null, element: ReactNode) => (
  <PermissionsContext.Provider value={names === null ? createPermissions(0, []) : createPermissions(5, names)}>{element}</PermissionsContext.Provider>
);
const confirmButton = (scope: HTMLElement) => within(scope).getByRole('button', { name: /确\s*定/ });
const openPopconfirm = () => document.querySelector<HTMLElement>('.ant-popover:not(.ant-popover-hidden)')!;

describe('member pages', { timeout: 20_000 }, () => {
  beforeEach(() => {
    signIn();
  });

  it('member list: filters and sort come from the URL; recycling asks first; a sortable header writes the URL', async () => {
    const sent = serve({
      'GET admin/members': () => ({ data: page([memberRow({ member_id: 7, uname: 'lisi', mobile: '139*****001' })]) }),
      'DELETE admin/members/7': () => ({ data: {} }),
    });
    const user = userEvent.setup();
    renderPage(asRole(null, <MemberListPage />), { path: '/member/member-list', url: '/member/member-list?keyword=li&sex=1&level=2&sort=balance&order=asc&page=2' });
    expect(await screen.findByText('lisi')).toBeTruthy();
    expect(screen.getByText('139*****001')).toBeTruthy();
    const listUrl = sentTo(sent, 'GET', 'admin/members?')[0].url;
    for (const part of ['keyword=li', 'sex=1', 'level_id=2', 'sort=balance', 'order=asc', 'page_no=2', 'disabled=0']) expect(listUrl).toContain(part);

    await user.click(screen.getByRole('button', { name: /^禁\s?用$/ }));
    expect(await screen.findByText('确定禁用会员“lisi”吗？禁用后该会员将被强制下线并移入回收站。')).toBeTruthy();
    expect(sentTo(sent, 'DELETE', 'admin/members/7')).toHaveLength(0);
    await user.click(confirmButton(openPopconfirm()));
    await waitFor(() => expect(sentTo(sent, 'DELETE', 'admin/members/7')).toHaveLength(1));
    expect(await screen.findByText('会员已禁用，已移入回收站')).toBeTruthy();

    await user.click(screen.getByRole('columnheader', { name: /注册时间/ }));
    await waitFor(() => expect(screen.getByTestId('location').textContent).toContain('sort=create_time'));
    expect(screen.getByTestId('location').textContent).not.toContain('page=2');
  });

  it('member list: adding a member sends the MD5 password; a role without top-up and edit sees neither action', async () => {
    const sent = serve({
      'GET admin/members': () => ({ data: page([memberRow({})]) }),
      'POST admin/members': () => ({ status: 400, data: { code: 'MEMBER_MOBILE_TAKEN', message: '该手机号已被其他会员使用' } }),
    });
    const user = userEvent.setup();
    renderPage(asRole(['memberList'], <MemberListPage />), { path: '/member/member-list' });
    expect(await screen.findByText('zhangsan')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /^充\s?值$/ })).toBeNull();
    expect(screen.queryByRole('button', { name: /^编\s?辑$/ })).toBeNull();

    await user.click(screen.getByRole('button', { name: /添加会员/ }));
    expect(screen.getByTestId('location').textContent).toContain('dialog=add');
    const dialog = await screen.findByRole('dialog');
    await user.type(within(dialog).getByLabelText('会员名称'), 'wangwu');
    await user.type(within(dialog).getByLabelText('登录密码'), 'abc12345');
    await user.type(within(dialog).getByLabelText('手机号'), '12345');
    await user.click(within(dialog).getByRole('button', { name: /保\s*存/ }));
    expect(await within(dialog).findByText('手机号码格式有误！')).toBeTruthy();
    expect(sentTo(sent, 'POST', 'admin/members')).toHaveLength(0);
    await user.clear(within(dialog).getByLabelText('手机号'));
    await user.type(within(dialog).getByLabelText('手机号'), '13912345678');
    await user.click(within(dialog).getByRole('button', { name: /保\s*存/ }));
    await waitFor(() => expect(sentTo(sent, 'POST', 'admin/members')).toHaveLength(1));
    expect(body(sentTo(sent, 'POST', 'admin/members')[0])).toMatchObject({ uname: 'wangwu', password: md5('abc12345'), mobile: '13912345678', sex: 1, level_id: null });
    // The refusal shows and the dialog keeps what was typed.
    expect(await screen.findByText('该手机号已被其他会员使用')).toBeTruthy();
    expect(within(dialog).getByLabelText<HTMLInputElement>('会员名称').value).toBe('wangwu');
  });

  it('recycle bin: lists disabled members and restores one after asking', async () => {
    const sent = serve({
      'GET admin/members': () => ({ data: page([memberRow({ member_id: 9, uname: 'recycled1', disabled: -1 })]) }),
      'POST admin/members/9': () => ({ data: {} }),
    });
    const user = userEvent.setup();
    renderPage(asRole(null, <MemberRecyclePage />), { path: '/member/member-recycle' });
    expect(await screen.findByText('recycled1')).toBeTruthy();
    expect(sentTo(sent, 'GET', 'admin/members?')[0].url).toContain('disabled=-1');
    expect(screen.queryByRole('button', { name: /添加会员/ })).toBeNull();
    await user.click(screen.getByRole('button', { name: /^恢\s?复$/ }));
    await user.click(confirmButton(openPopconfirm()));
    await waitFor(() => expect(sentTo(sent, 'POST', 'admin/members/9')).toHaveLength(1));
    expect(await screen.findByText('会员已恢复')).toBeTruthy();
  });

  it('top-up: without a member the page offers a search that opens the chosen member', async () => {
    const sent = serve({
      'GET admin/members': (request) => ({ data: page(request.url.includes('keyword=zhao') ? [memberRow({ member_id: 12, uname: 'zhaoliu', nickname: '赵六' })] : []) }),
    });
    const user = userEvent.setup();
    renderPage(asRole(['memberTopUp'], <MemberTopUpPage />), { path: '/member/member-top-up' });
    expect(await screen.findByText('请选择要调整预存款或积分的会员')).toBeTruthy();
    // Without the member list the page does not offer to go there.
    expect(screen.queryByRole('button', { name: '前往会员列表' })).toBeNull();
    await user.type(screen.getByRole('combobox'), 'zhao');
    await user.click(await screen.findByText('zhaoliu（赵六，138*****678）'));
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/member/member-top-up?member_id=12'));
    expect(sentTo(sent, 'GET', 'admin/members?').some((request) => request.url.includes('keyword=zhao') && request.url.includes('disabled=0'))).toBe(true);
  });

  it('top-up: validates, asks, passes the second step, then shows the new balance and ledger row', async () => {
    const detail: MemberDetail = {
      ...memberRow({ member_id: 5, uname: 'topupme' }),
      mobile: '13812345678',
      birthday: null,
      region_selection: null,
      region_ids: [],
      region: '',
      address: '',
      tel: '',
      remark: '',
      register_ip: '',
      have_shop: 0,
      shop_id: null,
    };
    let wallet: MemberWallet = { member_id: 5, balance: 88.5, consum_point: 300, grade_point: 1200 };
    const ledger: MemberLedgerRow[] = [];
    let verified = false;
    const sent = serve({
      'GET admin/members/5': () => ({ data: detail }),
      'GET admin/members/deposit/5/wallet': () => ({ data: wallet }),
      'GET admin/members/deposit/log': () => ({ data: page(ledger) }),
      'GET admin/systems/authentications': () => ({ data: { message_auth: 0, password_auth: 1, mobile: '', has_password: true } }),
      'POST admin/passport/check-password': () => {
        verified = true;
        return { data: { expires_in: 300 } };
      },
      'PUT admin/members/deposit/5/increase': (request) => {
        if (!verified) return { status: 428, data: { code: 'TWO_STEP_REQUIRED', message: '请先完成二次身份验证' } };
        const { money, reason } = body(request) as { money: number; reason: string };
        wallet = { ...wallet, balance: wallet.balance + money };
        ledger.unshift({ id: 1, member_id: 5, member_name: 'topupme', kind: 'BALANCE', amount: money, after: wallet.balance, reason, operator_type: 'ADMIN', operator_name: 'admin', create_time: 1_700_200_000 });
        return { data: wallet };
      },
    });
    const user = userEvent.setup();
    renderPage(asRole(null, <MemberTopUpPage />), { path: '/member/member-top-up', url: '/member/member-top-up?member_id=5' });
    expect(await screen.findByText('13812345678')).toBeTruthy();
    expect(await screen.findByText('￥88.50')).toBeTruthy();

    await user.click(screen.getByRole('button', { name: /提\s*交/ }));
    expect(await screen.findByText('请输入调整金额')).toBeTruthy();
    expect(screen.getByText('请填写调整原因')).toBeTruthy();
    await user.type(screen.getByLabelText('调整金额'), '0');
    await user.type(screen.getByLabelText('调整原因'), '线下补款');
    await user.click(screen.getByRole('button', { name: /提\s*交/ }));
    expect(await screen.findByText('调整金额不能为0')).toBeTruthy();
    await user.clear(screen.getByLabelText('调整金额'));
    await user.type(screen.getByLabelText('调整金额'), '100');
    await user.click(screen.getByRole('button', { name: /提\s*交/ }));

    const ask = await screen.findByRole('dialog');
    expect(within(ask).getByText('确定为会员“topupme”调整预存款 +￥100.00 吗？')).toBeTruthy();
    await user.click(confirmButton(ask));

    const password = await screen.findByPlaceholderText('请输入验证密码');
    const twoStep = password.closest<HTMLElement>('[role="dialog"]')!;
    expect(within(twoStep).getByText('二次身份验证')).toBeTruthy();
    await user.type(password, 'secret12');
    await user.click(within(twoStep).getByRole('button', { name: /^验\s?证$/ }));

    expect(await screen.findByText('预存款已调整')).toBeTruthy();
    await waitFor(() => expect(document.querySelector('.ant-statistic-content')?.textContent).toBe('￥188.50'));
    const puts = sentTo(sent, 'PUT', 'admin/members/deposit/5/increase');
    expect(puts).toHaveLength(2);
    expect(body(puts[1])).toEqual({ money: 100, reason: '线下补款' });
    expect(body(sentTo(sent, 'POST', 'admin/passport/check-password')[0])).toEqual({ password: md5('secret12') });
    expect(await screen.findByText('+￥100.00')).toBeTruthy();
    expect(screen.getByText('线下补款')).toBeTruthy();
  });

  describe('edit page: 所在地区 in the country/state/city picker', () => {
    const country = (code: string, name: string): Country => {
      const rule = mobileRule(code)!;
      return { code, name, tel: rule.tel, mobile_regex: rule.mobile_regex, flag: '', mt: '' };
    };
    const memberDetail = (fields: Partial<MemberDetail> = {}): MemberDetail => ({
      ...memberRow({ member_id: 7, uname: 'abroad' }),
      mobile: '13812345678',
      birthday: null,
      region_selection: null,
      region_ids: [],
      region: '',
      address: '',
      tel: '',
      remark: '',
      register_ip: '',
      have_shop: 0,
      shop_id: null,
      ...fields,
    });
    const serveEdit = (detail: MemberDetail) =>
      serve({
        'GET admin/members/7': () => ({ data: detail }),
        'PUT admin/members/7': () => ({ data: detail }),
        'GET base/countries': () => ({ data: [country('CN', '中国'), country('US', '美国')] }),
        'GET base/countries/US/states': () => ({ data: [{ id: 1407, name: 'Texas', has_city: 1 }] }),
        'GET base/countries/1407/cities': () => ({ data: [{ id: 116000, name: 'Houston' }] }),
        'GET base/regions/0/children': () => ({ data: [{ id: 440000, name: '广东省', level: 1, has_children: 1 }] }),
        'GET base/regions/440000/children': () => ({ data: [{ id: 440300, name: '深圳市', level: 2, has_children: 1 }] }),
        'GET base/regions/440300/children': () => ({ data: [{ id: 440305, name: '南山区', level: 3, has_children: 0 }] }),
      });
    const pick = async (user: ReturnType<typeof userEvent.setup>, testId: string, option: string | RegExp) => {
      fireEvent.mouseDown(within(screen.getByTestId(testId)).getByRole('combobox'));
      const options = await screen.findAllByText(option, { selector: '.ant-select-item-option-content, .ant-select-item-option-content *' });
      await user.click(options.at(-1)!);
    };
    const save = (user: ReturnType<typeof userEvent.setup>) => user.click(screen.getByRole('button', { name: /保\s*存/ }));
    const formError = (text: string) => screen.findByText(text, { selector: '.ant-form-item-explain-error' });
    const openEdit = async (detail: MemberDetail) => {
      const sent = serveEdit(detail);
      renderPage(asRole(null, <MemberEditPage />), { path: '/member/edit/:id', url: '/member/edit/7' });
      await screen.findByText('abroad');
      return sent;
    };

    it('may stay empty; once a country is chosen it asks 请选择省份地区, then 请选择城市, and saves the selection', async () => {
      const sent = await openEdit(memberDetail());
      const user = userEvent.setup();
      await pick(user, 'region-country', /美国/);
      await save(user);
      expect(await formError('请选择省份地区')).toBeTruthy();
      await pick(user, 'region-state', 'Texas');
      await save(user);
      expect(await formError('请选择城市')).toBeTruthy();
      expect(sentTo(sent, 'PUT', 'admin/members/7')).toHaveLength(0);
      await pick(user, 'region-city', 'Houston');
      await save(user);
      await waitFor(() => expect(sentTo(sent, 'PUT', 'admin/members/7')).toHaveLength(1));
      expect((body(sentTo(sent, 'PUT', 'admin/members/7')[0]) as { region_selection: unknown }).region_selection).toEqual({
        region_type: 1,
        country_code: 'US',
        country_name: '美国',
        internal_region_id: null,
        overseas_region: { state_id: 1407, state_name: 'Texas', city_id: 116000, city_name: 'Houston' },
      });
    });

    it('shows a stored domestic region along its path; clearing the country removes it', async () => {
      const sent = await openEdit(
        memberDetail({
          region_selection: { region_type: 0, country_code: 'CN', country_name: '中国', internal_region_id: 440305, overseas_region: null },
          region_ids: [440000, 440300, 440305],
          region: '广东省 深圳市 南山区',
        }),
      );
      const user = userEvent.setup();
      expect(await screen.findByText('广东省 / 深圳市 / 南山区')).toBeTruthy();
      const country = screen.getByTestId('region-country');
      fireEvent.mouseDown(within(country).getByRole('combobox'));
      await user.click(country.querySelector<HTMLElement>('.ant-select-clear')!);
      await save(user);
      await waitFor(() => expect(sentTo(sent, 'PUT', 'admin/members/7')).toHaveLength(1));
      expect((body(sentTo(sent, 'PUT', 'admin/members/7')[0]) as { region_selection: unknown }).region_selection).toBeNull();
    });

    it('keeps an older member’s typed region when the picker is left alone, and shows it', async () => {
      const sent = await openEdit(memberDetail({ region: '浙江 杭州' }));
      const user = userEvent.setup();
      expect(screen.getByText('原填写：浙江 杭州，请重新选择')).toBeTruthy();
      await save(user);
      await waitFor(() => expect(sentTo(sent, 'PUT', 'admin/members/7')).toHaveLength(1));
      expect(body(sentTo(sent, 'PUT', 'admin/members/7')[0])).not.toHaveProperty('region_selection');
    });
  });
});
