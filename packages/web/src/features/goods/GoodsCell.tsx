import { Image, Space, Typography } from 'antd';
import type { GoodsRow } from '@agora/contract';

/** Thumbnail, name and number of a goods item, as every goods table shows it. */
export function GoodsCell({ goods }: { goods: GoodsRow }) {
  return (
    <Space align="start">
      <Image src={goods.thumbnail} width={56} height={56} style={{ objectFit: 'cover', borderRadius: 4 }} fallback="" preview={false} />
      <Space orientation="vertical" size={0} style={{ maxWidth: 320 }}>
        <Typography.Text ellipsis={{ tooltip: goods.goods_name }}>{goods.goods_name}</Typography.Text>
        <Typography.Text type="secondary" copyable={{ text: goods.sn }} style={{ fontSize: 12 }}>
          {goods.sn}
        </Typography.Text>
      </Space>
    </Space>
  );
}

