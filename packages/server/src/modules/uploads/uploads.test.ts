import { count, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { multipart, png } from '../../test/files.js';
import { type Session, type TestApp, withTestApp } from '../../test/harness.js';
import { storedFiles } from '../../db/tables.js';

let t: TestApp;
let founder: Session;
withTestApp((app, session) => {
  t = app;
  founder = session;
});

const upload = (filename: string, bytes: Buffer, options: { session?: Session | null; url?: string; field?: string; language?: string; scene?: string } = {}) => {
  const { payload, headers } = multipart(filename, bytes, { field: options.field, scene: options.scene });
  return t.inject({
    method: 'POST',
    url: options.url ?? '/api/admin/uploaders',
    session: options.session === null ? undefined : (options.session ?? founder),
    payload,
    headers: { ...headers, ...(options.language ? { language: options.language } : {}) },
  });
};

const storedCount = async () => (await t.ctx.db.select({ n: count() }).from(storedFiles))[0].n;

describe('uploads', () => {
  it('stores a real PNG, records it and serves it under /files/ with long cache headers', async () => {
    const bytes = png(64, 48);
    const response = await upload('商品主图.PNG', bytes, { url: '/api/admin/uploaders?scene=goods' });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body).toMatchObject({ name: '商品主图.PNG', ext: 'png', size: bytes.length, width: 64, height: 48 });
    expect(body.url).toMatch(/^\/files\/goods\/\d{6}\/[0-9a-f]{24}\.png$/);

    const [row] = await t.ctx.db.select().from(storedFiles).where(eq(storedFiles.key, body.url.slice('/files/'.length)));
    expect(row).toMatchObject({ driver: 'local', contentType: 'image/png', size: bytes.length, width: 64, height: 48, originalName: '商品主图.PNG', uploaderType: 'ADMIN', uploaderId: founder.uid });

    const served = await t.inject({ method: 'GET', url: body.url });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.headers['cache-control']).toContain('max-age=2592000');
    expect(served.headers['x-content-type-options']).toBe('nosniff');
    expect(served.rawPayload.equals(bytes)).toBe(true);

    const formScene = await upload('brand.gif', Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64'), { scene: 'brand' });
    expect(formScene.json()).toMatchObject({ ext: 'gif', width: 1, height: 1 });
    expect(formScene.json().url).toMatch(/^\/files\/brand\//);
  });

  it('refuses a file whose extension is not accepted, in the caller\'s language, storing nothing', async () => {
    const before = await storedCount();
    const zh = await upload('setup.exe', Buffer.from('MZ\x90\x00 not really a program'));
    expect(zh.statusCode).toBe(400);
    expect(zh.json()).toMatchObject({ code: 'UPLOAD_BAD_EXT' });
    expect(zh.json().message).toContain('不支持的文件格式');
    expect(zh.json().message).toContain('jpg');
    const en = await upload('notes.txt', Buffer.from('hello'), { language: 'en-US' });
    expect(en.json().message).toContain('Unsupported file type');
    const svg = await upload('logo.svg', Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'));
    expect(svg.json().code).toBe('UPLOAD_BAD_EXT');
    expect(await storedCount()).toBe(before);
  });

  it('refuses an extension that lies about the content', async () => {
    const before = await storedCount();
    const text = await upload('photo.png', Buffer.from('<html><script>alert(1)</script></html>'));
    expect(text.statusCode).toBe(400);
    expect(text.json()).toMatchObject({ code: 'UPLOAD_CONTENT_MISMATCH' });
    expect(text.json().message).toBe('文件内容与扩展名不符，请上传真实的PNG文件');
    const pngAsJpg = await upload('photo.jpg', png(8, 8));
    expect(pngAsJpg.json().code).toBe('UPLOAD_CONTENT_MISMATCH');
    const pngAsVideo = await upload('clip.mp4', png(8, 8));
    expect(pngAsVideo.json().code).toBe('UPLOAD_CONTENT_MISMATCH');
    expect(await storedCount()).toBe(before);
  });

  it('refuses an image over 10 MB and an empty or missing file', async () => {
    const before = await storedCount();
    const big = png(16, 16, { padTo: 10 * 1024 * 1024 + 1 });
    const tooBig = await upload('huge.png', big);
    expect(tooBig.statusCode).toBe(400);
    expect(tooBig.json()).toMatchObject({ code: 'UPLOAD_IMAGE_TOO_LARGE', message: '图片大小不能超过10MB' });
    const justFits = await upload('fits.png', png(16, 16, { padTo: 10 * 1024 * 1024 }));
    expect(justFits.statusCode).toBe(200);
    expect(justFits.json()).toMatchObject({ width: 16, height: 16, size: 10 * 1024 * 1024 });

    const empty = await upload('empty.png', Buffer.alloc(0));
    expect(empty.json().code).toBe('UPLOAD_NO_FILE');
    const wrongField = await upload('a.png', png(4, 4), { field: 'picture' });
    expect(wrongField.json().code).toBe('UPLOAD_NO_FILE');
    const notMultipart = await t.inject({ method: 'POST', url: '/api/admin/uploaders', session: founder, payload: { file: 'x' } });
    expect(notMultipart.statusCode).toBe(400);
    expect(notMultipart.json().code).toBe('UPLOAD_NO_FILE');
    const badScene = await upload('a.png', png(4, 4), { url: '/api/admin/uploaders?scene=../etc' });
    expect(badScene.json().code).toBe('VALIDATION');
    const badFormScene = await upload('a.png', png(4, 4), { scene: '../../etc' });
    expect(badFormScene.json().code).toBe('VALIDATION');
    expect(await storedCount()).toBe(before + 1);
  });

  it('needs a signed-in admin holding a page that edits pictures', async () => {
    const anonymous = await upload('a.png', png(4, 4), { session: null });
    expect(anonymous.statusCode).toBe(401);
    const { session: nothing } = await t.adminWithPermissions(founder, []);
    expect((await upload('a.png', png(4, 4), { session: nothing })).json().code).toBe('NO_PERMISSION');
    const { session: brands } = await t.adminWithPermissions(founder, ['brandList']);
    expect((await upload('a.png', png(4, 4), { session: brands })).statusCode).toBe(200);
  });

  it('serves no directory listing and nothing outside the uploads directory', async () => {
    await upload('a.png', png(4, 4), { url: '/api/admin/uploaders?scene=listing' });
    for (const url of ['/files/', '/files/listing/', '/files/listing']) {
      const response = await t.inject({ method: 'GET', url });
      expect([403, 404], url).toContain(response.statusCode);
      expect(response.body, url).not.toMatch(/\.png/);
    }
    for (const url of ['/files/../package.json', '/files/..%2f..%2fpackage.json', '/files/%2e%2e/%2e%2e/package.json']) {
      const response = await t.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBeGreaterThanOrEqual(400);
      expect(response.body).not.toContain('"name"');
    }
  });
});
