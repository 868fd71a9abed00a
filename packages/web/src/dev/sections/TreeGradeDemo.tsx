import { useState } from 'react';
import { Input, Space, Typography } from 'antd';
import { InternationalTreeGradeEditor, TreeGradeEditor, type GradeNode } from '@/components/TreeGradeEditor';
import { toast } from '@/lib/feedback';
import { DemoResult } from '../DemoResult';

const names = (path: GradeNode[]) => path.map((node) => `${String(node.id)}:${node.name}`);

export default function TreeGradeDemo() {
  const [path, setPath] = useState<GradeNode[]>([]);
  const [country, setCountry] = useState('US');
  const [overseas, setOverseas] = useState<GradeNode[]>([]);
  return (
    <Space orientation="vertical" style={{ width: '100%' }}>
      <Typography.Text type="secondary">Goods categories: admin/goods/categories/@id/children (max level 3)</Typography.Text>
      <TreeGradeEditor
        api="admin/goods/categories/@id/children"
        fieldNames={{ id: 'category_id', name: 'name', hasChildren: 'has_children' }}
        onSelect={setPath}
        onAdd={(level, parent) => toast.info(`add at level ${level} under ${parent?.name ?? 'the root'}`)}
        onEdit={(node) => toast.info(`edit ${node.name}`)}
        onDelete={(node) => toast.info(`delete ${node.name}`)}
      />
      <DemoResult value={names(path)} />
      <Typography.Text type="secondary">International: a country&apos;s states, then their cities (max level 2)</Typography.Text>
      <Input prefix="country" value={country} onChange={(event) => setCountry(event.target.value.toUpperCase())} style={{ width: 200 }} />
      <InternationalTreeGradeEditor
        key={country}
        api={['base/countries/@id/states', 'base/countries/@id/cities']}
        rootId={country}
        fieldNames={{ id: 'id', name: 'name', hasChildren: 'has_city' }}
        onSelect={setOverseas}
      />
      <DemoResult value={names(overseas)} />
    </Space>
  );
}
