import { beforeEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { md5 } from 'js-md5';
import {
  ACCOUNT_DEFAULTS,
  MSG,
  NEW_COMER_COUPON_DEFAULTS,
  ORDER_SETTINGS_DEFAULT,
  POINT_DEFAULTS,
  SITE_DEFAULTS,
  verificationEndpoints,
  type TwoStepSettings,
} from '@agora/contract';
import { fixture, stubApi } from '@/test/api';
import type { SentRequest } from '@/test/network';
import { SETTINGS_DOCUMENTS, type SettingsDocKey, type SettingsDocuments } from './queries';
import { renderPage, signIn } from '@/test/pageHarness';
import { PermissionsContext, createPermissions } from '@/lib/permissions';
import SystemSettingsPage from './SystemSettingsPage';

const PATH = '/setting/system-params/system';

/** The settings documents as the server keeps them: saves need a passed second step. */
function serve(verification: TwoStepSettings = { message_auth: 0, password_auth: 1, mobile: '', has_password: true }) {
  const documents: SettingsDocuments = {
    site: { ...SITE_DEFAULTS, site_name: '星河商城', title: '星河商城后台' },
    point: POINT_DEFAULTS,
    account: { ...ACCOUNT_DEFAULTS, message_auth: verification.message_auth, password_auth: verification.password_auth },
    'new-comer-coupon': NEW_COMER_COUPON_DEFAULTS,
    order: ORDER_SETTINGS_DEFAULT,
  };
  let passed = false;
  const refuse = { status: 428, data: { code: 'TWO_STEP_REQUIRED', message: '请先完成二次身份验证' } };
  /** Each document's read, and its save once the second step has passed. */
  const served = (Object.keys(SETTINGS_DOCUMENTS) as SettingsDocKey[]).flatMap((key) => [
    fixture(SETTINGS_DOCUMENTS[key].read, () => documents[key] as never),
    fixture(SETTINGS_DOCUMENTS[key].save, ({ body }) => {
      if (!passed) return refuse;
      Object.assign(documents, { [key]: { ...documents[key], ...(body as object) } });
      return documents[key] as never;
    }),
  ]);
  const sent = stubApi(
    fixture(verificationEndpoints.settings, verification),
    fixture(verificationEndpoints.checkPassword, () => {
      passed = true;
      return { expires_in: 300 };
    }),
    ...served,
  );
  return { sent, documents };
}

/** The saves of one document (PUT, or POST for the order settings). */
const puts = (sent: SentRequest[], doc: SettingsDocKey) =>
  sent.filter((entry) => entry.method === SETTINGS_DOCUMENTS[doc].save.method && entry.url === SETTINGS_DOCUMENTS[doc].save.path);
const bodyOf = (request: SentRequest | undefined): Record<string, unknown> => (request ? JSON.parse(String(request.body)) : {});
/** The page as the founder (role 0) sees it. */
const page = (
  <PermissionsContext.Provider value={createPermissions(0, [])}>
    <SystemSettingsPage />
  </PermissionsContext.Provider>
);

const saveButton = () => screen.getByRole('button', { name: '保存设置' });

// Whole antd forms in jsdom are slow on a busy machine.
describe('system settings page', { timeout: 30_000 }, () => {
  beforeEach(() => {
    signIn();
  });

  it('saves the site settings through the second-step dialog and says so', async () => {
    const { sent } = serve();
    const user = userEvent.setup();
    renderPage(page, { path: PATH });

    const title = await screen.findByLabelText('网站标题');
    expect((title as HTMLInputElement).value).toBe('星河商城后台');
    await user.clear(title);
    await user.type(title, '新的后台标题');
    await user.click(saveButton());

    // The first try meets 428; the dialog asks for the verification password, then the save is repeated.
    await user.type(await screen.findByPlaceholderText('请输入验证密码'), 'verify1');
    await user.click(screen.getByRole('button', { name: /^验\s?证$/ }));
    expect(await screen.findByText('站点设置已保存')).toBeTruthy();
    expect(sent.find((entry) => entry.url === verificationEndpoints.checkPassword.path)?.body).toBe(JSON.stringify({ password: md5('verify1') }));
    const saves = puts(sent, 'site');
    expect(saves).toHaveLength(2);
    expect(bodyOf(saves[1])).toMatchObject({ title: '新的后台标题', site_name: '星河商城', buyer_domain: SITE_DEFAULTS.buyer_domain });
    expect(Object.keys(bodyOf(saves[1])).sort()).toEqual(Object.keys(SITE_DEFAULTS).sort());
  });

  it('keeps what was typed across the detour to the verification settings when no second-step method is set', async () => {
    serve({ message_auth: 0, password_auth: 0, mobile: '', has_password: false });
    const user = userEvent.setup();
    const first = renderPage(page, { path: PATH });
    const title = await screen.findByLabelText('网站标题');
    await user.clear(title);
    await user.type(title, '还没保存的标题');
    await user.click(saveButton());
    expect(await screen.findByText(MSG.twoStepNotConfigured)).toBeTruthy();
    // The dialog leaves for the verification settings: the page is gone…
    await waitFor(() => expect(screen.queryByLabelText('网站标题')).toBeNull(), { timeout: 3000 });
    first.unmount();

    // …and coming back shows the edit again, marked unsaved, once.
    const back = renderPage(page, { path: PATH });
    await waitFor(async () => expect(((await screen.findByLabelText('网站标题')) as HTMLInputElement).value).toBe('还没保存的标题'));
    expect(await screen.findByText('已恢复离开前未保存的修改，请核对后保存')).toBeTruthy();
    back.unmount();
    renderPage(page, { path: PATH });
    await waitFor(async () => expect(((await screen.findByLabelText('网站标题')) as HTMLInputElement).value).toBe('星河商城后台'));
  });

  it('says what test mode does and that it is for testing; switched on, the warning turns into an alarm', async () => {
    serve();
    const user = userEvent.setup();
    renderPage(page, { path: PATH });

    expect(await screen.findByText(/每「天」按 1 秒计算/)).toBeTruthy();
    expect(screen.getByTestId('test-mode-warning').textContent).toBe('仅用于测试和演示，正式环境切勿开启');
    await user.click(screen.getByRole('switch', { name: '测试模式' }));
    await waitFor(() => expect(screen.getByTestId('test-mode-warning').textContent).toMatch(/^测试模式已开启：未付款订单会在几秒内被自动取消/));
  });

  it('orders: while test mode is on, the delays say their days are seconds', async () => {
    const { documents } = serve();
    documents.site = { ...documents.site, test_mode: 1 };
    renderPage(page, { path: PATH, url: `${PATH}?tab=order` });
    expect((await screen.findByTestId('order-test-mode')).textContent).toBe('测试模式已开启（站点设置）：以下的每一天按 1 秒计算');
  });

  it('checks the fields with the shared rules before anything is sent', async () => {
    const { sent } = serve();
    const user = userEvent.setup();
    renderPage(page, { path: PATH });

    await user.clear(await screen.findByLabelText('网站标题'));
    await user.clear(screen.getByLabelText('买家端域名'));
    await user.type(screen.getByLabelText('买家端域名'), 'www.example.com');
    // Closing the site asks for the reason buyers will see.
    await user.click(screen.getByRole('switch', { name: '站点开启' }));
    expect(await screen.findByLabelText('关闭原因')).toBeTruthy();
    await user.click(saveButton());

    expect(await screen.findByText('请填写网站标题')).toBeTruthy();
    expect(await screen.findByText('买家端域名须为以 http:// 或 https:// 开头的网址')).toBeTruthy();
    expect(await screen.findByText('关闭站点时请填写关闭原因')).toBeTruthy();
    expect(await screen.findByText(MSG.formInvalid)).toBeTruthy();
    expect(puts(sent, 'site')).toHaveLength(0);
  });

  it('asks before leaving a tab with unsaved changes; staying keeps them, leaving drops them', async () => {
    serve();
    const user = userEvent.setup();
    renderPage(page, { path: PATH });

    const title = await screen.findByLabelText('网站标题');
    await user.type(title, '改');
    await user.click(screen.getByRole('tab', { name: '积分设置' }));
    const ask = await screen.findByRole('dialog');
    expect(within(ask).getByText('「站点设置」的修改尚未保存，离开将丢弃这些修改，确定离开吗？')).toBeTruthy();
    await user.click(within(ask).getByRole('button', { name: '继续编辑' }));
    expect((screen.getByLabelText('网站标题') as HTMLInputElement).value).toBe('星河商城后台改');
    expect(screen.getByTestId('location').textContent).toBe(PATH);

    // (jsdom never ends antd's closing animation, so a closed confirm stays in the document: take the newest.)
    await user.click(screen.getByRole('tab', { name: '积分设置' }));
    await waitFor(() => expect(screen.getAllByRole('button', { name: '放弃修改' })).toHaveLength(2));
    await user.click(screen.getAllByRole('button', { name: '放弃修改' })[1]);
    expect(await screen.findByLabelText('注册 消费积分')).toBeTruthy();
    expect(screen.getByTestId('location').textContent).toBe(`${PATH}?tab=point`);

    // Back on the site tab the saved title shows again, and an unchanged tab is left without asking.
    await user.click(screen.getByRole('tab', { name: '站点设置' }));
    expect(((await screen.findByLabelText('网站标题')) as HTMLInputElement).value).toBe('星河商城后台');
    await user.click(screen.getByRole('tab', { name: '账户安全' }));
    expect(await screen.findByLabelText('失败次数')).toBeTruthy();
    expect(screen.getAllByRole('button', { name: '放弃修改' })).toHaveLength(2);
  });

  it('saves points per trigger as the nested document', async () => {
    const { sent } = serve();
    const user = userEvent.setup();
    renderPage(page, { path: PATH, url: `${PATH}?tab=point` });

    const register = await screen.findByLabelText('注册 消费积分');
    await user.clear(register);
    await user.type(register, '300');
    await user.click(screen.getByRole('switch', { name: '完善个人资料 开启' }));
    await user.click(saveButton());
    await user.type(await screen.findByPlaceholderText('请输入验证密码'), 'verify1');
    await user.click(screen.getByRole('button', { name: /^验\s?证$/ }));
    expect(await screen.findByText('积分设置已保存')).toBeTruthy();
    const body = bodyOf(puts(sent, 'point').at(-1));
    expect(body.register).toEqual({ ...POINT_DEFAULTS.register, consum_point: 300 });
    expect(body.perfect).toEqual({ ...POINT_DEFAULTS.perfect, open: 1 });
    expect(body.parities_point).toBe(POINT_DEFAULTS.parities_point);
  });

  it('orders: the delays of the scheduled tasks, bounded by the shared rules, saved through the second step', async () => {
    const { sent } = serve();
    const user = userEvent.setup();
    renderPage(page, { path: PATH, url: `${PATH}?tab=order` });

    const rog = await screen.findByLabelText('自动确认收货');
    expect((rog as HTMLInputElement).value).toBe(String(ORDER_SETTINGS_DEFAULT.rog_order_day));
    expect(screen.queryByTestId('order-test-mode')).toBeNull();
    await user.clear(rog);
    await user.type(rog, '0');
    await user.click(saveButton());
    expect(await screen.findByText('自动确认收货天数不能小于1')).toBeTruthy();
    expect(puts(sent, 'order')).toHaveLength(0);

    await user.clear(rog);
    await user.type(rog, '12');
    const hours = screen.getByLabelText('自动取消 小时');
    await user.clear(hours);
    await user.type(hours, '6');
    const review = screen.getByLabelText('自动好评');
    await user.clear(review);
    await user.type(review, '0');
    await user.click(saveButton());
    await user.type(await screen.findByPlaceholderText('请输入验证密码'), 'verify1');
    await user.click(screen.getByRole('button', { name: /^验\s?证$/ }));
    expect(await screen.findByText('订单设置已保存')).toBeTruthy();
    expect(bodyOf(puts(sent, 'order').at(-1))).toEqual({ ...ORDER_SETTINGS_DEFAULT, rog_order_day: 12, cancel_order_hour: 6, comment_order_day: 0 });
  });

  it('account: a second-step method without its mobile or password cannot be switched on', async () => {
    serve({ message_auth: 0, password_auth: 1, mobile: '', has_password: true });
    renderPage(page, { path: PATH, url: `${PATH}?tab=account` });

    const sms = (await screen.findByRole('switch', { name: '短信验证' })) as HTMLButtonElement;
    await waitFor(() => expect(sms.disabled).toBe(true));
    expect(screen.getByText('未绑定验证手机')).toBeTruthy();
    const password = screen.getByRole('switch', { name: '密码验证' }) as HTMLButtonElement;
    expect(password.disabled).toBe(false);
    expect(password.getAttribute('aria-checked')).toBe('true');
    expect(screen.getByText(`${ACCOUNT_DEFAULTS.retry_cycle} 小时内密码错误 ${ACCOUNT_DEFAULTS.retry_times} 次，账号锁定 ${ACCOUNT_DEFAULTS.lock_duration} 分钟`)).toBeTruthy();
  });

  it('new-comer coupons: the face value must stay below the threshold; switched on, one coupon at least', async () => {
    const { sent } = serve();
    const user = userEvent.setup();
    renderPage(page, { path: PATH, url: `${PATH}?tab=coupon` });

    await user.click(await screen.findByRole('switch', { name: '发放新人优惠券' }));
    await user.click(saveButton());
    expect(await screen.findByText('开启新人优惠券时请至少添加一张优惠券')).toBeTruthy();

    await user.click(screen.getByRole('button', { name: /添加优惠券/ }));
    const coupon = within(await screen.findByTestId('coupon-0'));
    await user.type(coupon.getByLabelText('名称'), '新人礼');
    const price = coupon.getByLabelText('面额（元）');
    await user.clear(price);
    await user.type(price, '60');
    await user.click(saveButton());
    expect(await screen.findByText('优惠券面额须小于使用门槛')).toBeTruthy();
    expect(puts(sent, 'new-comer-coupon')).toHaveLength(0);

    await user.clear(price);
    await user.type(price, '9.9');
    await user.click(saveButton());
    await user.type(await screen.findByPlaceholderText('请输入验证密码'), 'verify1');
    await user.click(screen.getByRole('button', { name: /^验\s?证$/ }));
    expect(await screen.findByText('新人优惠券已保存')).toBeTruthy();
    expect(bodyOf(puts(sent, 'new-comer-coupon').at(-1))).toEqual({
      open: 1,
      coupons: [{ title: '新人礼', coupon_price: 9.9, coupon_threshold_price: 50, effective_days: 7 }],
    });
  });
});
