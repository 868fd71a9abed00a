import { useEffect, useState } from 'react';
import { Button, Flex, Input, Popover, Tooltip } from 'antd';
import {
  BoldOutlined,
  ItalicOutlined,
  LinkOutlined,
  OrderedListOutlined,
  PictureOutlined,
  StrikethroughOutlined,
  UnderlineOutlined,
  UnorderedListOutlined,
  UndoOutlined,
  RedoOutlined,
} from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { Node, mergeAttributes } from '@tiptap/core';
import { EditorContent, useEditor, useEditorState, type Editor } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import { ImagePicker } from './media/ImagePicker';

/** A picture of the text (starter-kit has none): a block `<img>` with its source and alternative text. */
const Picture = Node.create({
  name: 'image',
  group: 'block',
  atom: true,
  draggable: true,
  addAttributes: () => ({ src: { default: null }, alt: { default: null }, title: { default: null } }),
  parseHTML: () => [{ tag: 'img[src]' }],
  renderHTML: ({ HTMLAttributes }) => ['img', mergeAttributes(HTMLAttributes, { style: 'max-width:100%' })],
});

function LinkButton({ editor }: { editor: Editor }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const [href, setHref] = useState('');
  const apply = () => {
    const url = href.trim();
    const chain = editor.chain().focus().extendMarkRange('link');
    if (url === '') chain.unsetLink().run();
    else chain.setLink({ href: url, target: '_blank' }).run();
    setOpen(false);
  };
  return (
    <Popover
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        if (next) setHref((editor.getAttributes('link').href as string | undefined) ?? 'https://');
      }}
      trigger="click"
      content={
        <Flex gap={8}>
          <Input value={href} onChange={(event) => setHref(event.target.value)} onPressEnter={apply} style={{ width: 260 }} aria-label={t('richText.linkUrl')} />
          <Button type="primary" onClick={apply}>
            {t('common.actions.confirm')}
          </Button>
        </Flex>
      }
    >
      <Tooltip title={t('richText.link')}>
        <Button size="small" type={editor.isActive('link') ? 'primary' : 'text'} icon={<LinkOutlined />} aria-label={t('richText.link')} />
      </Tooltip>
    </Popover>
  );
}

/**
 * A rich-text field (tiptap): headings, emphasis, lists, quotes, links and pictures from the media
 * library. What it writes is HTML; the server keeps only the safe part of it (platform/rich-text.ts).
 */
export function RichTextEditor({ value, onChange, minHeight = 320 }: { value?: string; onChange?(html: string): void; minHeight?: number }) {
  const { t } = useTranslation();
  const [picking, setPicking] = useState(false);
  const editor = useEditor({
    extensions: [StarterKit.configure({ link: { openOnClick: false } }), Picture],
    content: value ?? '',
    onUpdate: ({ editor: changed }) => onChange?.(changed.isEmpty ? '' : changed.getHTML()),
  });
  // The form may set the value after mount (an article read from the server). The editor this render
  // saw may be destroyed by now: tiptap destroys an instance whose component has not mounted within a
  // millisecond of its creation (a loaded machine) and hands a new one on the next render.
  useEffect(() => {
    if (editor && !editor.isDestroyed && value !== undefined && value !== editor.getHTML() && !(value === '' && editor.isEmpty)) editor.commands.setContent(value, { emitUpdate: false });
  }, [editor, value]);
  // The selector reads the editor of this render, not the one in tiptap's snapshot: that snapshot
  // changes only on a transaction, so after tiptap swapped a destroyed editor for a new one it still
  // holds the destroyed one (and the new one, not drawn yet, makes no transaction to refresh it).
  const current = editor;
  const active = useEditorState({
    editor,
    selector: () =>
      current && !current.isDestroyed
        ? {
            bold: current.isActive('bold'),
            italic: current.isActive('italic'),
            underline: current.isActive('underline'),
            strike: current.isActive('strike'),
            h2: current.isActive('heading', { level: 2 }),
            h3: current.isActive('heading', { level: 3 }),
            bullet: current.isActive('bulletList'),
            ordered: current.isActive('orderedList'),
            quote: current.isActive('blockquote'),
          }
        : null,
  });
  if (!editor || editor.isDestroyed || !active) return null;
  const tool = (key: string, on: boolean, icon: React.ReactNode, run: () => void) => (
    <Tooltip key={key} title={t(`richText.${key}`)}>
      <Button size="small" type={on ? 'primary' : 'text'} icon={icon} aria-label={t(`richText.${key}`)} aria-pressed={on} onClick={run} />
    </Tooltip>
  );
  const text = (key: string, on: boolean, label: string, run: () => void) => (
    <Tooltip key={key} title={t(`richText.${key}`)}>
      <Button size="small" type={on ? 'primary' : 'text'} aria-label={t(`richText.${key}`)} aria-pressed={on} onClick={run}>
        {label}
      </Button>
    </Tooltip>
  );
  const chain = () => editor.chain().focus();
  return (
    <div className="rich-text-editor" style={{ border: '1px solid var(--ant-color-border, #d9d9d9)', borderRadius: 6 }}>
      <Flex wrap gap={2} style={{ padding: 4, borderBottom: '1px solid var(--ant-color-border-secondary, #f0f0f0)' }} role="toolbar" aria-label={t('richText.toolbar')}>
        {text('h2', active.h2, 'H2', () => chain().toggleHeading({ level: 2 }).run())}
        {text('h3', active.h3, 'H3', () => chain().toggleHeading({ level: 3 }).run())}
        {tool('bold', active.bold, <BoldOutlined />, () => chain().toggleBold().run())}
        {tool('italic', active.italic, <ItalicOutlined />, () => chain().toggleItalic().run())}
        {tool('underline', active.underline, <UnderlineOutlined />, () => chain().toggleUnderline().run())}
        {tool('strike', active.strike, <StrikethroughOutlined />, () => chain().toggleStrike().run())}
        {tool('bulletList', active.bullet, <UnorderedListOutlined />, () => chain().toggleBulletList().run())}
        {tool('orderedList', active.ordered, <OrderedListOutlined />, () => chain().toggleOrderedList().run())}
        {text('quote', active.quote, '❝', () => chain().toggleBlockquote().run())}
        <LinkButton editor={editor} />
        {tool('image', false, <PictureOutlined />, () => setPicking(true))}
        {tool('undo', false, <UndoOutlined />, () => chain().undo().run())}
        {tool('redo', false, <RedoOutlined />, () => chain().redo().run())}
      </Flex>
      <EditorContent editor={editor} style={{ minHeight, padding: '4px 12px', overflowY: 'auto' }} />
      <ImagePicker
        open={picking}
        limit={9}
        onClose={() => setPicking(false)}
        onConfirm={(items) => {
          for (const item of items) chain().insertContent({ type: 'image', attrs: { src: item.response.url, alt: item.response.name } }).run();
          setPicking(false);
        }}
      />
    </div>
  );
}
