import { useState } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { stubNetwork } from '@/test/network';
import { renderPage, signIn } from '@/test/pageHarness';
import { TextPicker } from './TextPicker';

type User = ReturnType<typeof userEvent.setup>;

const dialog = () => screen.getByRole('dialog');
const confirm = (user: User) => user.click(within(dialog()).getByRole('button', { name: /确\s*定/ }));
const fieldError = (text: string) => within(dialog()).findByText(text, { selector: '.ant-form-item-explain-error' });

async function chooseType(user: User, label: string) {
  fireEvent.mouseDown(within(dialog()).getByRole('combobox'));
  await user.click((await screen.findAllByText(label, { selector: '.ant-select-item-option-content' })).at(-1)!);
}

describe('TextPicker', { timeout: 20_000 }, () => {
  beforeEach(() => {
    signIn();
    stubNetwork((request) => (request.url.startsWith('admin/goods/categories/') ? { data: [{ category_id: 5, name: '手机', has_children: false }] } : { status: 404, data: {} }));
  });

  it('is 500px wide and needs a text of 1–100 characters (请输入文本内容！)', async () => {
    const user = userEvent.setup({ pointerEventsCheck: 0 });
    const onConfirm = vi.fn();
    renderPage(<TextPicker open onConfirm={onConfirm} onCancel={() => undefined} />);
    expect(document.querySelector<HTMLElement>('.ant-modal')!.style.width).toBe('500px');

    await confirm(user);
    expect(await fieldError('请输入文本内容！')).toBeTruthy();

    const text = within(dialog()).getByPlaceholderText('请输入文本内容，1-100个字');
    fireEvent.change(text, { target: { value: '字'.repeat(101) } });
    await confirm(user);
    expect(await fieldError('请输入文本内容！')).toBeTruthy();
    expect(onConfirm).not.toHaveBeenCalled();

    fireEvent.change(text, { target: { value: '字'.repeat(100) } });
    await confirm(user);
    await waitFor(() => expect(onConfirm).toHaveBeenCalledWith({ text: '字'.repeat(100), opt_type: 'NONE', opt_value: '' }));
  });

  it('offers the six action types; a value is required unless NONE, links start with /, numbers are positive integers up to the maximum id', async () => {
    const user = userEvent.setup({ pointerEventsCheck: 0 });
    const onConfirm = vi.fn();
    renderPage(<TextPicker open value={{ text: '新品上市' }} onConfirm={onConfirm} onCancel={() => undefined} />);

    fireEvent.mouseDown(within(dialog()).getByRole('combobox'));
    const labels = (await screen.findAllByText(/./, { selector: '.ant-select-item-option-content' })).map((option) => option.textContent);
    expect(labels).toEqual(['无操作', '链接地址', '关键字', '商品编号', '店铺编号', '商品分类']);
    expect(within(dialog()).queryByLabelText('操作值')).toBeNull();
    await user.click((await screen.findAllByText('关键字', { selector: '.ant-select-item-option-content' })).at(-1)!);
    await confirm(user);
    expect(await fieldError('请填写操作值！')).toBeTruthy();

    await chooseType(user, '链接地址');
    await user.type(within(dialog()).getByLabelText('操作值'), 'goods/1');
    await confirm(user);
    expect(await fieldError('链接值只能以 / 开头！')).toBeTruthy();

    await chooseType(user, '商品编号');
    const value = () => within(dialog()).getByLabelText('操作值');
    for (const [typed, message] of [
      ['abc', '请输入正整数'],
      ['0', '请输入正整数'],
      ['9223372036854775808', 'id值超过上限'],
    ]) {
      await user.clear(value());
      await user.type(value(), typed);
      await confirm(user);
      expect(await fieldError(message), typed).toBeTruthy();
    }
    expect(onConfirm).not.toHaveBeenCalled();

    await user.clear(value());
    await user.type(value(), '9223372036854775807');
    await confirm(user);
    await waitFor(() => expect(onConfirm).toHaveBeenCalledWith({ text: '新品上市', opt_type: 'GOODS', opt_value: '9223372036854775807' }));
  });

  it('reopens with the value handed in, not what was typed before a cancel', async () => {
    const user = userEvent.setup({ pointerEventsCheck: 0 });
    function Harness() {
      const [open, setOpen] = useState(false);
      return (
        <>
          <button onClick={() => setOpen(true)}>edit text</button>
          <TextPicker open={open} value={{ text: '原文', opt_type: 'URL', opt_value: '/a' }} onConfirm={() => setOpen(false)} onCancel={() => setOpen(false)} />
        </>
      );
    }
    renderPage(<Harness />);
    await user.click(screen.getByRole('button', { name: 'edit text' }));
    const text = () => within(dialog()).getByPlaceholderText('请输入文本内容，1-100个字') as HTMLTextAreaElement;
    expect(text().value).toBe('原文');
    expect((within(dialog()).getByLabelText('操作值') as HTMLInputElement).value).toBe('/a');
    await user.type(text(), '改过');
    await user.click(within(dialog()).getByRole('button', { name: /取\s*消/ }));
    await user.click(screen.getByRole('button', { name: 'edit text' }));
    await waitFor(() => expect(text().value).toBe('原文'));
  });
});
