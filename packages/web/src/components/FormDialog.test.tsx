import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Form, Input } from 'antd';
import { MSG } from '@agora/contract';
import { renderPage, signIn } from '@/test/pageHarness';
import { FormDialog, saveWith } from './FormDialog';
import { RowActions } from './list/RowActions';

interface NameForm {
  name: string;
}

/** A dialog as an area wires it: create when nothing is edited, update the edited record otherwise. */
function NameDialog({ editedId, create, update }: { editedId?: number; create: (vars: unknown) => void; update: (vars: unknown) => void }) {
  const [open, setOpen] = useState(true);
  const [form] = Form.useForm<NameForm>();
  const mutation = (fn: (vars: unknown) => void) => ({ isPending: false, mutate: (vars: unknown, options: { onSuccess(): void }) => (fn(vars), options.onSuccess()) });
  const { save } = saveWith<NameForm, number>(mutation(create), mutation(update));
  if (!open) return <p>closed</p>;
  return (
    <FormDialog<NameForm> title="Edit name" form={form} initialValues={{ name: editedId ? 'old' : '' }} onClose={() => setOpen(false)} onFinish={(body) => save(editedId, body, () => setOpen(false))}>
      <Form.Item name="name" label="Name" rules={[{ required: true, message: 'name please' }]}>
        <Input />
      </Form.Item>
    </FormDialog>
  );
}

describe('FormDialog', { timeout: 30_000 }, () => {
  it('refuses a wrong field with the field message and 表单填写有误，请核对！, sending nothing', async () => {
    signIn();
    const create = vi.fn();
    const update = vi.fn();
    const user = userEvent.setup();
    renderPage(<NameDialog create={create} update={update} />);
    await user.click(await screen.findByRole('button', { name: /save|保\s*存/i }));
    expect(await screen.findByText('name please')).toBeTruthy();
    expect(await screen.findByText(MSG.formInvalid)).toBeTruthy();
    expect(create).not.toHaveBeenCalled();
    expect(screen.queryByText('closed')).toBeNull();
  });

  it('creates when nothing is edited and updates the edited record, closing once saved', async () => {
    signIn();
    const create = vi.fn();
    const update = vi.fn();
    const user = userEvent.setup();
    const { unmount } = renderPage(<NameDialog create={create} update={update} />);
    await user.type(await screen.findByLabelText('Name'), 'Anna');
    await user.click(screen.getByRole('button', { name: /save|保\s*存/i }));
    await waitFor(() => expect(create).toHaveBeenCalledWith({ body: { name: 'Anna' } }));
    expect(await screen.findByText('closed')).toBeTruthy();
    unmount();

    renderPage(<NameDialog editedId={7} create={create} update={update} />);
    await user.clear(await screen.findByLabelText('Name'));
    await user.type(screen.getByLabelText('Name'), 'Bea');
    await user.click(screen.getByRole('button', { name: /save|保\s*存/i }));
    await waitFor(() => expect(update).toHaveBeenCalledWith({ params: { id: 7 }, body: { name: 'Bea' } }));
    expect(create).toHaveBeenCalledTimes(1);
  });
});

describe('RowActions', { timeout: 30_000 }, () => {
  it('leaves out what the row does not offer, asks before a confirmed action and greys out a refused one', async () => {
    signIn();
    const edit = vi.fn();
    const remove = vi.fn();
    const archive = vi.fn();
    const user = userEvent.setup();
    renderPage(
      <RowActions
        actions={[
          { label: 'Edit', onClick: edit },
          false && { label: 'Hidden', onClick: edit },
          { label: 'Delete', danger: true, confirm: 'Delete it?', onClick: remove },
          { label: 'Archive', disabledReason: 'in use', onClick: archive },
        ]}
      />,
    );
    expect(screen.queryByText('Hidden')).toBeNull();
    await user.click(await screen.findByRole('button', { name: 'Edit' }));
    expect(edit).toHaveBeenCalledTimes(1);
    await user.click(screen.getByRole('button', { name: 'Delete' }));
    expect(remove).not.toHaveBeenCalled();
    expect(await screen.findByText('Delete it?')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: /OK|确\s*定/ }));
    await waitFor(() => expect(remove).toHaveBeenCalledTimes(1));
    expect((screen.getByRole('button', { name: 'Archive' }) as HTMLButtonElement).disabled).toBe(true);
  });
});
