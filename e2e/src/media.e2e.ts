import crypto from 'node:crypto';
import zlib from 'node:zlib';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENDPOINTS } from '@agora/contract';
import { apiLogin, confirmPopconfirm, baseUrl, FOUNDER, launchBrowser, login, newPage, read } from './browser.js';

let browser: Browser;
let token: string;
beforeAll(async () => {
  browser = await launchBrowser();
  token = await apiLogin(FOUNDER.username, FOUNDER.password);
});
afterAll(async () => {
  await browser?.close();
});

function chunk(type: string, data: Buffer): Buffer {
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(zlib.crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** A real 240×120 PNG, a colour gradient. */
function png(): Buffer {
  const [width, height] = [240, 120];
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8);
  const raw = Buffer.alloc((width * 3 + 1) * height);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) raw.set([(x * 255) / width, (y * 255) / height, 180], y * (width * 3 + 1) + 1 + x * 3);
  }
  return Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), chunk('IHDR', header), chunk('IDAT', zlib.deflateSync(raw)), chunk('IEND', Buffer.alloc(0))]);
}

interface BrandRow {
  brand_id: number;
  name: string;
  logo: string;
}
interface ResourceRow {
  id: number;
  resource_name: string;
  resource_url: string;
  group_id: number;
  img_width: number | null;
}

const brandNamed = async (name: string): Promise<BrandRow> => {
  const page = await read(token, ENDPOINTS.brands.list, { query: { page_no: 1, page_size: 20, name } });
  return page.data.find((brand) => brand.name === name)!;
};
const resourcesNamed = async (name: string): Promise<ResourceRow[]> =>
  ((await read(token, ENDPOINTS.media.list, { query: { group_type: 'IMAGE', page_size: 100, resource_name: name } }))).data;

/** Opens the brand's edit dialog on brand-list and, from its logo field, the media library. */
async function openLibraryFromBrand(page: Page, brandName: string) {
  await page.goto(`/admin/goods/goods-setting/brand-list?name=${encodeURIComponent(brandName)}`);
  await page.locator('.ant-table-tbody tr.ant-table-row', { hasText: brandName }).getByRole('button', { name: /编\s*辑/ }).click();
  const brandDialog = page.getByRole('dialog').filter({ hasText: '编辑品牌' });
  await brandDialog.getByRole('button', { name: /从素材中心选择/ }).click();
  const library = page.getByRole('dialog').filter({ has: page.getByTestId('media-grid') });
  await library.getByTestId('media-grid').waitFor();
  return { brandDialog, library };
}

describe('media library', () => {
  it('on brand-list: uploads a picture into a new group, picks it as the logo, saves the brand, then deletes the resource after confirming', async () => {
    const suffix = crypto.randomBytes(3).toString('hex');
    const groupName = `品牌图${suffix}`;
    const pictureName = `标志${suffix}`;
    const brands = await read(token, ENDPOINTS.brands.list, { query: { page_no: 1, page_size: 5 } });
    const brand = brands.data[0];

    const { context, page } = await newPage(browser);
    await login(page);
    const { brandDialog, library } = await openLibraryFromBrand(page, brand.name);
    // The logo field wants a picture: the video tab is there but disabled.
    await expect.poll(() => library.getByRole('tab', { name: '视频' }).getAttribute('aria-disabled')).toBe('true');

    // A new top-level group.
    await library.getByTestId('media-groups').getByText(/^全部/).click();
    await library.getByRole('button', { name: '新建分组' }).click();
    const groupDialog = page.getByRole('dialog').filter({ hasText: '分组名称' });
    await groupDialog.getByLabel('分组名称').fill(groupName);
    await groupDialog.getByRole('button', { name: /保\s*存/ }).click();
    await library.getByTestId('media-groups').getByText(`${groupName} (0)`).click();

    // Upload into it: the cascader starts at the selected group.
    await library.getByRole('button', { name: /上传素材/ }).click();
    const upload = page.getByRole('dialog').filter({ hasText: '选择文件' });
    await expect.poll(() => upload.locator('.ant-cascader').innerText()).toContain(groupName);
    const confirmUpload = upload.getByRole('button', { name: /确\s*定/ });
    expect(await confirmUpload.isDisabled()).toBe(true);
    // the size in the hint is what the server says it takes
    const limits = await read(token, ENDPOINTS.uploads.limits);
    expect(limits.stream_video_max_mb).toBe(1024);
    await upload.getByText(`单个不超过${limits.image_max_mb}MB，可多选`).waitFor();
    await upload.locator('input[type=file]').setInputFiles([
      { name: `${pictureName}.png`, mimeType: 'image/png', buffer: png() },
      { name: '伪装.png', mimeType: 'image/png', buffer: Buffer.from('<html>not a picture</html>') },
    ]);
    await upload.getByText('伪装.png: 文件内容与扩展名不符，请上传真实的PNG文件').waitFor();
    await expect.poll(() => confirmUpload.isDisabled()).toBe(false);
    await confirmUpload.click();
    await page.getByText('已上传 1 个素材').waitFor();
    await library.getByTestId('media-groups').getByText(`${groupName} (1)`).waitFor();

    const [resource] = await resourcesNamed(pictureName);
    expect(resource).toMatchObject({ resource_name: pictureName, img_width: 240 });
    expect(resource.group_id).toBeGreaterThan(0);
    expect(resource.resource_url).toMatch(/^\/files\/media\/\d{6}\/[0-9a-f]{24}\.png$/);

    // Pick it: the logo field shows it; save the brand.
    await library.getByRole('button', { name: pictureName }).click();
    await library.getByRole('button', { name: /确\s*定/ }).click();
    await library.waitFor({ state: 'hidden' });
    await expect.poll(() => brandDialog.locator('.ant-upload img').getAttribute('src')).toBe(resource.resource_url);
    await brandDialog.getByRole('button', { name: /保\s*存/ }).click();
    await page.getByText('品牌已保存').waitFor();
    expect((await brandNamed(brand.name)).logo).toBe(resource.resource_url);
    await expect.poll(() => page.locator('.ant-table-tbody tr.ant-table-row', { hasText: brand.name }).locator('img').getAttribute('src')).toBe(resource.resource_url);

    // Delete it from the library, after confirming.
    const again = await openLibraryFromBrand(page, brand.name);
    await again.library.getByTestId('media-groups').getByText(`${groupName} (1)`).click();
    await again.library.getByRole('button', { name: pictureName }).click();
    await again.library.getByRole('button', { name: /^删\s*除$/ }).click();
    await confirmPopconfirm(page, '确定要删除选中的1个素材吗？删除后不可恢复');
    await page.getByText('素材已删除').waitFor();
    await again.library.getByText('暂无数据...').waitFor();
    await again.library.getByTestId('media-groups').getByText(`${groupName} (0)`).waitFor();
    expect(await resourcesNamed(pictureName)).toEqual([]);
    // The brand still shows the picture, so the file stays.
    expect((await fetch(`${baseUrl()}${resource.resource_url}`)).status).toBe(200);

    // The now empty group goes too.
    await again.library.getByRole('button', { name: '删除分组' }).click();
    await confirmPopconfirm(page);
    await page.getByText('分组已删除').waitFor();
    await expect.poll(() => again.library.getByTestId('media-groups').innerText()).not.toContain(groupName);
    await context.close();
  });

  it('keeps a picture uploaded straight into a logo field in the library, ungrouped', async () => {
    const suffix = crypto.randomBytes(3).toString('hex');
    const { context, page } = await newPage(browser);
    await login(page);
    await page.goto('/admin/goods/goods-setting/brand-list');
    await page.getByRole('button', { name: /添加品牌/ }).click();
    const dialog = page.getByRole('dialog').filter({ hasText: '添加品牌' });
    await dialog.locator('input[type=file]').setInputFiles({ name: `直传${suffix}.png`, mimeType: 'image/png', buffer: png() });
    await expect.poll(async () => (await resourcesNamed(`直传${suffix}`)).length).toBe(1);
    const [resource] = await resourcesNamed(`直传${suffix}`);
    expect(resource.group_id).toBe(0);
    await expect.poll(() => dialog.locator('.ant-upload img').getAttribute('src')).toBe(resource.resource_url);
    await context.close();
  });
});
