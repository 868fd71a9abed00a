import { useState } from 'react';
import { Button, Form, Space } from 'antd';
import type { RegionSelection } from '@agora/contract';
import { CountryRegionPicker, MobileInput, RegionCascader, RegionTreePicker, useMobileRule, useRegionSelectionRule, type RegionTreeResult } from '@/components/regions';
import { DemoResult } from '../DemoResult';

export default function RegionsDemo() {
  const [form] = Form.useForm<{ region?: RegionSelection; mobile?: string }>();
  const [open, setOpen] = useState(false);
  const [tree, setTree] = useState<RegionTreeResult>();
  const [path, setPath] = useState<{ ids: number[]; names: string[] }>({ ids: [], names: [] });
  const [submitted, setSubmitted] = useState<unknown>();
  const regionRule = useRegionSelectionRule();
  const mobileRule = useMobileRule();
  return (
    <Space orientation="vertical" size={16} style={{ width: '100%' }}>
      <Space>
        <Button onClick={() => setOpen(true)} data-testid="open-region-tree">
          RegionTreePicker
        </Button>
        <RegionCascader value={path.ids} onChange={(ids, names) => setPath({ ids, names })} style={{ width: 280 }} />
      </Space>
      <RegionTreePicker
        open={open}
        value={tree?.ids}
        onCancel={() => setOpen(false)}
        onConfirm={(result) => {
          setTree(result);
          setOpen(false);
        }}
      />
      <Form form={form} layout="vertical" onFinish={setSubmitted} style={{ maxWidth: 720 }}>
        <Form.Item name="region" label="CountryRegionPicker" rules={[regionRule]}>
          <CountryRegionPicker />
        </Form.Item>
        <Form.Item name="mobile" label="MobileInput" rules={[mobileRule]} style={{ maxWidth: 360 }}>
          <MobileInput />
        </Form.Item>
        <Button type="primary" htmlType="submit">
          Submit
        </Button>
      </Form>
      <DemoResult testId="regions-result" value={{ tree, cascader: path, form: submitted }} />
    </Space>
  );
}
