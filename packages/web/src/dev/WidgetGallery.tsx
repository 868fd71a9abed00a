import { lazy, Suspense, useEffect, useMemo, type ComponentType, type LazyExoticComponent } from 'react';
import { Anchor, Card, Col, Row, Spin, Typography } from 'antd';
import { useLocation } from 'react-router-dom';

/**
 * One gallery section: a widget (or a family of widgets) shown the way a screen would use it.
 * `load` imports a module whose default export renders the section's body.
 */
interface GallerySection {
  /** the section's anchor: /admin/dev/widgets#<id> */
  id: string;
  title: string;
  load: () => Promise<{ default: ComponentType }>;
}

/*
 * Add a widget with ONE line here (keep the list sorted by id): its demo lives next to it or
 * under src/dev/sections/, and is code-split like a page.
 */
const SECTIONS: GallerySection[] = [
  { id: 'catalogue-selects', title: 'ShopSelect · BrandSelect · CategoryCascader', load: () => import('./sections/CatalogueSelectsDemo') },
  { id: 'date-range', title: 'Date range shortcuts 最近一周 / 一个月 / 三个月', load: () => import('./sections/DateRangeDemo') },
  { id: 'floor-editors', title: 'FloorTagsEditor · FloorTitleEditor', load: () => import('./sections/FloorEditorsDemo') },
  { id: 'goods-picker', title: 'GoodsPicker 商品选择器', load: () => import('./sections/GoodsPickerDemo') },
  { id: 'media', title: 'MediaLibrary 素材中心 · ResourcePicker · ImagePicker', load: () => import('./sections/MediaDemo') },
  { id: 'member-picker', title: 'MemberPicker 会员选择器', load: () => import('./sections/MemberPickerDemo') },
  { id: 'page-picker', title: 'PagePicker 页面选择器', load: () => import('./sections/PagePickerDemo') },
  { id: 'period-selector', title: 'PeriodSelector 统计周期', load: () => import('./sections/PeriodSelectorDemo') },
  { id: 'price-range', title: 'PriceRangePicker 价格区间', load: () => import('./sections/PriceRangeDemo') },
  { id: 'regions', title: 'RegionTreePicker · CountryRegionPicker · RegionCascader · MobileInput', load: () => import('./sections/RegionsDemo') },
  { id: 'text-picker', title: 'TextPicker 文本编辑', load: () => import('./sections/TextPickerDemo') },
  { id: 'tree-grade', title: 'TreeGradeEditor · InternationalTreeGradeEditor', load: () => import('./sections/TreeGradeDemo') },
  { id: 'two-step', title: 'TwoStepDialog 二次身份验证', load: () => import('./sections/TwoStepDemo') },
];

const LOADED = new Map<string, LazyExoticComponent<ComponentType>>(SECTIONS.map((section) => [section.id, lazy(section.load)]));

/**
 * /admin/dev/widgets — every shared widget on one page, for people and for looking at them in a
 * browser. It exists only under the Vite dev server (import.meta.env.DEV): the router never
 * imports it in a production build and it is not in the menu.
 */
export default function WidgetGallery() {
  const { hash } = useLocation();
  const items = useMemo(() => SECTIONS.map((section) => ({ key: section.id, href: `#${section.id}`, title: section.title })), []);

  // Sections load lazily, so the browser's own jump to #id happens before the target exists.
  useEffect(() => {
    if (!hash) return;
    const timer = setTimeout(() => document.getElementById(hash.slice(1))?.scrollIntoView(), 300);
    return () => clearTimeout(timer);
  }, [hash]);

  return (
    <div data-testid="widget-gallery">
      <Typography.Title level={3}>Widget gallery</Typography.Title>
      <Typography.Paragraph type="secondary">
        Dev server only. Each section shows one shared widget of <code>src/components</code> with its result.
      </Typography.Paragraph>
      <Row gutter={24} wrap={false}>
        <Col flex="auto" style={{ minWidth: 0 }}>
          {SECTIONS.map((section) => {
            const Body = LOADED.get(section.id)!;
            return (
              <Card key={section.id} id={section.id} title={section.title} style={{ marginBottom: 24 }} data-testid={`gallery-${section.id}`}>
                <Suspense fallback={<Spin />}>
                  <Body />
                </Suspense>
              </Card>
            );
          })}
        </Col>
        <Col flex="260px">
          <Anchor items={items} offsetTop={16} getContainer={() => document.querySelector<HTMLElement>('.agora-content') ?? window} />
        </Col>
      </Row>
    </div>
  );
}
