import { useState } from 'react';
import { Button, Space } from 'antd';
import type { FloorTag, FloorTitle } from '@agora/contract';
import { FloorTagsEditor } from '@/components/FloorTagsEditor';
import { FloorTitleEditor } from '@/components/FloorTitleEditor';
import { DemoResult } from '../DemoResult';

export default function FloorEditorsDemo() {
  const [open, setOpen] = useState<'tags' | 'title' | null>(null);
  const [tags, setTags] = useState<FloorTag[]>([{ block_type: 'TEXT', block_value: '新品', block_opt: { opt_type: 'KEYWORD', opt_value: '新品' } }]);
  const [title, setTitle] = useState<FloorTitle>({ text: '猜你喜欢', start_color: '#ff5000', end_color: '#ff9000' });
  return (
    <>
      <Space>
        <Button type="primary" onClick={() => setOpen('tags')}>
          Edit floor tags
        </Button>
        <Button type="primary" onClick={() => setOpen('title')}>
          Edit floor title
        </Button>
      </Space>
      <FloorTagsEditor
        open={open === 'tags'}
        value={tags}
        onCancel={() => setOpen(null)}
        onConfirm={(next) => {
          setOpen(null);
          setTags(next);
        }}
      />
      <FloorTitleEditor
        open={open === 'title'}
        value={title}
        onCancel={() => setOpen(null)}
        onConfirm={(next) => {
          setOpen(null);
          setTitle(next);
        }}
      />
      <div style={{ marginTop: 12, padding: '6px 12px', color: '#fff', fontWeight: 600, backgroundImage: `linear-gradient(90deg, ${title.start_color}, ${title.end_color})` }}>{title.text}</div>
      <DemoResult value={{ tags, title }} />
    </>
  );
}
