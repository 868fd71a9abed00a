import { useState } from 'react';
import { Button, Space } from 'antd';
import type { PriceRange } from '@agora/contract';
import { PriceRangePicker } from '@/components/PriceRangePicker';
import { DemoResult } from '../DemoResult';

const MALFORMED: PriceRange[] = [[0, 100], [50, 40]];

export default function PriceRangeDemo() {
  const [open, setOpen] = useState<'own' | 'malformed' | null>(null);
  const [ranges, setRanges] = useState<PriceRange[]>([[0, 100], [100, 500]]);
  return (
    <>
      <Space>
        <Button type="primary" onClick={() => setOpen('own')}>
          设置价格区间
        </Button>
        <Button onClick={() => setOpen('malformed')}>Open with malformed defaults</Button>
      </Space>
      <PriceRangePicker
        open={open !== null}
        value={open === 'malformed' ? MALFORMED : ranges}
        onCancel={() => setOpen(null)}
        onConfirm={(next) => {
          setOpen(null);
          setRanges(next);
        }}
      />
      <DemoResult value={ranges} />
    </>
  );
}
