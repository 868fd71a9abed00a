import { Image, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { GoodsRow, GoodsStatus } from '@agora/contract';

export const STATUS_COLORS: Record<GoodsStatus, string> = { ON_SALE: 'green', OFF_SHELF: 'default', WAITING: 'gold', REFUSED: 'red' };

/**
 * Thumbnail, name and number of a goods item, as every goods table shows it. The thumbnail
 * enlarges on click; the name opens the item's details when `onOpen` is given.
 */
export function GoodsCell({ goods, onOpen }: { goods: GoodsRow; onOpen?: (goods: GoodsRow) => void }) {
  const { t } = useTranslation();
  return (
    <Space align="start">
      {goods.thumbnail ? (
        <Image src={goods.thumbnail} width={56} height={56} style={{ objectFit: 'cover', borderRadius: 4 }} alt={t('goods.thumbnailOf', { name: goods.goods_name })} />
      ) : (
        <div style={{ width: 56, height: 56, borderRadius: 4, background: '#f5f5f5' }} />
      )}
      <Space orientation="vertical" size={0} style={{ maxWidth: 320 }}>
        {onOpen ? (
          <Typography.Link
            role="button"
            tabIndex={0}
            onClick={() => onOpen(goods)}
            onKeyDown={(event) => (event.key === 'Enter' || event.key === ' ') && (event.preventDefault(), onOpen(goods))}
            ellipsis
            title={goods.goods_name}
          >
            {goods.goods_name}
          </Typography.Link>
        ) : (
          <Typography.Text ellipsis={{ tooltip: goods.goods_name }}>{goods.goods_name}</Typography.Text>
        )}
        <Typography.Text type="secondary" copyable={{ text: goods.sn }} style={{ fontSize: 12 }}>
          {goods.sn}
        </Typography.Text>
      </Space>
    </Space>
  );
}
