import { render } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { Editor } from '@tiptap/core';
import StarterKit from '@tiptap/starter-kit';

/**
 * tiptap destroys an editor whose component has not mounted within 1 ms of its creation (a loaded
 * machine: the first commit is slow) and hands a new one on the next render; the effects of the
 * first render still hold the destroyed one, whose schema is gone (`getHTML()` throws "reading
 * 'cached'"). That happened in CI on the article page; here `useEditor` hands the destroyed one.
 */
const destroyed = new Editor({ extensions: [StarterKit], content: '<p>旧的正文</p>' });
destroyed.destroy();
vi.mock('@tiptap/react', async (original) => ({ ...(await original<typeof import('@tiptap/react')>()), useEditor: () => destroyed }));

describe('RichTextEditor', () => {
  it('neither reads nor draws an editor tiptap has destroyed: it waits for the next one', async () => {
    const { RichTextEditor } = await import('./RichTextEditor');
    const { container } = render(<RichTextEditor value="<p>新的正文</p>" />);
    expect(container.querySelector('[role="toolbar"]')).toBeNull();
  });
});
