import { render } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { Editor } from '@tiptap/core';
import StarterKit from '@tiptap/starter-kit';

/**
 * tiptap destroys an editor whose component has not mounted within 1 ms of its creation (a loaded
 * machine: the first commit is slow) and hands a new one on the next render; the effects of the
 * first render still hold the destroyed one, whose schema is gone (`getHTML()` throws "reading
 * 'cached'"). That happened in CI on the article page; here `useEditor` hands the destroyed one
 * first and a live one on the next render, as tiptap does.
 */
const destroyed = new Editor({ extensions: [StarterKit], content: '<p>旧的正文</p>' });
destroyed.destroy();
let handed: Editor = destroyed;
vi.mock('@tiptap/react', async (original) => ({ ...(await original<typeof import('@tiptap/react')>()), useEditor: () => handed }));

describe('RichTextEditor', () => {
  it('neither reads nor draws an editor tiptap has destroyed, and draws the one it hands next', async () => {
    const { RichTextEditor } = await import('./RichTextEditor');
    // A new article: the form has no value for the field, so nothing is set on the editor.
    const { container, rerender } = render(<RichTextEditor />);
    expect(container.querySelector('[role="toolbar"]')).toBeNull();
    // The next editor: tiptap's state snapshot changes only on a transaction, and this one has made
    // none yet, so the toolbar must not wait for one.
    handed = new Editor({ extensions: [StarterKit], content: '' });
    rerender(<RichTextEditor />);
    expect(container.querySelector('[role="toolbar"]')).not.toBeNull();
  });
});
