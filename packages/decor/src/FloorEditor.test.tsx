import { describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { decorEndpoints, type FocusPicture } from '@agora/contract';
import { fixture, stubApi } from '@/test/api';
import { renderPage, signIn } from '@/test/pageHarness';
import { FocusPictureDialog } from './FloorEditor';

const PICTURE: FocusPicture = { id: 7, client_type: 'PC', pic_url: '/files/focus/old.png', operation_type: 'KEYWORD', operation_param: '手机', operation_url: '/goods?keyword=手机' };

type Refusal = { status: number; data: { code: string; message: string } };

function open(picture: FocusPicture, answer: (body: unknown) => FocusPicture | Refusal = (body) => ({ ...picture, ...(body as object) })) {
  signIn();
  const sent = stubApi(fixture(decorEndpoints.focusUpdate, ({ body }) => answer(body)));
  const onSaved = vi.fn();
  const onClose = vi.fn();
  renderPage(<FocusPictureDialog picture={picture} onSaved={onSaved} onClose={onClose} />);
  return { sent, onSaved, onClose };
}

const dialog = () => screen.getByRole('dialog');
const save = () => fireEvent.click(within(dialog()).getByRole('button', { name: /保\s?存/ }));

// The first render loads antd's modal, form and select: slow on a loaded machine.
describe('FocusPictureDialog', { timeout: 20_000 }, () => {
  it('shows the picture and its action, and saves a changed action to the picture it edits', async () => {
    const { sent, onSaved, onClose } = open(PICTURE);
    expect(dialog().querySelector('[data-testid=focus-picture] img, img[data-testid=focus-picture]')?.getAttribute('src')).toBe('/files/focus/old.png');
    const value = within(dialog()).getByRole('textbox', { name: '操作值' }) as HTMLInputElement;
    expect(value.value).toBe('手机');
    fireEvent.change(value, { target: { value: '耳机' } });
    save();
    await waitFor(() => expect(onSaved).toHaveBeenCalled());
    expect(onClose).toHaveBeenCalled();
    const put = sent.find((request) => request.method === 'PUT')!;
    expect(put.url).toBe('admin/focus-pictures/7');
    expect(JSON.parse(put.body as string)).toEqual({ client_type: 'PC', pic_url: '/files/focus/old.png', operation_type: 'KEYWORD', operation_param: '耳机' });
  });

  it('keeps a micro-page action it cannot show unless another is chosen', async () => {
    const { sent, onSaved } = open({ ...PICTURE, operation_type: 'TOPIC', operation_param: '12', operation_url: '/topic/12' });
    expect(within(dialog()).getByText(/微页面（12）/)).toBeTruthy();
    save();
    await waitFor(() => expect(onSaved).toHaveBeenCalled());
    expect(JSON.parse(sent.find((request) => request.method === 'PUT')!.body as string)).toMatchObject({ operation_type: 'TOPIC', operation_param: '12' });
  });

  it('stays open and saves nothing when the server refuses', async () => {
    const { onSaved, onClose } = open(PICTURE, () => ({ status: 400, data: { code: 'VALIDATION', message: '操作参数最多200个字符' } }));
    save();
    await screen.findByText('操作参数最多200个字符');
    expect(onSaved).not.toHaveBeenCalled();
    expect(onClose).not.toHaveBeenCalled();
  });
});
