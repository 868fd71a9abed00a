import { Button, Dropdown, Tabs, type MenuProps } from 'antd';
import { CloseOutlined, DownOutlined, ReloadOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { ROUTE_BY_NAME } from '@agora/contract';
import { routeTitle } from '@/lib/i18n';
import { isAffix, type VisitedView, type VisitedViews } from './visited-views';

type Action = 'refresh' | 'close' | 'closeOthers' | 'closeAll';

export function TagsView({ tabs }: { tabs: VisitedViews }) {
  const { t } = useTranslation();

  const menuFor = (view: VisitedView): MenuProps => ({
    items: [
      { key: 'refresh', icon: <ReloadOutlined />, label: t('layout.tabs.refresh') },
      { key: 'close', icon: <CloseOutlined />, label: t('layout.tabs.close'), disabled: isAffix(view) },
      { key: 'closeOthers', label: t('layout.tabs.closeOthers') },
      { key: 'closeAll', label: t('layout.tabs.closeAll') },
    ],
    onClick: ({ key, domEvent }) => {
      domEvent.stopPropagation();
      const action = key as Action;
      if (action === 'refresh') tabs.refresh(view);
      else if (action === 'close') tabs.close(view);
      else if (action === 'closeOthers') tabs.closeOthers(view);
      else tabs.closeAll();
    },
  });

  const title = (view: VisitedView) => {
    const route = ROUTE_BY_NAME.get(view.name);
    return route ? routeTitle(route) : view.name;
  };

  const active = tabs.views.find((view) => view.path === tabs.activePath);

  return (
    <div className="agora-tabs" data-testid="tabs-bar">
      <Tabs
        type="editable-card"
        hideAdd
        size="small"
        activeKey={tabs.activePath}
        onChange={(path) => {
          const view = tabs.views.find((candidate) => candidate.path === path);
          if (view) tabs.open(view);
        }}
        onEdit={(path, action) => {
          const view = tabs.views.find((candidate) => candidate.path === path);
          if (view && action === 'remove') tabs.close(view);
        }}
        items={tabs.views.map((view) => ({
          key: view.path,
          closable: !isAffix(view),
          label: (
            <Dropdown trigger={['contextMenu']} menu={menuFor(view)}>
              <span data-testid={`tab-${view.name}`}>{title(view)}</span>
            </Dropdown>
          ),
        }))}
        tabBarExtraContent={
          active && (
            <Dropdown trigger={['click']} menu={menuFor(active)}>
              <Button type="text" size="small" icon={<DownOutlined />} aria-label={t('layout.tabs.actions')} />
            </Dropdown>
          )
        }
      />
    </div>
  );
}
