import type { Browser, Page } from 'playwright-core';
import { currencyEndpoints, paymentEndpoints } from '@agora/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiLogin, call, confirmPopconfirm, FOUNDER, launchBrowser, login, newPage, passSecondStep, read, usePasswordVerification } from './browser.js';

let browser: Browser;
let token: string;
/** puts the second-step settings back as they were */
let restoreVerification: () => Promise<void> = async () => undefined;

beforeAll(async () => {
  browser = await launchBrowser();
  token = await apiLogin(FOUNDER.username, FOUNDER.password);
  // Saving a payment method needs a second step: password verification with a known password.
  restoreVerification = await usePasswordVerification(token);
});

afterAll(async () => {
  await browser?.close();
  await restoreVerification();
});

const rowOf = (page: Page, text: string) => page.locator('.ant-table-row', { hasText: text });

describe('currencies', () => {
  it('adds a currency, makes it the default, and the old default becomes editable; then puts the yuan back', async () => {
    const { context, page } = await newPage(browser);
    await login(page);
    await page.goto('/admin/setting/i18n/currency');
    const cny = rowOf(page, 'CNY');
    await cny.waitFor();
    await expect.poll(() => cny.getByRole('button', { name: '删除' }).count()).toBe(0);
    expect(await cny.getByRole('switch', { name: '启用状态' }).isDisabled()).toBe(true);

    await page.getByRole('button', { name: '添加币种' }).click();
    const add = page.getByRole('dialog', { name: '添加币种' });
    await add.getByLabel('币种代码').fill('sgd');
    await add.getByLabel('币种名称').fill('新加坡元');
    await add.getByLabel('币种符号').fill('S$');
    await add.getByLabel('汇率', { exact: true }).fill('0.185');
    await add.getByRole('button', { name: /保\s*存/ }).click();
    await page.getByText('币种已保存').first().waitFor();
    const sgd = rowOf(page, 'SGD');
    await sgd.waitFor();
    expect(await sgd.innerText()).toContain('0.185');

    await sgd.getByRole('button', { name: '编辑' }).click();
    const edit = page.getByRole('dialog', { name: '编辑币种' });
    await edit.getByRole('switch', { name: '设为默认币种' }).click();
    await edit.getByText(/保存后 SGD 成为默认币种/).waitFor();
    await edit.getByRole('button', { name: /保\s*存/ }).click();
    await edit.waitFor({ state: 'hidden' });
    await expect.poll(() => sgd.innerText(), { timeout: 10_000 }).toContain('默认币种');
    // 1 ÷ 0.185, kept to 8 places; the yuan is now an ordinary currency: it may be switched off or deleted.
    await expect.poll(() => cny.innerText(), { timeout: 10_000 }).toContain('5.40540541');
    await expect.poll(() => cny.getByRole('button', { name: '删除' }).count()).toBe(1);
    expect(await cny.getByRole('switch', { name: '启用状态' }).isDisabled()).toBe(false);
    expect((await read(token, currencyEndpoints.default, {})).currency_code).toBe('SGD');

    // Back: the yuan the default again (its listed rate against SGD), SGD deleted.
    await cny.getByRole('button', { name: '编辑' }).click();
    const back = page.getByRole('dialog', { name: '编辑币种' });
    await back.getByRole('switch', { name: '设为默认币种' }).click();
    await back.getByRole('button', { name: /保\s*存/ }).click();
    await back.waitFor({ state: 'hidden' });
    await expect.poll(() => cny.innerText(), { timeout: 10_000 }).toContain('默认币种');
    await sgd.getByRole('button', { name: '删除' }).click();
    await confirmPopconfirm(page, '确定删除币种 SGD 吗？');
    await expect.poll(() => rowOf(page, 'SGD').count(), { timeout: 10_000 }).toBe(0);
    expect(await read(token, currencyEndpoints.default, {})).toMatchObject({ currency_code: 'CNY', rate: '1' });
    await context.close();
  });
});

describe('logistics companies', () => {
  it('adds a carrier, refuses a second one of the same name with its message, and deletes the unused one', async () => {
    const { context, page } = await newPage(browser);
    await login(page);
    await page.goto('/admin/setting/payment-and-delivery/express');
    // The demo orders shipped with 顺丰速运: it cannot be deleted.
    const sf = rowOf(page, '顺丰速运');
    await sf.waitFor();
    expect(await sf.getByRole('button', { name: '删除' }).isDisabled()).toBe(true);

    const addCarrier = async (code: string) => {
      await page.getByRole('button', { name: '添加物流公司' }).click();
      const dialog = page.getByRole('dialog', { name: '添加物流公司' });
      await dialog.getByLabel('物流公司名称').fill('丰网速运');
      await dialog.getByLabel('物流公司代码').fill(code);
      await dialog.getByRole('button', { name: /保\s*存/ }).click();
      return dialog;
    };
    await addCarrier('fengwang');
    await page.getByText('物流公司已保存').first().waitFor();
    await rowOf(page, '丰网速运').waitFor();

    const again = await addCarrier('fengwang2');
    await page.getByText('物流公司名称已存在').first().waitFor();
    expect(await again.isVisible()).toBe(true);
    await again.getByRole('button', { name: /取\s*消/ }).click();
    expect(await rowOf(page, '丰网速运').count()).toBe(1);

    await rowOf(page, '丰网速运').getByRole('button', { name: '删除' }).click();
    await confirmPopconfirm(page, '确定删除物流公司“丰网速运”吗？');
    await expect.poll(() => rowOf(page, '丰网速运').count(), { timeout: 10_000 }).toBe(0);
    await context.close();
  });
});

describe('payment methods', () => {
  it('saves a secret through the second step and never shows it back', async () => {
    const secret = `wx-key-${Date.now()}`;
    const { context, page } = await newPage(browser);
    await login(page);
    await page.goto('/admin/setting/payment-and-delivery/payment');
    await rowOf(page, '微信支付').getByRole('button', { name: '配置' }).click();
    await page.waitForURL(/paymentEdit\?plugin_id=weixinPayPlugin/);
    await page.getByRole('tab', { name: 'WAP端' }).click();
    const wap = page.getByRole('tabpanel', { name: 'WAP端' });
    await wap.getByLabel('公众号/应用 AppID').fill('wx8888888888');
    await wap.getByLabel('商户号').fill('1900000109');
    await wap.getByLabel('API 密钥').fill(secret);
    await wap.getByRole('switch', { name: 'WAP端 开启' }).click();
    await page.getByRole('button', { name: '保存配置' }).click();

    await passSecondStep(page);
    await page.getByText('支付方式已保存').first().waitFor();

    // The page is built anew from the saved method: the key field is empty and says it is set.
    await page.reload();
    await page.getByRole('tab', { name: 'WAP端' }).click();
    const saved = page.getByRole('tabpanel', { name: 'WAP端' });
    await expect.poll(() => saved.getByLabel('商户号').inputValue()).toBe('1900000109');
    expect(await saved.getByLabel('API 密钥').inputValue()).toBe('');
    await saved.getByText('已设置；留空则保持不变').first().waitFor();
    expect(await page.content()).not.toContain(secret);
    const answered = await (await call(token, paymentEndpoints.get, { params: { plugin_id: 'weixinPayPlugin' } })).text();
    expect(answered).not.toContain(secret);
    expect(answered).toContain('"secrets_set":["key"]');

    await page.goto('/admin/setting/payment-and-delivery/payment');
    await expect.poll(() => rowOf(page, '微信支付').innerText()).toContain('WAP端');
    await context.close();
  });
});
