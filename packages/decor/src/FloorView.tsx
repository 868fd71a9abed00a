import type { CSSProperties, ReactNode } from 'react';
import { Carousel, Empty, Flex, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { operationUrl, type PageClientType, type ShownFloor, type ShownNavigation } from '@agora/contract';
import { formatYuan } from '@/components/formatMoney';

/** How wide the page is drawn: the buyer site's PC body, or a phone. */
export const PAGE_WIDTH: Record<PageClientType, number> = { PC: 1200, MOBILE: 375 };

const section: CSSProperties = { background: '#fff', borderRadius: 8, padding: 12, marginBottom: 12 };

function Link({ href, newWindow, children, style }: { href: string; newWindow?: boolean; children: ReactNode; style?: CSSProperties }) {
  if (!href) return <span style={style}>{children}</span>;
  return (
    <a href={href} target={newWindow ? '_blank' : undefined} rel={newWindow ? 'noreferrer' : undefined} style={{ color: 'inherit', ...style }}>
      {children}
    </a>
  );
}

function Nothing() {
  const { t } = useTranslation();
  return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('decor.floorEmpty')} />;
}

/** One floor as the buyer sees it (the editor's preview draws the same). */
export function FloorView({ floor, client }: { floor: ShownFloor; client: PageClientType }) {
  const mobile = client === 'MOBILE';
  switch (floor.type) {
    case 'CAROUSEL':
      return (
        <div style={{ marginBottom: 12 }} data-floor="CAROUSEL">
          {floor.pictures.length === 0 ? (
            <div style={section}>
              <Nothing />
            </div>
          ) : (
            <Carousel autoplay arrows={!mobile}>
              {floor.pictures.map((picture) => (
                <div key={picture.id}>
                  <Link href={picture.operation_url}>
                    <img src={picture.pic_url} alt="" style={{ width: '100%', height: mobile ? 180 : 400, objectFit: 'cover', display: 'block', borderRadius: 8 }} />
                  </Link>
                </div>
              ))}
            </Carousel>
          )}
        </div>
      );
    case 'TITLE':
      return (
        <div
          data-floor="TITLE"
          style={{
            background: `linear-gradient(90deg, ${floor.title.start_color}, ${floor.title.end_color})`,
            color: '#fff',
            fontSize: mobile ? 16 : 20,
            fontWeight: 600,
            padding: '8px 16px',
            borderRadius: 8,
            marginBottom: 12,
          }}
        >
          {floor.title.text}
        </div>
      );
    case 'TAGS':
      return (
        <Flex wrap gap={8} style={section} data-floor="TAGS">
          {floor.tags.length === 0 && <Nothing />}
          {floor.tags.map((tag, index) => (
            <Link key={index} href={operationUrl(tag.block_opt.opt_type, tag.block_opt.opt_value)} style={{ padding: '2px 12px', border: '1px solid #ffccc7', borderRadius: 12, color: '#cf1322' }}>
              {tag.block_value}
            </Link>
          ))}
        </Flex>
      );
    case 'GOODS':
      return (
        <div style={section} data-floor="GOODS">
          {floor.heading && (
            <Typography.Title level={5} style={{ marginTop: 0 }}>
              {floor.heading}
            </Typography.Title>
          )}
          {floor.goods.length === 0 ? (
            <Nothing />
          ) : (
            <div style={{ display: 'grid', gridTemplateColumns: `repeat(${mobile ? 2 : floor.columns}, minmax(0, 1fr))`, gap: 12 }}>
              {floor.goods.map((goods) => (
                <Link key={goods.goods_id} href={`/goods/${goods.goods_id}`} style={{ display: 'block' }}>
                  <div style={{ aspectRatio: '1 / 1', background: '#fafafa', borderRadius: 6, overflow: 'hidden' }}>
                    {goods.thumbnail && <img src={goods.thumbnail} alt="" style={{ width: '100%', height: '100%', objectFit: 'cover' }} />}
                  </div>
                  <Typography.Paragraph ellipsis={{ rows: 2 }} style={{ margin: '6px 0 2px', fontSize: 13 }}>
                    {goods.goods_name}
                  </Typography.Paragraph>
                  <Typography.Text style={{ color: '#cf1322', fontWeight: 600 }}>{formatYuan(goods.price)}</Typography.Text>
                </Link>
              ))}
            </div>
          )}
        </div>
      );
    case 'TEXT_LINKS':
      return (
        <Flex wrap gap={mobile ? 8 : 24} style={section} data-floor="TEXT_LINKS">
          {floor.links.length === 0 && <Nothing />}
          {floor.links.map((link, index) => (
            <Link key={index} href={operationUrl(link.opt_type, link.opt_value)}>
              {link.text}
            </Link>
          ))}
        </Flex>
      );
    case 'SHOPS':
      return (
        <Flex wrap gap={12} style={section} data-floor="SHOPS">
          {floor.shops.length === 0 && <Nothing />}
          {floor.shops.map((shop) => (
            <Link key={shop.shop_id} href={`/shop/${shop.shop_id}`} style={{ width: mobile ? 'calc(50% - 6px)' : 180, textAlign: 'center' }}>
              <div style={{ height: 72, display: 'flex', alignItems: 'center', justifyContent: 'center', border: '1px solid #f0f0f0', borderRadius: 6 }}>
                {shop.logo ? <img src={shop.logo} alt="" style={{ maxWidth: '90%', maxHeight: 64 }} /> : null}
              </div>
              <Typography.Text ellipsis style={{ display: 'block', marginTop: 4 }}>
                {shop.shop_name}
              </Typography.Text>
            </Link>
          ))}
        </Flex>
      );
    case 'CATEGORIES':
      return (
        <div style={section} data-floor="CATEGORIES">
          {floor.categories.length === 0 ? (
            <Nothing />
          ) : (
            <div style={{ display: 'grid', gridTemplateColumns: `repeat(${mobile ? 4 : 8}, minmax(0, 1fr))`, gap: 8 }}>
              {floor.categories.map((category) => (
                <Link key={category.category_id} href={operationUrl('CATEGORY', String(category.category_id))} style={{ textAlign: 'center', padding: '8px 4px', background: '#fafafa', borderRadius: 6 }}>
                  {category.image && <img src={category.image} alt="" style={{ width: 40, height: 40, objectFit: 'contain', display: 'block', margin: '0 auto 4px' }} />}
                  <Typography.Text ellipsis>{category.name}</Typography.Text>
                </Link>
              ))}
            </div>
          )}
        </div>
      );
  }
}

/** The site menu above the floors: links on PC, icons on a phone. */
function SiteMenu({ navigations, client }: { navigations: ShownNavigation[]; client: PageClientType }) {
  if (navigations.length === 0) return null;
  if (client === 'MOBILE')
    return (
      <div style={{ ...section, display: 'grid', gridTemplateColumns: 'repeat(4, minmax(0, 1fr))', gap: 8 }}>
        {navigations.map((nav) => (
          <Link key={nav.name} href={nav.url} newWindow={nav.new_window === 1} style={{ textAlign: 'center' }}>
            {nav.image && <img src={nav.image} alt="" style={{ width: 56, height: 28, objectFit: 'contain', display: 'block', margin: '0 auto 4px' }} />}
            <span style={{ fontSize: 12 }}>{nav.name}</span>
          </Link>
        ))}
      </div>
    );
  return (
    <Flex gap={32} style={{ background: '#cf1322', color: '#fff', padding: '10px 24px', borderRadius: 8, marginBottom: 12 }}>
      {navigations.map((nav) => (
        <Link key={nav.name} href={nav.url} newWindow={nav.new_window === 1} style={{ color: '#fff', fontWeight: 500 }}>
          {nav.name}
        </Link>
      ))}
    </Flex>
  );
}

/** A whole page at its client's width: the site menu, then the floors in order. */
export function PageView({ floors, client, navigations = [] }: { floors: ShownFloor[]; client: PageClientType; navigations?: ShownNavigation[] }) {
  const { t } = useTranslation();
  return (
    <div style={{ width: '100%', maxWidth: PAGE_WIDTH[client], margin: '0 auto' }} data-testid="page-view" data-client={client}>
      <SiteMenu navigations={navigations} client={client} />
      {floors.length === 0 ? <Empty description={t('decor.empty')} /> : floors.map((floor) => <FloorView key={floor.key} floor={floor} client={client} />)}
    </div>
  );
}
