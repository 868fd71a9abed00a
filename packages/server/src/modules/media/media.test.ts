import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { Resource, ResourceGroupNode, ResourceGroupTree, UploadResult } from '@agora/contract';
import { box, mp4, multipart, png } from '../../test/files.js';
import { type Session, type TestApp, withTestApp } from '../../test/harness.js';
import { storedFiles } from '../../db/tables.js';
import { brands } from '../goods/tables.js';

let t: TestApp;
let founder: Session;
// A 1 MB ceiling for streamed videos keeps the over-the-limit upload small.
withTestApp(
  (app, session) => {
    t = app;
    founder = session;
  },
  { streamUploadMaxMb: 1 },
);

const upload = (filename: string, bytes: Buffer, url = '/api/admin/uploaders', session: Session = founder) =>
  t.inject({ method: 'POST', url, session, ...multipart(filename, bytes) });

async function uploaded(filename: string, bytes: Buffer, url?: string): Promise<UploadResult> {
  const response = await upload(filename, bytes, url);
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

const api = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown, session: Session = founder) =>
  t.inject({ method, url: `/api/${url}`, session, ...(payload === undefined ? {} : { payload: payload as object }) });

async function addToLibrary(items: { resource_name: string; resource_url: string; group_id?: number }[]): Promise<Resource[]> {
  const response = await api('POST', 'seller/shops/resource/batch', items);
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

async function createGroup(group_name: string, group_type: 'IMAGE' | 'VIDEO', parent_id = 0): Promise<ResourceGroupNode> {
  const response = await api('POST', 'seller/shops/resource-group', { group_name, group_type, parent_id });
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

const list = async (query: string) => {
  const response = await api('GET', `seller/shops/resource?${query}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as { data: Resource[]; data_total: number; page_size: number };
};
const tree = async (type: 'IMAGE' | 'VIDEO') => (await api('GET', `seller/shops/resource-group/tree-list?group_type=${type}`)).json() as ResourceGroupTree;
const storedRow = async (url: string) => (await t.ctx.db.select().from(storedFiles).where(eq(storedFiles.key, url.slice('/files/'.length))))[0];
const onDisk = async (url: string) => {
  const stream = await t.ctx.storage.read(url.slice('/files/'.length));
  stream?.destroy();
  return stream !== null;
};

describe('media library', () => {
  it('keeps just-uploaded files with their kind, size in kB, picture size and video length, newest first', async () => {
    const picture = await uploaded('海报.png', png(120, 80));
    const clip = await uploaded('开箱.mp4', mp4(83));
    expect(clip.duration).toBe(83);
    const [image, video] = await addToLibrary([
      { resource_name: '海报', resource_url: picture.url },
      { resource_name: '开箱视频', resource_url: clip.url },
    ]);
    expect(image).toMatchObject({ resource_name: '海报', group_id: 0, group_type: 'IMAGE', resource_url: picture.url, img_width: 120, img_height: 80, video_duration: null });
    expect(image.resource_storage).toBe(Math.ceil(picture.size / 1024));
    expect(video).toMatchObject({ group_type: 'VIDEO', video_duration: 83, img_width: null });
    expect(image.create_time).toBeGreaterThan(Date.now() / 1000 - 60);

    const images = await list('group_type=IMAGE&resource_name=海报');
    expect(images.data.map((row) => row.id)).toEqual([image.id]);
    expect(images.page_size).toBe(15);
    const videos = await list('group_type=VIDEO');
    expect(videos.data.map((row) => row.id)).toContain(video.id);
    expect(videos.data.every((row) => row.group_type === 'VIDEO')).toBe(true);
  });

  it('accepts only URLs of our own uploads, and only into a group of the same kind', async () => {
    const picture = await uploaded('a.png', png(4, 4));
    const videoGroup = await createGroup('宣传片', 'VIDEO');
    for (const resource_url of ['https://elsewhere.example/a.png', '/files/../secret.png', '/files/other/202601/never-uploaded.png', `${picture.url}x`]) {
      const response = await api('POST', 'seller/shops/resource/batch', [{ resource_name: 'x', resource_url }]);
      expect(response.statusCode, resource_url).toBe(400);
      expect(response.json()).toMatchObject({ code: 'RESOURCE_URL_UNKNOWN' });
      expect(response.json().message).toContain('只能添加本站上传的文件');
    }
    // A picture the system generated (the demo's) is not an upload.
    await t.ctx.db.insert(storedFiles).values({ key: 'demo/goods/1.svg', driver: 'local', contentType: 'image/svg+xml', size: 10, uploaderType: 'SYSTEM' });
    expect((await api('POST', 'seller/shops/resource/batch', [{ resource_name: 'x', resource_url: '/files/demo/goods/1.svg' }])).json().code).toBe('RESOURCE_URL_UNKNOWN');

    const mismatch = await api('POST', 'seller/shops/resource/batch', [{ resource_name: 'x', resource_url: picture.url, group_id: videoGroup.group_id }]);
    expect(mismatch.json()).toMatchObject({ code: 'RESOURCE_GROUP_TYPE_MISMATCH', message: '分组类型与素材类型不符' });
    const missingGroup = await api('POST', 'seller/shops/resource/batch', [{ resource_name: 'x', resource_url: picture.url, group_id: 99999 }]);
    expect(missingGroup.statusCode).toBe(404);
    expect(missingGroup.json().code).toBe('RESOURCE_GROUP_NOT_FOUND');
    for (const payload of [[], [{ resource_name: '', resource_url: picture.url }], { resource_name: 'x', resource_url: picture.url }]) {
      const response = await api('POST', 'seller/shops/resource/batch', payload);
      expect(response.statusCode).toBe(400);
      expect(response.json().code).toBe('VALIDATION');
    }
  });

  it('nests groups three levels deep; a group counts and lists the resources of its subgroups', async () => {
    const top = await createGroup('商品图', 'IMAGE');
    const middle = await createGroup('手机', 'IMAGE', top.group_id);
    const bottom = await createGroup('华为', 'IMAGE', middle.group_id);
    expect([top.depth, middle.depth, bottom.depth]).toEqual([1, 2, 3]);
    const tooDeep = await api('POST', 'seller/shops/resource-group', { group_name: '第四级', group_type: 'IMAGE', parent_id: bottom.group_id });
    expect(tooDeep.json()).toMatchObject({ code: 'RESOURCE_GROUP_TOO_DEEP', message: '素材分组最多3级' });
    const taken = await api('POST', 'seller/shops/resource-group', { group_name: '手机', group_type: 'IMAGE', parent_id: top.group_id });
    expect(taken.json()).toMatchObject({ code: 'RESOURCE_GROUP_NAME_TAKEN', message: '同级分组下已存在名称“手机”' });
    // The same name elsewhere in the tree is fine.
    await createGroup('手机', 'IMAGE');
    const wrongKind = await api('POST', 'seller/shops/resource-group', { group_name: '视频', group_type: 'VIDEO', parent_id: top.group_id });
    expect(wrongKind.json().code).toBe('RESOURCE_GROUP_TYPE_MISMATCH');
    for (const payload of [{ group_name: '', group_type: 'IMAGE' }, { group_name: '一二三四五六七八九十一二三四五六七八九十一', group_type: 'IMAGE' }, { group_name: '音频', group_type: 'AUDIO' }]) {
      expect((await api('POST', 'seller/shops/resource-group', payload)).json().code).toBe('VALIDATION');
    }

    const [inTop, inBottom] = await Promise.all([uploaded('top.png', png(4, 4, { seed: 1 })), uploaded('bottom.png', png(4, 4, { seed: 2 }))]);
    await addToLibrary([
      { resource_name: '顶层图', resource_url: inTop.url, group_id: top.group_id },
      { resource_name: '底层图', resource_url: inBottom.url, group_id: bottom.group_id },
    ]);
    const images = await tree('IMAGE');
    const topNode = images.groups.find((node) => node.group_id === top.group_id)!;
    expect(topNode).toMatchObject({ group_name: '商品图', resource_count: 2, parent_id: 0, depth: 1 });
    expect(topNode.children[0]).toMatchObject({ group_name: '手机', resource_count: 1, depth: 2 });
    expect(topNode.children[0].children[0]).toMatchObject({ group_name: '华为', resource_count: 1, depth: 3, children: [] });
    expect(images.total).toBe(images.ungrouped + images.groups.reduce((sum, node) => sum + node.resource_count, 0));
    expect((await tree('VIDEO')).groups.every((node) => node.group_type === 'VIDEO')).toBe(true);

    expect((await list(`group_type=IMAGE&group_id=${top.group_id}`)).data.map((row) => row.resource_name).sort()).toEqual(['底层图', '顶层图']);
    expect((await list(`group_type=IMAGE&group_id=${middle.group_id}`)).data.map((row) => row.resource_name)).toEqual(['底层图']);
    const ungrouped = await list('group_type=IMAGE&group_id=0');
    expect(ungrouped.data.every((row) => row.group_id === 0)).toBe(true);
    expect(ungrouped.data_total).toBe(images.ungrouped);

    const renamed = await api('PUT', `seller/shops/resource-group/${bottom.group_id}`, { group_name: '荣耀' });
    expect(renamed.statusCode).toBe(200);
    const sibling = await createGroup('三星', 'IMAGE', middle.group_id);
    const clash = await api('PUT', `seller/shops/resource-group/${sibling.group_id}`, { group_name: ' 荣耀 ' });
    expect(clash.json()).toMatchObject({ code: 'RESOURCE_GROUP_NAME_TAKEN', message: '同级分组下已存在名称“荣耀”' });
    expect((await api('PUT', 'seller/shops/resource-group/99999', { group_name: '无' })).statusCode).toBe(404);
    expect((await tree('IMAGE')).groups.find((node) => node.group_id === top.group_id)!.children[0].children[0].group_name).toBe('荣耀');
  });

  it('deletes only an empty group, saying why otherwise', async () => {
    const parent = await createGroup('活动', 'IMAGE');
    const child = await createGroup('双十一', 'IMAGE', parent.group_id);
    const picture = await uploaded('sale.png', png(4, 4, { seed: 3 }));
    const [resource] = await addToLibrary([{ resource_name: '双十一海报', resource_url: picture.url, group_id: child.group_id }]);

    const withChildren = await api('DELETE', `seller/shops/resource-group/${parent.group_id}`);
    expect(withChildren.statusCode).toBe(400);
    expect(withChildren.json()).toMatchObject({ code: 'RESOURCE_GROUP_HAS_CHILDREN', message: '该分组下存在子分组，不能删除' });
    const withResources = await api('DELETE', `seller/shops/resource-group/${child.group_id}`);
    expect(withResources.json()).toMatchObject({ code: 'RESOURCE_GROUP_HAS_RESOURCES', message: '该分组下存在1个素材，不能删除' });
    const english = await t.inject({ method: 'DELETE', url: `/api/seller/shops/resource-group/${child.group_id}`, session: founder, headers: { language: 'en-US' } });
    expect(english.json().message).toBe('This group holds 1 resources and cannot be deleted');

    await api('DELETE', `seller/shops/resource/batch?ids=${resource.id}`);
    expect((await api('DELETE', `seller/shops/resource-group/${child.group_id}`)).statusCode).toBe(200);
    expect((await api('DELETE', `seller/shops/resource-group/${parent.group_id}`)).statusCode).toBe(200);
    expect((await tree('IMAGE')).groups.some((node) => node.group_id === parent.group_id)).toBe(false);
    expect((await api('DELETE', `seller/shops/resource-group/${parent.group_id}`)).json().code).toBe('RESOURCE_GROUP_NOT_FOUND');
  });

  it('deletes resources and their stored file, unless the file is still listed or shown elsewhere', async () => {
    const [lonely, shared, logo] = await Promise.all([uploaded('lonely.png', png(4, 4, { seed: 4 })), uploaded('shared.png', png(4, 4, { seed: 5 })), uploaded('logo.png', png(4, 4, { seed: 6 }))]);
    const [a, b, c, d] = await addToLibrary([
      { resource_name: '孤图', resource_url: lonely.url },
      { resource_name: '共用一', resource_url: shared.url },
      { resource_name: '共用二', resource_url: shared.url },
      { resource_name: '品牌标志', resource_url: logo.url },
    ]);
    await t.ctx.db.insert(brands).values({ name: '素材测试品牌', logo: logo.url });

    const missing = await api('DELETE', `seller/shops/resource/batch?ids=${a.id},999999`);
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toMatchObject({ code: 'RESOURCE_NOT_FOUND', message: '素材不存在：999999' });
    expect(await onDisk(lonely.url)).toBe(true);

    // The request client repeats array keys: ids=1&ids=2.
    const removed = await api('DELETE', `seller/shops/resource/batch?ids=${a.id}&ids=${b.id}&ids=${d.id}`);
    expect(removed.statusCode, removed.body).toBe(200);
    expect(await onDisk(lonely.url)).toBe(false);
    expect(await storedRow(lonely.url)).toBeUndefined();
    expect((await t.inject({ method: 'GET', url: lonely.url })).statusCode).toBe(404);
    // Still listed as 共用二; still the brand's logo.
    expect(await onDisk(shared.url)).toBe(true);
    expect(await onDisk(logo.url)).toBe(true);
    expect(await storedRow(logo.url)).toBeDefined();

    await api('DELETE', `seller/shops/resource/batch?ids=${c.id}`);
    expect(await onDisk(shared.url)).toBe(false);
    const remaining = await list('group_type=IMAGE&page_size=100');
    expect(remaining.data.map((row) => row.id)).not.toEqual(expect.arrayContaining([a.id]));
    for (const query of ['', 'ids=', 'ids=abc', 'ids=0']) {
      const response = await api('DELETE', `seller/shops/resource/batch?${query}`);
      expect(response.statusCode, query).toBe(400);
    }
  });

  it('pages by 15, 30, 50 or 100 only', async () => {
    const pictures = await Promise.all(Array.from({ length: 16 }, (_, i) => uploaded(`p${i}.png`, png(2, 2, { seed: 10 + i }))));
    await addToLibrary(pictures.map((picture, i) => ({ resource_name: `分页${i}`, resource_url: picture.url })));
    const first = await list('group_type=IMAGE&resource_name=分页');
    expect(first.data).toHaveLength(15);
    expect(first.data_total).toBe(16);
    const second = await list('group_type=IMAGE&resource_name=分页&page_no=2');
    expect(second.data.map((row) => row.resource_name)).toEqual(['分页0']);
    expect((await list('group_type=IMAGE&resource_name=分页&page_size=30')).data).toHaveLength(16);
    for (const size of [10, 20, 200]) {
      const response = await api('GET', `seller/shops/resource?page_size=${size}`);
      expect(response.statusCode, String(size)).toBe(400);
    }
    expect((await api('GET', 'seller/shops/resource?group_type=AUDIO')).statusCode).toBe(400);
    expect((await api('GET', 'seller/shops/resource-group/tree-list')).statusCode).toBe(400);
  });

  it('refuses ids past the spec maximum or the column range with 400 and a message, never a 500', async () => {
    const huge = '99999999999999999999';
    for (const [method, url, payload, message] of [
      ['PUT', `seller/shops/resource-group/${huge}`, { group_name: '越界' }, '分组id格式有误'],
      ['DELETE', `seller/shops/resource-group/${huge}`, undefined, '分组id格式有误'],
      ['DELETE', 'seller/shops/resource-group/2147483648', undefined, '分组id格式有误'],
      ['GET', `seller/shops/resource?group_type=IMAGE&group_id=${huge}`, undefined, '分组id格式有误'],
      ['POST', 'seller/shops/resource-group', { group_name: '越界', group_type: 'IMAGE', parent_id: huge }, '分组id格式有误'],
      ['POST', 'seller/shops/resource/batch', [{ resource_name: 'x', resource_url: '/files/x.png', group_id: huge }], '分组id格式有误'],
      ['DELETE', `seller/shops/resource/batch?ids=${huge}`, undefined, 'ids: 请选择要删除的素材'],
      ['DELETE', 'seller/shops/resource/batch?ids=1&ids=9223372036854775808', undefined, 'ids: 请选择要删除的素材'],
      ['DELETE', `seller/shops/resource/batch?ids=${Array.from({ length: 101 }, (_, i) => i + 1).join(',')}`, undefined, '一次最多删除100个素材'],
    ] as const) {
      const response = await api(method, url, payload);
      expect(response.statusCode, url).toBe(400);
      expect(response.json().message, url).toBe(message);
    }
    // a resource id past the 32-bit range is still a resource id (the column is 64-bit): not found, not refused
    const missing = await api('DELETE', 'seller/shops/resource/batch?ids=4294967296');
    expect(missing.json().code).toBe('RESOURCE_NOT_FOUND');
  });

  it('is open to admins who edit pictures and closed to the others', async () => {
    const { session: logsOnly } = await t.adminWithPermissions(founder, ['systemLogs']);
    for (const [method, url, payload] of [
      ['GET', 'seller/shops/resource?group_type=IMAGE'],
      ['GET', 'seller/shops/resource-group/tree-list?group_type=IMAGE'],
      ['POST', 'seller/shops/resource-group', { group_name: 'x', group_type: 'IMAGE' }],
      ['DELETE', 'seller/shops/resource/batch?ids=1'],
    ] as const) {
      const response = await api(method, url, payload, logsOnly);
      expect(response.statusCode, url).toBe(403);
      expect(response.json().code).toBe('NO_PERMISSION');
    }
    // Uploading is theirs too: an admin without a picture-editing page cannot write files.
    for (const url of ['/api/admin/uploaders', '/api/admin/uploaders/stream']) {
      const refused = await upload('x.png', png(2, 2, { seed: 7 }), url, logsOnly);
      expect(refused.statusCode, url).toBe(403);
      expect(refused.json().code).toBe('NO_PERMISSION');
    }
    const { session: brandEditor } = await t.adminWithPermissions(founder, ['brandList']);
    expect((await api('GET', 'seller/shops/resource?group_type=IMAGE', undefined, brandEditor)).statusCode).toBe(200);
    const picture = await upload('b.png', png(3, 3, { seed: 99 }), '/api/admin/uploaders', brandEditor);
    expect((await upload('b.png', png(3, 3, { seed: 98 }), '/api/admin/uploaders/stream', brandEditor)).statusCode).toBe(200);
    const added = await api('POST', 'seller/shops/resource/batch', [{ resource_name: 'b', resource_url: picture.json().url }], brandEditor);
    expect(added.statusCode).toBe(200);
    expect((await t.inject({ method: 'GET', url: '/api/seller/shops/resource' })).statusCode).toBe(401);
  });
});

describe('streamed uploads', () => {
  const tempFiles = () => fs.readdirSync(os.tmpdir()).filter((name) => name.startsWith('agora-stream-'));

  it('stores a video streamed in, with its length read from the movie header wherever it sits', async () => {
    const atEnd = await uploaded('发布会.MP4', mp4(3725, { mediaBytes: 600_000 }), '/api/admin/uploaders/stream');
    expect(atEnd).toMatchObject({ ext: 'mp4', duration: 3725, width: null });
    expect(atEnd.url).toMatch(/^\/files\/other\/\d{6}\/[0-9a-f]{24}\.mp4$/);
    expect(await storedRow(atEnd.url)).toMatchObject({ duration: 3725, contentType: 'video/mp4', size: atEnd.size, uploaderType: 'ADMIN' });
    const served = await t.inject({ method: 'GET', url: atEnd.url });
    expect(served.rawPayload.length).toBe(atEnd.size);

    const mov = await uploaded('clip.mov', mp4(12, { brand: 'qt  ', headerFirst: true }), '/api/admin/uploaders/stream?scene=video');
    expect(mov).toMatchObject({ ext: 'mov', duration: 12 });
    expect(mov.url).toMatch(/^\/files\/video\//);
    const picture = await uploaded('still.png', png(30, 20), '/api/admin/uploaders/stream');
    expect(picture).toMatchObject({ width: 30, height: 20, duration: null });
    const [resource] = await addToLibrary([{ resource_name: '发布会', resource_url: atEnd.url }]);
    expect(resource).toMatchObject({ group_type: 'VIDEO', video_duration: 3725, resource_storage: Math.ceil(atEnd.size / 1024) });
  });

  it('refuses a video over the limit while it streams, and a file that is not what it says, storing nothing', async () => {
    const before = (await t.ctx.db.select().from(storedFiles)).length;
    const tooBig = await upload('big.mp4', mp4(10, { mediaBytes: 1024 * 1024 + 10 }), '/api/admin/uploaders/stream');
    expect(tooBig.statusCode).toBe(400);
    expect(tooBig.json()).toMatchObject({ code: 'UPLOAD_VIDEO_TOO_LARGE', message: '视频大小不能超过1MB' });
    const fake = await upload('fake.mp4', png(4, 4), '/api/admin/uploaders/stream');
    expect(fake.json()).toMatchObject({ code: 'UPLOAD_CONTENT_MISMATCH', message: '文件内容与扩展名不符，请上传真实的MP4文件' });
    const badExt = await upload('run.sh', Buffer.from('#!/bin/sh'), '/api/admin/uploaders/stream');
    expect(badExt.json().code).toBe('UPLOAD_BAD_EXT');
    const empty = await upload('empty.mp4', Buffer.alloc(0), '/api/admin/uploaders/stream');
    expect(empty.json().code).toBe('UPLOAD_NO_FILE');
    expect((await t.ctx.db.select().from(storedFiles)).length).toBe(before);
    expect(tempFiles()).toEqual([]);
    const anonymous = await t.inject({ method: 'POST', url: '/api/admin/uploaders/stream', ...multipart('a.png', png(2, 2)) });
    expect(anonymous.statusCode).toBe(401);
  });

  it('records nothing as a duration when the container has none it can read', async () => {
    const headerless = Buffer.concat([box('ftyp', Buffer.from('isom'), Buffer.from([0, 0, 2, 0]), Buffer.from('isommp41')), box('mdat', Buffer.alloc(100))]);
    const result = await uploaded('raw.mp4', headerless, '/api/admin/uploaders/stream');
    expect(result.duration).toBeNull();
    expect(path.extname(result.url)).toBe('.mp4');
  });
});
