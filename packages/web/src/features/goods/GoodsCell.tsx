import { Flex, Image, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { GoodsRow, GoodsStatus } from '@agora/contract';
import { formatUnixTime } from '@/components/formatTime';

export const STATUS_COLORS: Record<GoodsStatus, string> = { ON_SALE: 'green', OFF_SHELF: 'default', WAITING: 'gold', REFUSED: 'red' };

/**
 * Thumbnail, name, number and shop of a goods item, as every goods table shows it. The thumbnail
 * enlarges on click; the name opens the item's details when `onOpen` is given, the shop filters
 * the list by it when `onShop` is.
 */
export function GoodsCell({ goods, onOpen, onShop }: { goods: GoodsRow; onOpen?: (goods: GoodsRow) => void; onShop?: (goods: GoodsRow) => void }) {
  const { t } = useTranslation();
  return (
    <Space align="start">
      {goods.thumbnail ? (
        <Image src={goods.thumbnail} width={56} height={56} style={{ objectFit: 'cover', borderRadius: 4 }} alt={t('goods.thumbnailOf', { name: goods.goods_name })} />
      ) : (
        <div style={{ width: 56, height: 56, borderRadius: 4, background: '#f5f5f5' }} />
      )}
      <Space orientation="vertical" size={0} style={{ maxWidth: 220 }}>
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
        {onShop ? (
          <Typography.Link onClick={() => onShop(goods)} title={t('goods.filters.shop')} ellipsis style={{ fontSize: 12 }}>
            {goods.seller_name}
          </Typography.Link>
        ) : (
          <Typography.Text type="secondary" ellipsis style={{ fontSize: 12 }}>
            {goods.seller_name}
          </Typography.Text>
        )}
      </Space>
    </Space>
  );
}

/** The category of a goods item with its brand beneath (one column, so the goods tables fit). */
export function CategoryBrandCell({ goods }: { goods: GoodsRow }) {
  return (
    <Flex vertical>
      <span>{goods.category_name || '—'}</span>
      <Typography.Text type="secondary" style={{ fontSize: 12 }}>
        {goods.brand_name || '—'}
      </Typography.Text>
    </Flex>
  );
}

/** When a goods item was published: the date, the time beneath (so the goods tables fit at 1440px in English). */
export function PublishedCell({ seconds }: { seconds: number }) {
  const [date, time] = formatUnixTime(seconds).split(' ');
  return (
    <Flex vertical>
      <span>{date}</span>
      {time && (
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          {time}
        </Typography.Text>
      )}
    </Flex>
  );
}

/** 好评率 as the goods detail and list show it: 96.3% (the server rounds it to one decimal). */
export const formatPositiveRate = (grade: number): string => `${grade}%`;

/** The sold count, with the positive-review rate on a second line (the review count on hover). */
export function SoldCell({ goods }: { goods: GoodsRow }) {
  const { t } = useTranslation();
  return (
    <Flex vertical align="end">
      <span>{goods.buy_count}</span>
      <Typography.Text type="secondary" style={{ fontSize: 12, whiteSpace: 'nowrap' }} title={t('goods.columns.reviews', { count: goods.comment_num })} data-testid="positive-rate">
        {t('goods.columns.positiveRate', { rate: formatPositiveRate(goods.grade) })}
      </Typography.Text>
    </Flex>
  );
}
