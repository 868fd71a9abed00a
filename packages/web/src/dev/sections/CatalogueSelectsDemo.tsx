import { useState } from 'react';
import { Form } from 'antd';
import { BrandSelect } from '@/components/BrandSelect';
import { CategoryCascader } from '@/components/CategoryCascader';
import { ShopSelect } from '@/components/ShopSelect';
import { DemoResult } from '../DemoResult';

export default function CatalogueSelectsDemo() {
  const [shop, setShop] = useState<number>();
  const [owner, setOwner] = useState<number>();
  const [brands, setBrands] = useState<number | number[]>();
  const [category, setCategory] = useState<number>();
  return (
    <>
      <Form layout="inline">
        <Form.Item label="ShopSelect">
          <ShopSelect value={shop} onChange={setShop} style={{ width: 220 }} />
        </Form.Item>
        <Form.Item label="ShopSelect withPlatform">
          <ShopSelect withPlatform value={owner} onChange={setOwner} style={{ width: 220 }} />
        </Form.Item>
        <Form.Item label="BrandSelect (multiple)">
          <BrandSelect multiple value={brands} onChange={setBrands} style={{ width: 240 }} />
        </Form.Item>
        <Form.Item label="CategoryCascader">
          <CategoryCascader value={category} onChange={setCategory} style={{ width: 260 }} />
        </Form.Item>
      </Form>
      <DemoResult value={{ shop_id: shop, owner_shop_id: owner, brand_ids: brands, category_id: category }} />
    </>
  );
}
