import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { FloorTag } from '@agora/contract';
import { stubNetwork } from '@/test/network';
import { renderPage, signIn } from '@/test/pageHarness';
import { FloorTagsEditor } from './FloorTagsEditor';
import { FloorTitleEditor } from './FloorTitleEditor';

type User = ReturnType<typeof userEvent.setup>;

const dialog = () => screen.getAllByRole('dialog')[0];
const confirm = (user: User) => user.click(within(dialog()).getByRole('button', { name: /确\s*定/ }));
const fieldErrors = () => [...dialog().querySelectorAll('.ant-form-item-explain-error')].map((element) => element.textContent);
const tag = (text: string, opt: FloorTag['block_opt'] = { opt_type: 'NONE', opt_value: '' }): FloorTag => ({ block_type: 'TEXT', block_value: text, block_opt: opt });
const tagRows = () => within(dialog()).queryAllByTestId('floor-tag');

describe('FloorTagsEditor', { timeout: 20_000 }, () => {
  beforeEach(() => {
    signIn();
    stubNetwork(() => ({ data: [] }));
  });

  it('needs a tag text of at most 5 characters (请输入标签文本！) and an action value unless NONE; an invalid form says 表单填写有误，请核对！', async () => {
    const user = userEvent.setup({ pointerEventsCheck: 0 });
    const onConfirm = vi.fn();
    renderPage(<FloorTagsEditor open value={[tag(''), tag('新品', { opt_type: 'KEYWORD', opt_value: '' })]} onConfirm={onConfirm} onCancel={() => undefined} />);

    expect(within(tagRows()[0]).getByPlaceholderText('5个字以内')).toBeTruthy();
    await confirm(user);
    expect(await screen.findByText('表单填写有误，请核对！')).toBeTruthy();
    await waitFor(() => expect(fieldErrors()).toEqual(['请输入标签文本！', '请填写操作值！']));

    const first = within(tagRows()[0]).getByLabelText<HTMLInputElement>('标签文本');
    await user.type(first, '六个字的标签');
    expect(first.value).toBe('六个字的标');

    await user.clear(first);
    await user.type(first, '热卖');
    await user.type(within(tagRows()[1]).getByLabelText('操作值'), '新品');
    await confirm(user);
    await waitFor(() => expect(onConfirm).toHaveBeenCalledWith([tag('热卖'), tag('新品', { opt_type: 'KEYWORD', opt_value: '新品' })]));
  });

  it('holds at most 10 tags: adding an 11th says 超过最大个数！', async () => {
    const user = userEvent.setup();
    renderPage(<FloorTagsEditor open value={Array.from({ length: 9 }, (_, i) => tag(`标签${i}`))} onConfirm={() => undefined} onCancel={() => undefined} />);
    await user.click(within(dialog()).getByRole('button', { name: /添加标签/ }));
    expect(tagRows()).toHaveLength(10);
    expect(within(dialog()).getByText('10/10个标签')).toBeTruthy();
    await user.click(within(dialog()).getByRole('button', { name: /添加标签/ }));
    expect(await screen.findByText('超过最大个数！')).toBeTruthy();
    expect(tagRows()).toHaveLength(10);
  });

  it('asks 确定要删除这个标签？ before deleting a tag', async () => {
    const user = userEvent.setup();
    const onConfirm = vi.fn();
    renderPage(<FloorTagsEditor open value={[tag('甲'), tag('乙')]} onConfirm={onConfirm} onCancel={() => undefined} />);
    await user.click(within(tagRows()[0]).getByRole('button', { name: '删除' }));
    const question = (await screen.findAllByText('确定要删除这个标签？')).at(-1)!;
    const confirmDialog = question.closest('.ant-modal-confirm') as HTMLElement;
    await user.click(within(confirmDialog).getByRole('button', { name: /取\s*消/ }));
    expect(tagRows()).toHaveLength(2);

    await user.click(within(tagRows()[0]).getByRole('button', { name: '删除' }));
    const again = (await screen.findAllByText('确定要删除这个标签？')).at(-1)!.closest('.ant-modal-confirm') as HTMLElement;
    await user.click(within(again).getByRole('button', { name: /确\s*定/ }));
    await waitFor(() => expect(tagRows()).toHaveLength(1));
    await confirm(user);
    await waitFor(() => expect(onConfirm).toHaveBeenCalledWith([tag('乙')]));
  });
});

describe('FloorTitleEditor', { timeout: 20_000 }, () => {
  beforeEach(() => {
    signIn();
  });

  it('requires the text and both colours, with the spec messages', async () => {
    const user = userEvent.setup();
    renderPage(<FloorTitleEditor open onConfirm={() => undefined} onCancel={() => undefined} />);
    await confirm(user);
    expect(await screen.findByText('表单填写有误，请核对！')).toBeTruthy();
    await waitFor(() => expect(fieldErrors()).toEqual(['请输入楼层标题文字！', '请选择或输入标题栏背景色！', '请选择或输入背景过渡色！']));
  });

  it('takes a 2–4 character title and hex colours of 3 to 6 digits', async () => {
    const user = userEvent.setup();
    const onConfirm = vi.fn();
    renderPage(<FloorTitleEditor open value={{ text: '好', start_color: '#fff', end_color: 'ff6600' }} onConfirm={onConfirm} onCancel={() => undefined} />);
    await confirm(user);
    // too short says the length rule, not 请输入… as if it were empty
    await waitFor(() => expect(fieldErrors()).toEqual(['楼层标题须为2-4个字！', '请输入正确的十六进制颜色！']));

    const text = within(dialog()).getByPlaceholderText<HTMLInputElement>('请输入标题文字，长度2-4');
    const end = within(dialog()).getByLabelText('背景过渡色');
    await user.clear(text);
    await user.type(text, '五个字标题');
    expect(text.value).toBe('五个字标');
    fireEvent.change(end, { target: { value: '#ff66001' } });
    await confirm(user);
    await waitFor(() => expect(fieldErrors()).toEqual(['请输入正确的十六进制颜色！']));
    fireEvent.change(text, { target: { value: '新品推荐' } });
    fireEvent.change(end, { target: { value: '#ggg' } });
    await confirm(user);
    await waitFor(() => expect(fieldErrors()).toEqual(['请输入正确的十六进制颜色！']));
    expect(onConfirm).not.toHaveBeenCalled();

    fireEvent.change(end, { target: { value: '#FF6600' } });
    await confirm(user);
    await waitFor(() => expect(onConfirm).toHaveBeenCalledWith({ text: '新品推荐', start_color: '#fff', end_color: '#FF6600' }));
    expect(screen.getByTestId('floor-title-preview').style.backgroundImage).toBe('linear-gradient(90deg, rgb(255, 255, 255), rgb(255, 102, 0))');
  });
});
