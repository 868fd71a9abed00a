import { beforeEach, describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { md5 } from 'js-md5';
import type { ReactNode } from 'react';
import { memberEndpoints as members, mobileRule, regionEndpoints as regions, verificationEndpoints as verification, type Country, type MemberDetail, type MemberLedgerRow, type MemberLevelRow, type MemberWallet, type Page } from '@agora/contract';
import { createPermissions, PermissionsContext } from '@/lib/permissions';
import { fixture, stubApi, type Fixture } from '@/test/api';
import { memberDetail, memberRow } from '@/test/members';
import type { SentRequest } from '@/test/network';
import { currentUrl, renderPage, signIn, sortedUrl } from '@/test/pageHarness';
import MemberEditPage from './MemberEditPage';
import MemberListPage from './MemberListPage';
import MemberRecyclePage from './MemberRecyclePage';
import MemberTopUpPage from './MemberTopUpPage';

const page = <T,>(data: T[], pageNo = 1): Page<T> => ({ data, page_no: pageNo, page_size: 20, data_total: data.length });
const levels: MemberLevelRow[] = [
  { level_id: 1, level_name: '普通会员', level_icon: '', benefit_ratio: 100, allocation_ratio: 0, min_point: 0, max_point: 1000, description: '', is_default: 1, member_count: 10, create_time: 1 },
  { level_id: 2, level_name: '白银会员', level_icon: '', benefit_ratio: 98, allocation_ratio: 50, min_point: 1000, max_point: 5000, description: '', is_default: 0, member_count: 3, create_time: 1 },
];

/** The member pages' requests, the levels always there. */
const serve = (...fixtures: Fixture[]) => stubApi(fixture(members.levels, levels), ...fixtures);

const body = (request: SentRequest | undefined): unknown => (request && typeof request.body === 'string' ? JSON.parse(request.body) : request?.body);
const sentTo = (sent: SentRequest[], method: string, prefix: string) => sent.filter((r) => r.method === method && r.url.startsWith(prefix));
const asRole = (names: string[] | null, element: ReactNode) => (
  <PermissionsContext.Provider value={names === null ? createPermissions(0, []) : createPermissions(5, names)}>{element}</PermissionsContext.Provider>
);
const confirmButton = (scope: HTMLElement) => within(scope).getByRole('button', { name: /确\s*定/ });
const openPopconfirm = () => document.querySelector<HTMLElement>('.ant-popover:not(.ant-popover-hidden)')!;



describe('member pages', { timeout: 40_000 }, () => {
  beforeEach(() => {
    signIn();
  });

  it('member list: filters, sort and page come from the URL under the API names; recycling asks first; a header sorts', async () => {
    const sent = serve(
      fixture(members.list, ({ query }) => page([memberRow({ member_id: 7, uname: 'lisi', mobile: '139*****001' })], Number(query.page_no ?? 1))),
      fixture(members.recycle, {}),
    );
    const user = userEvent.setup();
    renderPage(asRole(null, <MemberListPage />), { path: '/member/member-list', url: '/member/member-list?keyword=li&sex=1&level_id=2&sort=balance&order=asc&page_no=2' });
    expect(await screen.findByText('lisi')).toBeTruthy();
    expect(screen.getByText('139*****001')).toBeTruthy();
    expect(sortedUrl(sentTo(sent, 'GET', 'admin/members?')[0].url)).toBe(sortedUrl('admin/members?page_no=2&keyword=li&sex=1&level_id=2&sort=balance&order=asc&disabled=0'));

    await user.click(screen.getByRole('button', { name: /^禁\s?用$/ }));
    expect(await screen.findByText('确定禁用会员“lisi”吗？禁用后该会员将被强制下线并移入回收站。')).toBeTruthy();
    expect(sentTo(sent, 'DELETE', 'admin/members/7')).toHaveLength(0);
    await user.click(confirmButton(openPopconfirm()));
    await waitFor(() => expect(sentTo(sent, 'DELETE', 'admin/members/7')).toHaveLength(1));
    expect(await screen.findByText('会员已禁用，已移入回收站')).toBeTruthy();
    // The list is read again.
    await waitFor(() => expect(sentTo(sent, 'GET', 'admin/members?')).toHaveLength(2));

    await user.click(screen.getByRole('columnheader', { name: /注册时间/ }));
    await waitFor(() => expect(currentUrl()).toBe(sortedUrl('/member/member-list?keyword=li&sex=1&level_id=2&order=asc')));

    await user.click(screen.getByRole('button', { name: /重\s?置/ }));
    await waitFor(() => expect(currentUrl()).toBe('/member/member-list'));
  });

  it('member list: the level shows with the points that set it (等级积分), apart from the spendable 消费积分', async () => {
    serve(fixture(members.list, page([memberRow({ member_id: 8, uname: 'wangwu', level_name: '白银会员', grade_point: 1200, consum_point: 300 })], 1)));
    renderPage(asRole(null, <MemberListPage />), { path: '/member/member-list' });
    const row = (await screen.findByText('wangwu')).closest('tr')!;
    expect(within(row).getByTestId('grade-point').textContent).toBe('等级积分 1200');
    expect(within(row).getByText('白银会员')).toBeTruthy();
    expect(screen.getByRole('columnheader', { name: '会员等级 / 等级积分' })).toBeTruthy();
    expect(within(row).getByText('300')).toBeTruthy();
  });

  it('member list: the add dialog is in the URL; it sends the MD5 password; a role without top-up and edit sees neither action', async () => {
    const sent = serve(
      fixture(members.list, page([memberRow()])),
      fixture(members.create, () => ({ status: 400, data: { code: 'MEMBER_MOBILE_TAKEN', message: '该手机号已被其他会员使用' } })),
    );
    const user = userEvent.setup();
    renderPage(asRole(['memberList'], <MemberListPage />), { path: '/member/member-list', url: '/member/member-list?sex=0' });
    expect(await screen.findByText('zhangsan')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /^充\s?值$/ })).toBeNull();
    expect(screen.queryByRole('button', { name: /^编\s?辑$/ })).toBeNull();

    await user.click(screen.getByRole('button', { name: /添加会员/ }));
    expect(currentUrl()).toBe(sortedUrl('/member/member-list?sex=0&dialog=add'));
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
    expect(currentUrl()).toContain('dialog=add');

    await user.click(within(dialog).getByRole('button', { name: /取\s*消/ }));
    await waitFor(() => expect(currentUrl()).toBe(sortedUrl('/member/member-list?sex=0')));
  });

  it('member list: a shared link opens the add dialog; saving closes it and reads the list again', async () => {
    const sent = serve(fixture(members.list, page([memberRow()])), fixture(members.create, memberDetail({ member_id: 30, uname: 'newone' })));
    const user = userEvent.setup();
    renderPage(asRole(null, <MemberListPage />), { path: '/member/member-list', url: '/member/member-list?dialog=add' });
    const dialog = await screen.findByRole('dialog');
    await user.type(within(dialog).getByLabelText('会员名称'), 'newone');
    await user.type(within(dialog).getByLabelText('登录密码'), 'abc12345');
    await user.type(within(dialog).getByLabelText('手机号'), '13912345670');
    await user.click(within(dialog).getByRole('button', { name: /保\s*存/ }));
    expect(await screen.findByText('会员已添加')).toBeTruthy();
    await waitFor(() => expect(currentUrl()).toBe('/member/member-list'));
    await waitFor(() => expect(sentTo(sent, 'GET', 'admin/members?')).toHaveLength(2));
  });

  it('recycle bin: lists disabled members (never a URL key) and restores one after asking', async () => {
    const sent = serve(fixture(members.list, page([memberRow({ member_id: 9, uname: 'recycled1', disabled: -1 })])), fixture(members.restore, {}));
    const user = userEvent.setup();
    renderPage(asRole(null, <MemberRecyclePage />), { path: '/member/member-recycle', url: '/member/member-recycle?disabled=0&keyword=re' });
    expect(await screen.findByText('recycled1')).toBeTruthy();
    expect(sortedUrl(sentTo(sent, 'GET', 'admin/members?')[0].url)).toBe(sortedUrl('admin/members?keyword=re&disabled=-1'));
    expect(screen.queryByRole('button', { name: /添加会员/ })).toBeNull();
    await user.click(screen.getByRole('button', { name: /^恢\s?复$/ }));
    await user.click(confirmButton(openPopconfirm()));
    await waitFor(() => expect(sentTo(sent, 'POST', 'admin/members/9')).toHaveLength(1));
    expect(await screen.findByText('会员已恢复')).toBeTruthy();
    await user.click(screen.getByRole('columnheader', { name: /消费积分/ }));
    await waitFor(() => expect(currentUrl()).toBe(sortedUrl('/member/member-recycle?disabled=0&keyword=re&sort=consum_point&order=asc')));
    expect(sortedUrl(sentTo(sent, 'GET', 'admin/members?').at(-1)!.url)).toBe(sortedUrl('admin/members?keyword=re&sort=consum_point&order=asc&disabled=-1'));
  });

  it('top-up: without a member the page offers a search that opens the chosen member', async () => {
    const sent = serve(fixture(members.list, ({ query }) => page(query.keyword === 'zhao' ? [memberRow({ member_id: 12, uname: 'zhaoliu', nickname: '赵六' })] : [])));
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
    const detail = memberDetail({ member_id: 5, uname: 'topupme' });
    let wallet: MemberWallet = { member_id: 5, balance: 88.5, consum_point: 300, grade_point: 1200 };
    const ledger: MemberLedgerRow[] = [];
    let verified = false;
    const sent = serve(
      fixture(members.detail, detail),
      fixture(members.wallet, () => wallet),
      fixture(members.depositLog, () => page(ledger)),
      fixture(verification.settings, { message_auth: 0, password_auth: 1, mobile: '', has_password: true }),
      fixture(verification.checkPassword, () => {
        verified = true;
        return { expires_in: 300 };
      }),
      fixture(members.adjustBalance, ({ body: sentBody }) => {
        if (!verified) return { status: 428, data: { code: 'TWO_STEP_REQUIRED', message: '请先完成二次身份验证' } };
        const { money, reason } = sentBody as { money: number; reason: string };
        wallet = { ...wallet, balance: wallet.balance + money };
        ledger.unshift({ id: 1, member_id: 5, member_name: 'topupme', kind: 'BALANCE', amount: money, after: wallet.balance, reason, operator_type: 'ADMIN', operator_name: 'admin', create_time: 1_700_200_000 });
        return wallet;
      }),
    );
    const user = userEvent.setup();
    renderPage(asRole(null, <MemberTopUpPage />), { path: '/member/member-top-up', url: '/member/member-top-up?member_id=5' });
    expect(await screen.findByText('13812345678')).toBeTruthy();
    expect(await screen.findByText('￥88.50')).toBeTruthy();
    expect(sentTo(sent, 'GET', 'admin/members/deposit/log')[0].url).toBe('admin/members/deposit/log?member_id=5');

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
    const check = password.closest<HTMLElement>('[role="dialog"]')!;
    expect(within(check).getByText('二次身份验证')).toBeTruthy();
    await user.type(password, 'secret12');
    await user.click(within(check).getByRole('button', { name: /^验\s?证$/ }));

    expect(await screen.findByText('预存款已调整')).toBeTruthy();
    await waitFor(() => expect(document.querySelector('.ant-statistic-content')?.textContent).toBe('￥188.50'));
    const puts = sentTo(sent, 'PUT', 'admin/members/deposit/5/increase');
    expect(puts).toHaveLength(2);
    expect(body(puts[1])).toEqual({ money: 100, reason: '线下补款' });
    expect(body(sentTo(sent, 'POST', 'admin/passport/check-password')[0])).toEqual({ password: md5('secret12') });
    expect(await screen.findByText('+￥100.00')).toBeTruthy();
    expect(screen.getByText('线下补款')).toBeTruthy();
  });

  it('top-up: the ledger pages and switches tabs in the URL, keeping the member', async () => {
    const rows = (kind: MemberLedgerRow['kind'], count: number): MemberLedgerRow[] =>
      Array.from({ length: count }, (_, i) => ({ id: i + 1, member_id: 5, member_name: 'm', kind, amount: i + 1, after: 100, reason: `${kind} ${i + 1}`, operator_type: 'SYSTEM', operator_name: '', create_time: 1_700_000_000 + i }));
    const slice = (all: MemberLedgerRow[], query: Record<string, unknown>): Page<MemberLedgerRow> => {
      const pageNo = Number(query.page_no ?? 1);
      return { data: all.slice((pageNo - 1) * 20, pageNo * 20), page_no: pageNo, page_size: 20, data_total: all.length };
    };
    const sent = serve(
      fixture(members.detail, memberDetail({ member_id: 5 })),
      fixture(members.wallet, { member_id: 5, balance: 1, consum_point: 1, grade_point: 1 }),
      fixture(members.depositLog, ({ query }) => slice(rows('BALANCE', 25), query)),
      fixture(members.pointLog, ({ query }) => slice(rows('POINT', 3), query)),
    );
    const user = userEvent.setup();
    renderPage(asRole(null, <MemberTopUpPage />), { path: '/member/member-top-up', url: '/member/member-top-up?member_id=5' });
    expect(await screen.findByText('BALANCE 1')).toBeTruthy();
    await user.click(screen.getByTitle('2'));
    await waitFor(() => expect(currentUrl()).toBe(sortedUrl('/member/member-top-up?member_id=5&page_no=2')));
    expect(await screen.findByText('BALANCE 21')).toBeTruthy();
    expect(sentTo(sent, 'GET', 'admin/members/deposit/log').at(-1)!.url).toBe('admin/members/deposit/log?page_no=2&member_id=5');

    await user.click(screen.getByRole('tab', { name: '积分明细' }));
    await waitFor(() => expect(currentUrl()).toBe(sortedUrl('/member/member-top-up?member_id=5&ledger=point')));
    expect(await screen.findByText('POINT 3')).toBeTruthy();
    expect(sentTo(sent, 'GET', 'admin/members/point/5').at(-1)!.url).toBe('admin/members/point/5');
  });

  describe('edit page: 所在地区 in the country/state/city picker', () => {
    const country = (code: string, name: string): Country => {
      const rule = mobileRule(code)!;
      return { code, name, tel: rule.tel, mobile_regex: rule.mobile_regex, flag: '', mt: '' };
    };
    const abroad = (fields: Partial<MemberDetail> = {}): MemberDetail => memberDetail({ member_id: 7, uname: 'abroad', ...fields });
    const serveEdit = (detail: MemberDetail) =>
      serve(
        fixture(members.detail, detail),
        fixture(members.update, detail),
        fixture(members.depositLog, page([])),
        fixture(regions.countries, [country('CN', '中国'), country('US', '美国')]),
        fixture(regions.states, [{ id: 1407, name: 'Texas', has_city: 1 }]),
        fixture(regions.cities, [{ id: 116000, name: 'Houston' }]),
        fixture(regions.children, ({ params }) =>
          ({
            '0': [{ id: 440000, name: '广东省', level: 1, has_children: 1 as const }],
            '440000': [{ id: 440300, name: '深圳市', level: 2, has_children: 1 as const }],
            '440300': [{ id: 440305, name: '南山区', level: 3, has_children: 0 as const }],
          })[params.id] ?? [],
        ),
      );
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
      const sent = await openEdit(abroad());
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
        abroad({
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
      const sent = await openEdit(abroad({ region: '浙江 杭州' }));
      const user = userEvent.setup();
      expect(screen.getByText('原填写：浙江 杭州，请重新选择')).toBeTruthy();
      await save(user);
      await waitFor(() => expect(sentTo(sent, 'PUT', 'admin/members/7')).toHaveLength(1));
      expect(body(sentTo(sent, 'PUT', 'admin/members/7')[0])).not.toHaveProperty('region_selection');
    });
  });
});
