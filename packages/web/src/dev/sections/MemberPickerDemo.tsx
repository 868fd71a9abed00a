import { useState } from 'react';
import { Button, InputNumber, Space } from 'antd';
import type { MemberPickerRow } from '@agora/contract';
import { MemberPicker } from '@/components/pickers/MemberPicker';
import { DemoResult } from '../DemoResult';

export default function MemberPickerDemo() {
  const [open, setOpen] = useState(false);
  const [limit, setLimit] = useState(3);
  const [rows, setRows] = useState<MemberPickerRow[]>([]);
  return (
    <>
      <Space wrap>
        <span>limit</span>
        <InputNumber value={limit} onChange={(value) => setLimit(value ?? 0)} style={{ width: 80 }} />
        <Button type="primary" onClick={() => setOpen(true)}>
          Open the member picker
        </Button>
      </Space>
      <MemberPicker
        open={open}
        limit={limit}
        value={rows}
        onCancel={() => setOpen(false)}
        onConfirm={(chosen) => {
          setOpen(false);
          setRows(chosen);
        }}
      />
      <DemoResult value={rows.map(({ member_id, uname, mobile }) => ({ member_id, uname, mobile }))} />
    </>
  );
}
