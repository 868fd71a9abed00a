import { useState } from 'react';
import { Alert, Descriptions, Drawer, Empty, Flex, Image, Skeleton, Space, Table, Tag, Typography, type TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import type { GoodsParamValue, GoodsSkuDetail } from '@agora/contract';
import { formatUnixTime } from '@/components/formatTime';
import { formatYuan } from '@/components/formatMoney';
import { STATUS_COLORS, formatPositiveRate } from './GoodsCell';
import { useGoodsDetail } from './queries';

/** The parameter values under their groups, in the category's order; values without a group last. */
function groupParams(values: GoodsParamValue[]): [string, GoodsParamValue[]][] {
  const groups = new Map<string, GoodsParamValue[]>();
  for (const value of values) groups.set(value.group_name, [...(groups.get(value.group_name) ?? []), value]);
  return [...groups.entries()];
}

/**
 * Everything the goods tables hold about one item, read-only: its pictures (click to enlarge and
 * page through), SKUs with price and stock, parameters, description, audit and sale state. The
 * auditor reads it before deciding; `extra` holds the caller's actions (pass / refuse). Which item is
 * open is the list page's URL state.
 */
export function GoodsDetailDrawer({ goodsId, onClose, extra }: { goodsId: number | undefined; onClose(): void; extra?: React.ReactNode }) {
  const { t } = useTranslation();
  const detail = useGoodsDetail(goodsId);
  const data = goodsId === undefined ? undefined : detail.data;

  const skuColumns: TableColumnsType<GoodsSkuDetail> = [
    {
      title: t('goods.detail.sku.image'),
      dataIndex: 'image',
      width: 64,
      render: (src: string) => (src ? <Image src={src} width={40} height={40} style={{ objectFit: 'cover', borderRadius: 4 }} alt="" /> : '—'),
    },
    { title: t('goods.detail.sku.specs'), dataIndex: 'properties_name', render: (name: string) => name || t('goods.detail.sku.noSpecs') },
    { title: t('goods.detail.sku.sn'), dataIndex: 'sn', width: 130 },
    { title: t('goods.detail.sku.price'), dataIndex: 'price', width: 100, align: 'right', render: formatYuan },
    { title: t('goods.detail.sku.quantity'), dataIndex: 'quantity', width: 70, align: 'right' },
    { title: t('goods.detail.sku.enableQuantity'), dataIndex: 'enable_quantity', width: 80, align: 'right' },
  ];

  return (
    <Drawer
      open={goodsId !== undefined}
      size="large"
      title={data?.goods_name ?? t('goods.detail.title')}
      onClose={onClose}
      extra={data && extra}
      destroyOnHidden
    >
      {detail.isError ? (
        <Empty description={t('goods.detail.notFound')} />
      ) : !data ? (
        <Skeleton active paragraph={{ rows: 12 }} />
      ) : (
        <Space orientation="vertical" size={24} style={{ width: '100%' }}>
          <Space wrap>
            <Tag color={STATUS_COLORS[data.status]}>{t(`goods.status.${data.status}`)}</Tag>
            {data.disabled === 0 && <Tag>{t('goods.detail.recycled')}</Tag>}
            <Typography.Text type="secondary">
              {t('goods.columns.createTime')}: {formatUnixTime(data.create_time)}
            </Typography.Text>
            <Typography.Text type="secondary">
              {t('goods.detail.fields.updateTime')}: {formatUnixTime(data.update_time)}
            </Typography.Text>
            {data.audit_time && (
              <Typography.Text type="secondary">
                {t('goods.detail.fields.auditTime')}: {formatUnixTime(data.audit_time)}
              </Typography.Text>
            )}
          </Space>
          {data.status === 'REFUSED' && data.auth_message && <Alert type="error" showIcon title={t('goods.refuseReason', { reason: data.auth_message })} />}
          {data.status === 'ON_SALE' || data.status === 'WAITING' || !data.under_message ? null : (
            <Alert type="warning" showIcon title={t('goods.underReason', { reason: data.under_message })} />
          )}

          <section>
            <Typography.Title level={5}>{t('goods.detail.sections.pictures', { count: data.images.length })}</Typography.Title>
            {data.images.length === 0 ? (
              <Typography.Text type="secondary">{t('goods.detail.noImages')}</Typography.Text>
            ) : (
              <Image.PreviewGroup>
                <Flex wrap gap={8} data-testid="goods-gallery">
                  {data.images.map((src, index) => (
                    <Image key={src} src={src} width={104} height={104} style={{ objectFit: 'cover', borderRadius: 6 }} alt={t('goods.detail.pictureN', { n: index + 1 })} />
                  ))}
                </Flex>
              </Image.PreviewGroup>
            )}
          </section>

          <Descriptions title={t('goods.detail.sections.basic')} bordered size="small" column={2}>
            <Descriptions.Item label={t('goods.filters.goodsSn')}>{data.sn}</Descriptions.Item>
            <Descriptions.Item label={t('goods.filters.goodsType')}>{t(`goods.goodsType.${data.goods_type}`, { defaultValue: data.goods_type })}</Descriptions.Item>
            <Descriptions.Item label={t('goods.columns.category')} span={2}>
              {data.category_names.join(' / ') || '—'}
            </Descriptions.Item>
            <Descriptions.Item label={t('goods.columns.brand')}>
              {data.brand_name ? (
                <Space size={6}>
                  {data.brand_logo && <Image src={data.brand_logo} height={20} preview={false} alt="" />}
                  {data.brand_name}
                </Space>
              ) : (
                '—'
              )}
            </Descriptions.Item>
            <Descriptions.Item label={t('goods.columns.shop')}>
              <Space size={6} wrap>
                {data.seller_name}
                {data.self_operated === 1 && <Tag color="blue">{t('goods.detail.selfOperated')}</Tag>}
                {data.shop_status && data.shop_status !== 'OPEN' && <Tag color="red">{t(`shops.status.${data.shop_status}`, { defaultValue: data.shop_status })}</Tag>}
              </Space>
            </Descriptions.Item>
            <Descriptions.Item label={t('goods.detail.fields.price')}>
              {formatYuan(data.price)}
              {data.point > 0 && ` + ${t('goods.detail.points', { count: data.point })}`}
            </Descriptions.Item>
            <Descriptions.Item label={t('goods.detail.fields.mktprice')}>{formatYuan(data.mktprice)}</Descriptions.Item>
            <Descriptions.Item label={t('goods.detail.fields.cost')}>{formatYuan(data.cost)}</Descriptions.Item>
            <Descriptions.Item label={t('goods.detail.fields.weight')}>{t('goods.detail.grams', { count: data.weight_grams })}</Descriptions.Item>
            <Descriptions.Item label={t('goods.columns.quantity')}>{data.quantity}</Descriptions.Item>
            <Descriptions.Item label={t('goods.detail.fields.enableQuantity')}>{data.enable_quantity}</Descriptions.Item>
            <Descriptions.Item label={t('goods.columns.buyCount')}>{data.buy_count}</Descriptions.Item>
            <Descriptions.Item label={t('goods.detail.fields.viewCount')}>{data.view_count}</Descriptions.Item>
            <Descriptions.Item label={t('goods.detail.fields.commentNum')}>{data.comment_num}</Descriptions.Item>
            <Descriptions.Item label={t('goods.detail.fields.grade')}>{formatPositiveRate(data.grade)}</Descriptions.Item>
          </Descriptions>

          <section>
            <Typography.Title level={5}>{t('goods.detail.sections.skus', { count: data.skus.length })}</Typography.Title>
            <Table<GoodsSkuDetail>
              rowKey="sku_id"
              size="small"
              columns={skuColumns}
              dataSource={data.skus}
              pagination={false}
              data-testid="goods-skus"
              locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('goods.detail.noSkus')} /> }}
            />
          </section>

          {data.params.length === 0 ? (
            <section>
              <Typography.Title level={5}>{t('goods.detail.sections.params')}</Typography.Title>
              <Typography.Text type="secondary">{t('goods.detail.noParams')}</Typography.Text>
            </section>
          ) : (
            groupParams(data.params).map(([group, values]) => (
              <Descriptions key={group} title={`${t('goods.detail.sections.params')} · ${group || t('goods.detail.otherParams')}`} bordered size="small" column={2}>
                {values.map((value) => (
                  <Descriptions.Item key={value.param_name} label={value.param_name}>
                    {value.value || '—'}
                  </Descriptions.Item>
                ))}
              </Descriptions>
            ))
          )}

          <section>
            <Typography.Title level={5}>{t('goods.detail.sections.intro')}</Typography.Title>
            {data.intro.trim() ? <IntroFrame html={data.intro} title={t('goods.detail.sections.intro')} /> : <Typography.Text type="secondary">{t('goods.detail.noIntro')}</Typography.Text>}
          </section>
        </Space>
      )}
    </Drawer>
  );
}

/**
 * The seller's HTML description, shown as written but in a sandbox where nothing runs (no
 * scripts, forms or popups), so nothing a seller types can act in the console. The frame keeps
 * our origin only so it can be sized to its content.
 */
function IntroFrame({ html, title }: { html: string; title: string }) {
  const [height, setHeight] = useState(120);
  const doc = `<!doctype html><meta charset="utf-8"><style>body{margin:0;padding:8px 12px;font:14px/1.6 system-ui,sans-serif;color:#333}img{max-width:100%}</style>${html}`;
  return (
    <iframe
      title={title}
      sandbox="allow-same-origin"
      srcDoc={doc}
      onLoad={(event) => {
        const body = event.currentTarget.contentDocument?.body;
        if (body) setHeight(Math.min(Math.max(body.scrollHeight + 2, 48), 640));
      }}
      style={{ width: '100%', height, border: '1px solid #f0f0f0', borderRadius: 6, display: 'block' }}
    />
  );
}
