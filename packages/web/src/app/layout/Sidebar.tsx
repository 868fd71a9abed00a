import { useRef, useState, type PointerEvent } from 'react';
import { Layout } from 'antd';
import { useTranslation } from 'react-i18next';
import { STORAGE_KEYS, type RouteDef } from '@agora/contract';
import { currentLanguage } from '@/lib/locale';
import { storage } from '@/lib/storage';
import { useSiteShow } from '../site';
import { SideMenu } from './SideMenu';
import { clampSidebarWidth, sidebarMinWidth } from './viewport';

const COLLAPSED_WIDTH = 64;

export function SiteLogo({ collapsed }: { collapsed: boolean }) {
  const site = useSiteShow();
  const icon = site.data?.admin_icon || site.data?.logo;
  return (
    <div className="agora-logo">
      {icon && <img src={icon} alt="" />}
      {!collapsed && <span>{site.data?.title}</span>}
    </div>
  );
}

interface SidebarProps {
  menu: readonly RouteDef[];
  collapsed: boolean;
  viewportWidth: number;
}

/** The desktop sidebar: collapsible, and resizable by dragging its right edge (spec §2). */
export function Sidebar({ menu, collapsed, viewportWidth }: SidebarProps) {
  const { t } = useTranslation();
  const minWidth = sidebarMinWidth(currentLanguage());
  const [preferred, setPreferred] = useState(() => storage.get<number>(STORAGE_KEYS.sidebarWidth) ?? minWidth);
  const drag = useRef<{ startX: number; startWidth: number } | null>(null);
  const [resizing, setResizing] = useState(false);
  const width = clampSidebarWidth(preferred, viewportWidth, minWidth);

  const onPointerDown = (event: PointerEvent<HTMLDivElement>) => {
    event.currentTarget.setPointerCapture(event.pointerId);
    drag.current = { startX: event.clientX, startWidth: width };
    setResizing(true);
  };
  const onPointerMove = (event: PointerEvent<HTMLDivElement>) => {
    if (!drag.current) return;
    setPreferred(clampSidebarWidth(drag.current.startWidth + event.clientX - drag.current.startX, viewportWidth, minWidth));
  };
  const onPointerUp = () => {
    if (!drag.current) return;
    drag.current = null;
    setResizing(false);
    storage.set(STORAGE_KEYS.sidebarWidth, width);
  };

  return (
    <Layout.Sider
      // The sider animates its width for collapsing; while dragging that would make it lag behind the pointer.
      className={resizing ? 'agora-sider agora-sider-resizing' : 'agora-sider'}
      data-testid="sidebar"
      theme="dark"
      width={width}
      collapsedWidth={COLLAPSED_WIDTH}
      collapsed={collapsed}
      trigger={null}
      collapsible
    >
      <SiteLogo collapsed={collapsed} />
      <SideMenu menu={menu} collapsed={collapsed} />
      {!collapsed && (
        <div
          className="agora-sider-resizer"
          role="separator"
          aria-orientation="vertical"
          aria-label={t('layout.resizeSidebar')}
          onPointerDown={onPointerDown}
          onPointerMove={onPointerMove}
          onPointerUp={onPointerUp}
          onPointerCancel={onPointerUp}
        />
      )}
    </Layout.Sider>
  );
}
