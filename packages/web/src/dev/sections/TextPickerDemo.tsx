import { useState } from 'react';
import { Button } from 'antd';
import type { TextPickerResult } from '@agora/contract';
import { TextPicker } from '@/components/TextPicker';
import { DemoResult } from '../DemoResult';

export default function TextPickerDemo() {
  const [open, setOpen] = useState(false);
  const [result, setResult] = useState<TextPickerResult>();
  return (
    <>
      <Button type="primary" onClick={() => setOpen(true)}>
        Open the text picker
      </Button>
      <TextPicker
        open={open}
        value={result}
        onCancel={() => setOpen(false)}
        onConfirm={(next) => {
          setOpen(false);
          setResult(next);
        }}
      />
      <DemoResult value={result} />
    </>
  );
}
