import { useState } from 'react';
import { Button, InputNumber, Radio, Space } from 'antd';
import type { GoodsPickerRow } from '@agora/contract';
import { GoodsPicker } from '@/components/pickers/GoodsPicker';
import { ShopSelect } from '@/components/ShopSelect';
import { DemoResult } from '../DemoResult';

export default function GoodsPickerDemo() {
  const [open, setOpen] = useState(false);
  const [mode, setMode] = useState<'admin' | 'seller'>('admin');
  const [shopId, setShopId] = useState<number>();
  const [limit, setLimit] = useState(5);
  const [rows, setRows] = useState<GoodsPickerRow[]>([]);
  return (
    <>
      <Space wrap>
        <Radio.Group optionType="button" value={mode} onChange={(event) => setMode(event.target.value as 'admin' | 'seller')} options={[{ value: 'admin', label: 'admin' }, { value: 'seller', label: 'seller' }]} />
        {mode === 'seller' && <ShopSelect value={shopId} onChange={setShopId} placeholder="seller's shop" style={{ width: 200 }} />}
        <span>limit</span>
        <InputNumber value={limit} onChange={(value) => setLimit(value ?? 0)} style={{ width: 80 }} />
        <Button type="primary" onClick={() => setOpen(true)} disabled={mode === 'seller' && shopId === undefined}>
          Open the goods picker
        </Button>
      </Space>
      <GoodsPicker
        open={open}
        mode={mode}
        shopId={shopId}
        limit={limit}
        value={rows}
        onCancel={() => setOpen(false)}
        onConfirm={(chosen) => {
          setOpen(false);
          setRows(chosen);
        }}
      />
      <DemoResult value={rows.map(({ goods_id, sku_id, goods_name, properties_name, price }) => ({ goods_id, sku_id, goods_name, properties_name, price }))} />
    </>
  );
}
