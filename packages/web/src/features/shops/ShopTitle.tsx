import { Image, Space, Typography } from 'antd';
import type { ShopRow } from '@agora/contract';

/** A shop in a list: its logo, its name (a link when `onOpen` opens its details) and its company. */
export function ShopTitle({ shop, onOpen }: { shop: ShopRow; onOpen?(): void }) {
  return (
    <Space>
      <Image src={shop.logo || undefined} width={72} height={36} preview={false} style={{ objectFit: 'contain' }} alt="" />
      <Space orientation="vertical" size={0}>
        {onOpen ? (
          <Typography.Link strong onClick={onOpen}>
            {shop.shop_name}
          </Typography.Link>
        ) : (
          <Typography.Text strong>{shop.shop_name}</Typography.Text>
        )}
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          {shop.company_name || '—'}
        </Typography.Text>
      </Space>
    </Space>
  );
}
