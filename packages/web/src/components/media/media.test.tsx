import { useState } from 'react';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Form } from 'antd';
import { categoryEndpoints, mediaEndpoints, uploadEndpoints, type CategoryChild, type Resource, type ResourceGroupNode, type ResourceGroupTree, type UploadResult } from '@agora/contract';
import type { SentRequest } from '@/test/network';
import { fixture, stubApi, type Fixture } from '@/test/api';
import { renderPage, signIn } from '@/test/pageHarness';
import { ImageUpload } from '@/components/ImageUpload';
import { MediaLibrary, formatDuration, pickResource } from './MediaLibrary';
import { ResourcePicker } from './ResourcePicker';
import { ImagePicker, type ImagePickerItem } from './ImagePicker';

const resource = (id: number, fields: Partial<Resource> = {}): Resource => ({
  id,
  resource_name: `素材${id}`,
  group_id: 0,
  group_type: 'IMAGE',
  resource_url: `/files/media/202611/r${id}.png`,
  resource_storage: 12,
  img_width: 800,
  img_height: 600,
  video_duration: null,
  create_time: 1_790_000_000,
  ...fields,
});

const group = (group_id: number, group_name: string, resource_count: number, children: ResourceGroupNode[] = [], depth = 1, parent_id = 0): ResourceGroupNode => ({
  group_id,
  group_name,
  group_type: 'IMAGE',
  parent_id,
  depth,
  create_time: 1_790_000_000,
  resource_count,
  children,
});

const TREE: ResourceGroupTree = {
  total: 40,
  ungrouped: 25,
  groups: [group(1, '商品图', 10, [group(2, '手机', 4, [], 2, 1)]), group(3, '活动', 5)],
};

/** how long the fake server takes to answer a list */
let listDelay = 20;

interface Library {
  sent: SentRequest[];
  rows: Resource[];
}

const uploaded = (url: string, name: string, fields: Partial<UploadResult> = {}): UploadResult => ({ url, name, ext: 'png', size: 2048, width: 10, height: 10, duration: null, ...fields });

/** Answers the media endpoints from `rows` (filtered and paged like the server) and records every request; `extra` fixtures win. */
function serveLibrary(rows: Resource[], ...extra: Fixture[]): Library {
  const library: Library = { sent: [], rows };
  library.sent = stubApi(
    fixture(mediaEndpoints.groupTree, ({ query }) => (query.group_type === 'VIDEO' ? { total: 0, ungrouped: 0, groups: [] } : TREE)),
    fixture(
      mediaEndpoints.list,
      ({ query }) => {
        const name = String(query.resource_name ?? '');
        const size = Number(query.page_size);
        const no = Number(query.page_no);
        const matching = library.rows.filter((row) => row.group_type === (query.group_type ?? 'IMAGE') && row.resource_name.includes(name));
        return { data: matching.slice((no - 1) * size, no * size), page_no: no, page_size: size, data_total: matching.length };
      },
      { delay: () => listDelay },
    ),
    fixture(mediaEndpoints.remove, ({ query }) => {
      const ids = ([] as unknown[]).concat(query.ids).map(Number);
      library.rows = library.rows.filter((row) => !ids.includes(row.id));
      return {};
    }),
    ...extra,
  );
  return library;
}

const requests = (library: Library, method: string, prefix: string) => library.sent.filter((r) => r.method === method && r.url.startsWith(prefix));
const lastList = (library: Library) => new URLSearchParams(requests(library, 'GET', 'seller/shops/resource?').at(-1)!.url.split('?')[1]);
const json = (request: SentRequest): unknown => (typeof request.body === 'string' ? JSON.parse(request.body) : request.body);
const modalWidth = (dialog: HTMLElement) => (dialog.closest('.ant-modal') as HTMLElement | null)?.style.width;
const png = (name: string) => new File([new Uint8Array([137, 80, 78, 71, 13, 10, 26, 10])], name, { type: 'image/png' });

function LibraryHarness(props: { type?: 'IMAGE' | 'VIDEO'; limit?: number; picker?: boolean }) {
  const [open, setOpen] = useState(true);
  const [chosen, setChosen] = useState<Resource[]>([]);
  const Dialog = props.picker ? ResourcePicker : MediaLibrary;
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        open
      </button>
      <output data-testid="chosen">{chosen.map((item) => item.id).join(',')}</output>
      <Dialog
        open={open}
        type={props.type}
        limit={props.limit}
        onClose={() => setOpen(false)}
        onChoose={(resources: Resource[]) => {
          setChosen(resources);
          setOpen(false);
        }}
      />
    </>
  );
}

beforeAll(() => {
  // jsdom has no object URLs; the image picker previews local files with them.
  let next = 0;
  URL.createObjectURL = vi.fn(() => `blob:preview-${(next += 1)}`);
  URL.revokeObjectURL = vi.fn();
});

describe('selection and formatting rules', () => {
  it('at the limit the latest choice replaces the selection; a chosen one toggles off; below 1 is unlimited', () => {
    const [a, b, c] = [resource(1), resource(2), resource(3)];
    expect(pickResource([], a, 1)).toEqual([a]);
    expect(pickResource([a], b, 1)).toEqual([b]);
    expect(pickResource([a], b, 2)).toEqual([a, b]);
    expect(pickResource([a, b], c, 2)).toEqual([c]);
    expect(pickResource([a, b], a, 2)).toEqual([b]);
    expect(pickResource([a, b], c, 0)).toEqual([a, b, c]);
    expect(pickResource([a, b], c, -1)).toEqual([a, b, c]);
  });

  it('shows a video length as m:ss or h:mm:ss', () => {
    expect(formatDuration(83)).toBe('1:23');
    expect(formatDuration(3725)).toBe('1:02:05');
    expect(formatDuration(0)).toBe('0:00');
  });
});

describe('media library 素材中心', { timeout: 30_000 }, () => {
  beforeEach(() => {
    signIn();
    listDelay = 20;
  });

  it('is 1000px wide, shows 数据加载中... then the grid, groups with their counts, and pages by 15/30/50/100', async () => {
    const library = serveLibrary(Array.from({ length: 40 }, (_, i) => resource(i + 1)));
    listDelay = 500;
    renderPage(<LibraryHarness />);
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('素材中心')).toBeTruthy();
    expect(modalWidth(dialog)).toBe('1000px');
    expect(await within(dialog).findByText('数据加载中...')).toBeTruthy();
    expect(await within(dialog).findByText('素材1')).toBeTruthy();
    expect(within(dialog).queryByText('数据加载中...')).toBeNull();
    listDelay = 20;
    expect(within(dialog).getAllByRole('button', { pressed: false })).toHaveLength(15);
    expect(lastList(library).get('page_size')).toBe('15');
    expect(lastList(library).get('group_type')).toBe('IMAGE');
    expect(lastList(library).has('group_id')).toBe(false);

    const groups = within(dialog).getByTestId('media-groups');
    for (const text of ['全部 (40)', '未分组 (25)', '商品图 (10)', '手机 (4)', '活动 (5)']) expect(within(groups).getByText(text)).toBeTruthy();
    expect(within(dialog).getByText('共 40 个')).toBeTruthy();

    fireEvent.mouseDown(within(dialog).getByRole('combobox'));
    for (const size of ['15 条/页', '30 条/页', '50 条/页', '100 条/页']) expect((await screen.findAllByText(size)).length).toBeGreaterThan(0);
    fireEvent.click(screen.getAllByText('30 条/页').at(-1)!);
    await waitFor(() => expect(lastList(library).get('page_size')).toBe('30'));
    await waitFor(() => expect(within(dialog).getAllByRole('button', { pressed: false })).toHaveLength(30));
  });

  it('filters the group tree, lists a group (with its subgroups on the server) or the ungrouped, and searches by name', async () => {
    const user = userEvent.setup();
    const library = serveLibrary([resource(1, { resource_name: '春季海报' }), resource(2, { resource_name: '夏季海报' })]);
    renderPage(<LibraryHarness />);
    const dialog = await screen.findByRole('dialog');
    await within(dialog).findByText('春季海报');
    const groups = within(dialog).getByTestId('media-groups');
    await user.type(within(groups).getByPlaceholderText('搜索分组'), '手机');
    await waitFor(() => expect(within(groups).queryByText('活动 (5)')).toBeNull());
    expect(within(groups).getByText('商品图 (10)')).toBeTruthy();
    expect(within(groups).getByText('手机 (4)')).toBeTruthy();
    await user.click(within(groups).getByText('手机 (4)'));
    await waitFor(() => expect(lastList(library).get('group_id')).toBe('2'));
    await user.click(within(groups).getByText('未分组 (25)'));
    await waitFor(() => expect(lastList(library).get('group_id')).toBe('0'));
    await user.click(within(groups).getByText('全部 (40)'));
    await waitFor(() => expect(lastList(library).has('group_id')).toBe(false));

    await user.type(within(dialog).getByPlaceholderText('搜索素材名称'), '春季{Enter}');
    await waitFor(() => expect(lastList(library).get('resource_name')).toBe('春季'));
    await waitFor(() => expect(within(dialog).queryByText('夏季海报')).toBeNull());
    expect(lastList(library).get('page_no')).toBe('1');
  });

  it('says 暂无数据... when nothing matches', async () => {
    serveLibrary([]);
    renderPage(<LibraryHarness />);
    const dialog = await screen.findByRole('dialog');
    expect(await within(dialog).findByText('暂无数据...')).toBeTruthy();
    expect(within(dialog).getByRole('button', { name: /确\s*定/ })).toHaveProperty('disabled', true);
  });

  it('disables the other tab when a kind is forced; switching tabs lists the other kind', async () => {
    const user = userEvent.setup();
    const library = serveLibrary([resource(1), resource(2, { group_type: 'VIDEO', resource_name: '开箱视频', video_duration: 83, img_width: null, img_height: null })]);
    const { unmount } = renderPage(<LibraryHarness type="IMAGE" />);
    let dialog = await screen.findByRole('dialog');
    await within(dialog).findByText('素材1');
    expect(within(dialog).getByRole('tab', { name: '视频' }).getAttribute('aria-disabled')).toBe('true');
    expect(within(dialog).getByRole('tab', { name: '图片' }).getAttribute('aria-disabled')).not.toBe('true');
    unmount();

    renderPage(<LibraryHarness />);
    dialog = await screen.findByRole('dialog');
    await within(dialog).findByText('素材1');
    await user.click(within(dialog).getByRole('tab', { name: '视频' }));
    expect(await within(dialog).findByText('开箱视频')).toBeTruthy();
    expect(within(dialog).getByText('时长 1:23')).toBeTruthy();
    expect(lastList(library).get('group_type')).toBe('VIDEO');
    expect(requests(library, 'GET', 'seller/shops/resource-group/tree-list?group_type=VIDEO')).toHaveLength(1);
  });

  it('chooses one resource by default; a second click on another replaces it; confirm returns it', async () => {
    const user = userEvent.setup();
    serveLibrary([resource(1), resource(2), resource(3)]);
    renderPage(<LibraryHarness />);
    const dialog = await screen.findByRole('dialog');
    await user.click(await within(dialog).findByRole('button', { name: '素材1' }));
    await user.click(within(dialog).getByRole('button', { name: '素材2' }));
    expect(within(dialog).getByRole('button', { name: '素材1' }).getAttribute('aria-pressed')).toBe('false');
    expect(within(dialog).getByRole('button', { name: '素材2' }).getAttribute('aria-pressed')).toBe('true');
    expect(within(dialog).getByText('已选择 1 / 1 个')).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: /确\s*定/ }));
    await waitFor(() => expect(screen.getByTestId('chosen').textContent).toBe('2'));
  });

  it('chooses several up to the limit, the latest replacing the selection at the limit', async () => {
    const user = userEvent.setup();
    serveLibrary([resource(1), resource(2), resource(3)]);
    renderPage(<LibraryHarness limit={2} />);
    const dialog = await screen.findByRole('dialog');
    await user.click(await within(dialog).findByRole('button', { name: '素材1' }));
    await user.click(within(dialog).getByRole('button', { name: '素材2' }));
    expect(within(dialog).getByText('已选择 2 / 2 个')).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: '素材3' }));
    expect(within(dialog).getByText('已选择 1 / 2 个')).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: '素材1' }));
    await user.click(within(dialog).getByRole('button', { name: /确\s*定/ }));
    await waitFor(() => expect(screen.getByTestId('chosen').textContent).toBe('3,1'));
  });

  it('deletes the selected resources only after confirmation', async () => {
    const user = userEvent.setup();
    const library = serveLibrary([resource(1), resource(2), resource(3)]);
    renderPage(<LibraryHarness limit={0} />);
    const dialog = await screen.findByRole('dialog');
    const remove = within(dialog).getByRole('button', { name: /^删\s*除$/ });
    expect(remove).toHaveProperty('disabled', true);
    await user.click(await within(dialog).findByRole('button', { name: '素材1' }));
    await user.click(within(dialog).getByRole('button', { name: '素材3' }));
    await user.click(remove);
    const confirm = await screen.findByText('确定要删除选中的2个素材吗？删除后不可恢复');
    expect(requests(library, 'DELETE', 'seller/shops/resource/batch')).toHaveLength(0);
    await user.click(within(confirm.closest('.ant-popover') as HTMLElement).getByRole('button', { name: /确\s*定/ }));
    await waitFor(() => expect(requests(library, 'DELETE', 'seller/shops/resource/batch')).toHaveLength(1));
    expect(requests(library, 'DELETE', 'seller/shops/resource/batch')[0].url).toBe('seller/shops/resource/batch?ids=1&ids=3');
    expect(await screen.findByText('素材已删除')).toBeTruthy();
    await waitFor(() => expect(within(dialog).queryByText('素材1')).toBeNull());
    expect(within(dialog).getByText('素材2')).toBeTruthy();
  });

  it('uploads several files into a chosen group: progress each, the server\'s refusal beside its file, confirm disabled until one is uploaded', async () => {
    const user = userEvent.setup();
    let uploads = 0;
    const library = serveLibrary(
      [],
      fixture(
        uploadEndpoints.upload,
        ({ body }) => {
          uploads += 1;
          const file = (body as FormData).get('file') as File;
          if (file.name === 'fake.png') return { status: 400, data: { code: 'UPLOAD_CONTENT_MISMATCH', message: '文件内容与扩展名不符，请上传真实的PNG文件' } };
          return uploaded(`/files/media/202611/u${uploads}.png`, file.name);
        },
        { delay: 30 },
      ),
      fixture(mediaEndpoints.add, ({ body }) => (body as { resource_name: string }[]).map((item, i) => resource(100 + i, item))),
    );
    renderPage(<LibraryHarness />);
    const dialog = await screen.findByRole('dialog');
    await within(dialog).findByText('暂无数据...');
    await user.click(within(dialog).getByRole('button', { name: /上传素材/ }));
    const upload = (await screen.findAllByRole('dialog')).find((node) => within(node).queryByText('选择文件'))!;
    const ok = within(upload).getByRole('button', { name: /确\s*定/ });
    expect(ok).toHaveProperty('disabled', true);

    // The group: 商品图 / 手机
    fireEvent.mouseDown(within(upload).getByRole('combobox'));
    await user.click((await screen.findAllByText('商品图')).at(-1)!);
    await user.click((await screen.findAllByText('手机')).at(-1)!);

    const input = upload.querySelector<HTMLInputElement>('input[type=file]')!;
    expect(input.multiple).toBe(true);
    expect(input.accept).toBe('.jpg,.jpeg,.png,.webp,.bmp,.gif');
    fireEvent.change(input, { target: { files: [png('春季海报.png'), png('fake.png')] } });
    expect(await within(upload).findByText('fake.png: 文件内容与扩展名不符，请上传真实的PNG文件')).toBeTruthy();
    await waitFor(() => expect(ok).toHaveProperty('disabled', false));
    expect(requests(library, 'POST', 'admin/uploaders?scene=media')).toHaveLength(2);

    await user.click(ok);
    await waitFor(() => expect(requests(library, 'POST', 'seller/shops/resource/batch')).toHaveLength(1));
    expect(json(requests(library, 'POST', 'seller/shops/resource/batch')[0])).toEqual([
      { resource_name: '春季海报', resource_url: '/files/media/202611/u1.png', group_id: 2 },
    ]);
    expect(await screen.findByText('已上传 1 个素材')).toBeTruthy();
    await waitFor(() => expect(lastList(library).get('group_id')).toBe('2'));
  });

  it('sends videos through the streaming upload', async () => {
    const user = userEvent.setup();
    const library = serveLibrary([], fixture(uploadEndpoints.stream, uploaded('/files/media/202611/v.mp4', 'a.mp4', { ext: 'mp4', size: 4096, width: null, height: null, duration: 12 })));
    renderPage(<LibraryHarness type="VIDEO" />);
    const dialog = await screen.findByRole('dialog');
    await within(dialog).findByText('暂无数据...');
    await user.click(within(dialog).getByRole('button', { name: /上传素材/ }));
    const upload = (await screen.findAllByRole('dialog')).find((node) => within(node).queryByText('选择文件'))!;
    const input = upload.querySelector<HTMLInputElement>('input[type=file]')!;
    expect(input.accept).toContain('.mp4');
    expect(input.accept).toContain('.rmvb');
    fireEvent.change(input, { target: { files: [new File([new Uint8Array(16)], 'a.mp4', { type: 'video/mp4' })] } });
    await waitFor(() => expect(requests(library, 'POST', 'admin/uploaders/stream?scene=media')).toHaveLength(1));
  });

  it('hints and pre-checks the sizes the server says it takes (admin/uploaders/limits), not constants of its own', async () => {
    const user = userEvent.setup();
    const MB = 1024 * 1024;
    const library = serveLibrary(
      [],
      // a server started with UPLOAD_STREAM_MAX_MB=2
      fixture(uploadEndpoints.limits, { image_max_mb: 10, video_max_mb: 100, stream_video_max_mb: 2 }),
      fixture(uploadEndpoints.stream, uploaded('/files/media/202611/v.mp4', 'small.mp4', { ext: 'mp4', size: 4096, width: null, height: null, duration: 12 })),
    );
    renderPage(<LibraryHarness type="VIDEO" />);
    const dialog = await screen.findByRole('dialog');
    await within(dialog).findByText('暂无数据...');
    await user.click(within(dialog).getByRole('button', { name: /上传素材/ }));
    const upload = (await screen.findAllByRole('dialog')).find((node) => within(node).queryByText('选择文件'))!;
    expect(await within(upload).findByText(/单个不超过2MB，可多选/)).toBeTruthy();

    const input = upload.querySelector<HTMLInputElement>('input[type=file]')!;
    fireEvent.change(input, { target: { files: [new File([new Uint8Array(2 * MB + 1)], 'big.mp4', { type: 'video/mp4' }), new File([new Uint8Array(2 * MB)], 'small.mp4', { type: 'video/mp4' })] } });
    // refused in the server's words, without being sent; the one within the limit goes
    expect(await within(upload).findByText('big.mp4: 视频大小不能超过2MB')).toBeTruthy();
    await waitFor(() => expect(requests(library, 'POST', 'admin/uploaders/stream')).toHaveLength(1));
    expect(((requests(library, 'POST', 'admin/uploaders/stream')[0].body as FormData).get('file') as File).name).toBe('small.mp4');
    expect(requests(library, 'GET', 'admin/uploaders/limits')).toHaveLength(1);
  });

  it('creates a group under the selected one and refuses to delete a group when the server says why', async () => {
    const user = userEvent.setup();
    const library = serveLibrary(
      [],
      fixture(mediaEndpoints.createGroup, ({ body }) => group(9, (body as { group_name: string }).group_name, 0)),
      fixture(mediaEndpoints.deleteGroup, () => ({ status: 400, data: { code: 'RESOURCE_GROUP_HAS_RESOURCES', message: '该分组下存在5个素材，不能删除' } })),
    );
    renderPage(<LibraryHarness />);
    const dialog = await screen.findByRole('dialog');
    const groups = within(dialog).getByTestId('media-groups');
    await user.click(await within(groups).findByText('商品图 (10)'));
    await user.click(within(groups).getByRole('button', { name: '新建分组' }));
    const form = (await screen.findAllByRole('dialog')).find((node) => within(node).queryByText('分组名称'))!;
    await user.click(within(form).getByRole('button', { name: /保\s*存/ }));
    expect(await within(form).findByText('请输入分组名称')).toBeTruthy();
    await user.type(within(form).getByLabelText('分组名称'), '平板');
    await user.click(within(form).getByRole('button', { name: /保\s*存/ }));
    await waitFor(() => expect(requests(library, 'POST', 'seller/shops/resource-group')).toHaveLength(1));
    expect(json(requests(library, 'POST', 'seller/shops/resource-group')[0])).toEqual({ group_name: '平板', group_type: 'IMAGE', parent_id: 1 });

    await user.click(within(groups).getByText('活动 (5)'));
    await user.click(within(groups).getByRole('button', { name: '删除分组' }));
    const confirm = await screen.findByText('确定要删除分组“活动”吗？');
    await user.click(within(confirm.closest('.ant-popover') as HTMLElement).getByRole('button', { name: /确\s*定/ }));
    expect(await screen.findByText('该分组下存在5个素材，不能删除')).toBeTruthy();
    expect(requests(library, 'DELETE', 'seller/shops/resource-group/3')).toHaveLength(1);
  });
});

describe('resource picker', { timeout: 30_000 }, () => {
  beforeEach(() => {
    signIn();
  });

  it('pages by 15 without a size choice and has no delete or group editing; the latest choice replaces at the limit', async () => {
    const user = userEvent.setup();
    const library = serveLibrary(Array.from({ length: 20 }, (_, i) => resource(i + 1)));
    renderPage(<LibraryHarness picker />);
    const dialog = await screen.findByRole('dialog');
    await within(dialog).findByText('素材1');
    expect(lastList(library).get('page_size')).toBe('15');
    expect(within(dialog).queryByRole('combobox')).toBeNull();
    expect(within(dialog).queryByRole('button', { name: /^删\s*除$/ })).toBeNull();
    expect(within(dialog).queryByRole('button', { name: '新建分组' })).toBeNull();
    await user.click(within(dialog).getByRole('button', { name: '素材4' }));
    await user.click(within(dialog).getByRole('button', { name: '素材5' }));
    await user.click(within(dialog).getByRole('button', { name: /确\s*定/ }));
    await waitFor(() => expect(screen.getByTestId('chosen').textContent).toBe('5'));
  });
});

describe('image picker', { timeout: 30_000 }, () => {
  beforeEach(() => {
    signIn();
  });

  function PickerHarness({ type }: { type?: 'admin' | 'seller' }) {
    const [open, setOpen] = useState(true);
    const [result, setResult] = useState<ImagePickerItem[]>([]);
    return (
      <>
        <button type="button" onClick={() => setOpen(true)}>
          open
        </button>
        <output data-testid="result">{JSON.stringify(result)}</output>
        <ImagePicker
          open={open}
          type={type}
          onClose={() => setOpen(false)}
          onConfirm={(items) => {
            setResult(items);
            setOpen(false);
          }}
        />
      </>
    );
  }

  const CATEGORY_CHILDREN: Record<string, CategoryChild[]> = {
    0: [{ category_id: 1, name: '数码', has_children: true }],
    1: [{ category_id: 11, name: '手机', has_children: false }],
  };
  const serveUploads = () => {
    let count = 0;
    return stubApi(
      fixture(uploadEndpoints.upload, ({ body }) => {
        count += 1;
        const file = (body as FormData).get('file') as File;
        if (file.name.startsWith('bad')) return { status: 400, data: { code: 'UPLOAD_CONTENT_MISMATCH', message: '文件内容与扩展名不符，请上传真实的PNG文件' } };
        return uploaded(`/files/picker/202611/p${count}.png`, file.name, { size: 100 });
      }),
      // the category tree of the CATEGORY action
      fixture(categoryEndpoints.children, ({ params }) => CATEGORY_CHILDREN[params.id] ?? []),
      fixture(categoryEndpoints.get, {
        category_id: 11,
        parent_id: 1,
        name: '手机',
        category_path: '0|1|11|',
        level: 2,
        sort: 0,
        image: '',
        is_show: 1,
        adv_image: '',
        adv_image_link: '',
        has_children: false,
      }),
    );
  };

  const fileInput = (dialog: HTMLElement) => dialog.querySelector<HTMLInputElement>('input[type=file]')!;
  const pick = (dialog: HTMLElement, count: number, prefix = 'p') =>
    act(() => {
      fireEvent.change(fileInput(dialog), { target: { files: Array.from({ length: count }, (_, i) => png(`${prefix}${i + 1}.png`)) } });
    });

  it('is 805px wide and uploads at most 10 files: more gives 文件数量超过限制！', async () => {
    const sent = serveUploads();
    renderPage(<PickerHarness />);
    const dialog = await screen.findByRole('dialog');
    expect(modalWidth(dialog)).toBe('805px');
    await pick(dialog, 11);
    expect(await screen.findByText('文件数量超过限制！')).toBeTruthy();
    expect(within(dialog).queryAllByTestId('picker-item')).toHaveLength(0);
    await pick(dialog, 8);
    await waitFor(() => expect(within(dialog).getAllByTestId('picker-item')).toHaveLength(8));
    await pick(dialog, 3, 'q');
    await waitFor(() => expect(sent.filter((r) => r.method === 'POST')).toHaveLength(8));
    expect(within(dialog).getAllByTestId('picker-item')).toHaveLength(8);
    await pick(dialog, 2, 'r');
    await waitFor(() => expect(within(dialog).getAllByTestId('picker-item')).toHaveLength(10));
    expect(within(dialog).getByText(/\(10\/10\)/)).toBeTruthy();
  });

  it('refuses a picture over the server\'s limit before sending it, in the server\'s words', async () => {
    const sent = stubApi(
      fixture(uploadEndpoints.limits, { image_max_mb: 1, video_max_mb: 100, stream_video_max_mb: 1024 }),
      fixture(uploadEndpoints.upload, uploaded('/files/picker/202611/p1.png', 'small.png', { size: 100 })),
    );
    renderPage(<PickerHarness />);
    const dialog = await screen.findByRole('dialog');
    const big = new File([new Uint8Array(1024 * 1024 + 1)], 'big.png', { type: 'image/png' });
    act(() => {
      fireEvent.change(fileInput(dialog), { target: { files: [big, png('small.png')] } });
    });
    expect(await within(dialog).findByText('图片大小不能超过1MB')).toBeTruthy();
    await within(dialog).findByText('点击动作：无操作');
    expect(sent.filter((request) => request.method === 'POST')).toHaveLength(1);
    // a refused file takes no place
    expect(within(dialog).getByText(/\(1\/10\)/)).toBeTruthy();
  });

  it('shows a refused file with the server\'s reason and does not count it against the limit', async () => {
    serveUploads();
    renderPage(<PickerHarness />);
    const dialog = await screen.findByRole('dialog');
    await pick(dialog, 1, 'bad');
    expect(await within(dialog).findByText('文件内容与扩展名不符，请上传真实的PNG文件')).toBeTruthy();
    await pick(dialog, 10);
    await waitFor(() => expect(within(dialog).getAllByText('点击动作：无操作')).toHaveLength(10));
    expect(within(dialog).getByText(/\(10\/10\)/)).toBeTruthy();
    expect(screen.queryByText('文件数量超过限制！')).toBeNull();
  });

  it('checks each action: a value unless none, a link starts with /, an id is a positive integer no larger than 9223372036854775807', async () => {
    const user = userEvent.setup();
    serveUploads();
    renderPage(<PickerHarness />);
    const dialog = await screen.findByRole('dialog');
    await pick(dialog, 1);
    await within(dialog).findByText('点击动作：无操作');
    await user.click(within(dialog).getByRole('button', { name: '编辑动作' }));
    const editor = within(dialog).getByTestId('action-editor');
    const chooseType = async (label: string) => {
      fireEvent.mouseDown(within(editor).getByRole('combobox'));
      await user.click((await screen.findAllByText(label)).at(-1)!);
    };
    const save = () => user.click(within(editor).getByRole('button', { name: /保\s*存/ }));
    const value = () => within(editor).getByLabelText('操作值');

    // the types and their names are the shared action fields' (text picker, floor tags)
    fireEvent.mouseDown(within(editor).getByRole('combobox'));
    await waitFor(() =>
      expect([...document.querySelectorAll('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option-content')].map((option) => option.textContent)).toEqual([
        '无操作',
        '链接地址',
        '关键字',
        '商品编号',
        '店铺编号',
        '商品分类',
      ]),
    );
    await user.click((await screen.findAllByText('链接地址')).at(-1)!);
    await user.type(value(), 'goods/1');
    await save();
    expect(await within(editor).findByText('链接值只能以 / 开头！')).toBeTruthy();

    await chooseType('商品编号');
    for (const [typed, message] of [
      ['abc', '请输入正整数'],
      ['0', '请输入正整数'],
      ['-5', '请输入正整数'],
      ['1.5', '请输入正整数'],
      ['9223372036854775808', 'id值超过上限'],
    ]) {
      await user.clear(value());
      await user.type(value(), typed);
      await save();
      expect(await within(editor).findByText(message), typed).toBeTruthy();
    }
    // the largest id passes; Enter in the value box saves
    await user.clear(value());
    await user.type(value(), '9223372036854775807{Enter}');
    expect(await within(dialog).findByText('点击动作：商品编号 9223372036854775807')).toBeTruthy();
    expect(within(dialog).queryByTestId('action-editor')).toBeNull();

    await user.click(within(dialog).getByRole('button', { name: '编辑动作' }));
    const again = within(dialog).getByTestId('action-editor');
    // the saved action is where the edit starts
    expect((within(again).getByLabelText('操作值') as HTMLInputElement).value).toBe('9223372036854775807');
    fireEvent.mouseDown(within(again).getAllByRole('combobox')[0]);
    await user.click((await screen.findAllByText('店铺编号')).at(-1)!);
    await user.click(within(again).getByRole('button', { name: /保\s*存/ }));
    expect(await within(again).findByText('请填写操作值！')).toBeTruthy();
    await user.type(within(again).getByLabelText('操作值'), '9999999999999999999');
    await user.click(within(again).getByRole('button', { name: /保\s*存/ }));
    expect(await within(again).findByText('id值超过上限')).toBeTruthy();
  });

  it('chooses the category of a CATEGORY action from the category tree and shows it by name', async () => {
    const user = userEvent.setup();
    serveUploads();
    renderPage(<PickerHarness />);
    const dialog = await screen.findByRole('dialog');
    await pick(dialog, 1);
    await user.click(await within(dialog).findByRole('button', { name: '编辑动作' }));
    const editor = within(dialog).getByTestId('action-editor');
    fireEvent.mouseDown(within(editor).getByRole('combobox'));
    await user.click((await screen.findAllByText('商品分类')).at(-1)!);
    // a category is chosen, never typed
    expect(within(editor).queryByLabelText('操作值')).toBeNull();
    await user.click(within(editor).getByRole('button', { name: /保\s*存/ }));
    expect(await within(editor).findByText('请填写操作值！')).toBeTruthy();

    fireEvent.mouseDown(editor.querySelector('.ant-cascader .ant-select-selector, .ant-cascader')!);
    await user.click(await screen.findByText('数码', { selector: '.ant-cascader-menu-item-content' }));
    await user.click(await screen.findByText('手机', { selector: '.ant-cascader-menu-item-content' }));
    await user.click(within(editor).getByRole('button', { name: /保\s*存/ }));
    expect(await within(dialog).findByText('点击动作：商品分类 手机')).toBeTruthy();

    await user.click(within(dialog).getByRole('button', { name: /确\s*定/ }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const [item] = JSON.parse(screen.getByTestId('result').textContent!) as ImagePickerItem[];
    expect(item.operation).toEqual({ opt_type: 'CATEGORY', opt_value: '11' });
  });

  it('saves or cancels an edit; confirm hands over {uid, blob, response, operation}; closing resets everything', async () => {
    const user = userEvent.setup();
    serveUploads();
    renderPage(<PickerHarness />);
    let dialog = await screen.findByRole('dialog');
    await pick(dialog, 2);
    await waitFor(() => expect(within(dialog).getAllByText('点击动作：无操作')).toHaveLength(2));
    const [first, second] = within(dialog).getAllByTestId('picker-item');

    await user.click(within(first).getByRole('button', { name: '编辑动作' }));
    fireEvent.mouseDown(within(first).getByRole('combobox'));
    await user.click((await screen.findAllByText('链接地址')).at(-1)!);
    await user.type(within(first).getByLabelText('操作值'), '/goods/12');
    // Only one picture is edited at a time, and the dialog cannot be confirmed meanwhile.
    expect(within(second).getByRole('button', { name: '编辑动作' })).toHaveProperty('disabled', true);
    expect(within(dialog).getByRole('button', { name: /确\s*定/ })).toHaveProperty('disabled', true);
    await user.click(within(first).getByRole('button', { name: /保\s*存/ }));
    expect(await within(first).findByText('点击动作：链接地址 /goods/12')).toBeTruthy();

    await user.click(within(second).getByRole('button', { name: '编辑动作' }));
    fireEvent.mouseDown(within(second).getByRole('combobox'));
    await user.click((await screen.findAllByText('关键字')).at(-1)!);
    await user.type(within(second).getByLabelText('操作值'), '手机');
    await user.click(within(second).getByRole('button', { name: /取\s*消/ }));
    expect(await within(second).findByText('点击动作：无操作')).toBeTruthy();

    await user.click(within(dialog).getByRole('button', { name: /确\s*定/ }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const result = JSON.parse(screen.getByTestId('result').textContent!) as ImagePickerItem[];
    expect(result).toHaveLength(2);
    expect(result[0]).toMatchObject({ blob: expect.stringMatching(/^blob:/), response: { url: '/files/picker/202611/p1.png', name: 'p1.png' }, operation: { opt_type: 'URL', opt_value: '/goods/12' } });
    expect(result[1].operation).toEqual({ opt_type: 'NONE', opt_value: '' });
    expect(result[0].uid).not.toBe(result[1].uid);

    await user.click(screen.getByRole('button', { name: 'open' }));
    dialog = await screen.findByRole('dialog');
    await pick(dialog, 1);
    await within(dialog).findByText('点击动作：无操作');
    await user.click(within(dialog).getByRole('button', { name: /取\s*消/ }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await user.click(screen.getByRole('button', { name: 'open' }));
    dialog = await screen.findByRole('dialog');
    expect(within(dialog).queryAllByTestId('picker-item')).toHaveLength(0);
    expect(within(dialog).getByText(/\(0\/10\)/)).toBeTruthy();
  });

  it('offers a seller no shop link', async () => {
    const user = userEvent.setup();
    serveUploads();
    renderPage(<PickerHarness type="seller" />);
    const dialog = await screen.findByRole('dialog');
    await pick(dialog, 1);
    await user.click(await within(dialog).findByRole('button', { name: '编辑动作' }));
    fireEvent.mouseDown(within(dialog).getByRole('combobox'));
    expect((await screen.findAllByText('商品编号')).length).toBeGreaterThan(0);
    expect(screen.queryByText('店铺编号')).toBeNull();
  });
});

describe('image upload field', { timeout: 30_000 }, () => {
  beforeEach(() => {
    signIn();
  });

  function FieldHarness() {
    return (
      <Form initialValues={{ logo: '' }}>
        <Form.Item name="logo" label="标志">
          <ImageUpload scene="brand" />
        </Form.Item>
        <Form.Item noStyle shouldUpdate>
          {(form) => <output data-testid="logo">{form.getFieldValue('logo')}</output>}
        </Form.Item>
      </Form>
    );
  }

  it('picks a picture from the library and keeps an upload in the library, ungrouped', async () => {
    const user = userEvent.setup();
    const library = serveLibrary(
      [resource(7, { resource_name: '品牌标志', resource_url: '/files/media/202611/logo.png' })],
      fixture(uploadEndpoints.upload, uploaded('/files/brand/202611/new.png', '新标志.png', { size: 10, width: 20, height: 20 })),
      fixture(mediaEndpoints.add, []),
    );
    const { container } = renderPage(<FieldHarness />);
    await user.click(screen.getByRole('button', { name: /从素材中心选择/ }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByRole('tab', { name: '视频' }).getAttribute('aria-disabled')).toBe('true');
    await user.click(await within(dialog).findByRole('button', { name: '品牌标志' }));
    await user.click(within(dialog).getByRole('button', { name: /确\s*定/ }));
    await waitFor(() => expect(screen.getByTestId('logo').textContent).toBe('/files/media/202611/logo.png'));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    fireEvent.change(container.querySelector<HTMLInputElement>('input[type=file]')!, { target: { files: [png('新标志.png')] } });
    await waitFor(() => expect(screen.getByTestId('logo').textContent).toBe('/files/brand/202611/new.png'));
    await waitFor(() => expect(requests(library, 'POST', 'seller/shops/resource/batch')).toHaveLength(1));
    expect(json(requests(library, 'POST', 'seller/shops/resource/batch')[0])).toEqual([{ resource_name: '新标志', resource_url: '/files/brand/202611/new.png', group_id: 0 }]);
  });
});
