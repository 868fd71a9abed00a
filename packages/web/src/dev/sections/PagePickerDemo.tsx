import { useState } from 'react';
import { Button, InputNumber, Segmented, Space } from 'antd';
import type { PageClientType, PageRow } from '@agora/contract';
import { PagePicker } from '@/components/pickers/PagePicker';
import { DemoResult } from '../DemoResult';

export default function PagePickerDemo() {
  const [open, setOpen] = useState(false);
  const [clientType, setClientType] = useState<PageClientType>('PC');
  const [limit, setLimit] = useState(-1);
  const [rows, setRows] = useState<PageRow[]>([]);
  return (
    <>
      <Space wrap>
        <Segmented<PageClientType> options={['PC', 'MOBILE']} value={clientType} onChange={(value) => { setClientType(value); setRows([]); }} />
        <span>limit</span>
        <InputNumber value={limit} onChange={(value) => setLimit(value ?? -1)} style={{ width: 80 }} />
        <Button type="primary" onClick={() => setOpen(true)}>
          Open the page picker
        </Button>
      </Space>
      <PagePicker
        open={open}
        clientType={clientType}
        limit={limit}
        value={rows}
        onCancel={() => setOpen(false)}
        onConfirm={(chosen) => {
          setOpen(false);
          setRows(chosen);
        }}
      />
      <DemoResult value={rows.map(({ page_id, page_name, client_type }) => ({ page_id, page_name, client_type }))} />
    </>
  );
}
