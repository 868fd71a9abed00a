import { Card, Col, Descriptions, Empty, Row, Skeleton, Space, Typography } from 'antd';
import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import type { RouteDef } from '@agora/contract';
import { ROUTE_ICONS } from '@/app/layout/route-icons';
import { firstPagePath, usePermittedRoutes } from '@/app/route-tree';
import { formatUnixTime } from '@/components/formatTime';
import { routeTitle } from '@/lib/i18n';
import { useCurrentAdmin } from '@/lib/session-queries';
import { LiveDashboard } from './LiveDashboard';

function PageLinks({ routes }: { routes: readonly RouteDef[] }) {
  return (
    <Space wrap size={[16, 4]}>
      {routes.map((route) => (
        <Link key={route.name} to={route.path}>
          {routeTitle(route)}
        </Link>
      ))}
    </Space>
  );
}

/** One card per area the role may open, listing its pages (grouped as in the menu). */
function AreaCard({ area }: { area: RouteDef }) {
  const Icon = area.icon ? ROUTE_ICONS[area.icon] : undefined;
  const target = firstPagePath(area);
  const children = area.children ?? [];
  const pages = children.filter((child) => !child.children);
  const groups = children.filter((child) => child.children);
  return (
    <Card
      size="small"
      title={
        <Space>
          {Icon && <Icon />}
          {target ? <Link to={target}>{routeTitle(area)}</Link> : routeTitle(area)}
        </Space>
      }
    >
      <Space orientation="vertical" size="small">
        {pages.length > 0 && <PageLinks routes={pages} />}
        {groups.map((group) => (
          <Space key={group.name} wrap size={[16, 4]}>
            <Typography.Text type="secondary">{routeTitle(group)}</Typography.Text>
            <PageLinks routes={group.children ?? []} />
          </Space>
        ))}
      </Space>
    </Card>
  );
}

export default function DashboardPage() {
  const { t } = useTranslation();
  const current = useCurrentAdmin();
  const { menu } = usePermittedRoutes();
  const areas = menu.filter((route) => route.children?.length);
  const admin = current.data;

  return (
    <Space orientation="vertical" size="large" className="agora-dashboard">
      <Card title={admin && t('dashboard.greeting', { name: admin.real_name || admin.username })}>
        {admin ? (
          <Descriptions column={{ xs: 1, md: 3 }}>
            <Descriptions.Item label={t('dashboard.role')}>{admin.founder === 1 ? t('dashboard.founder') : admin.role_name}</Descriptions.Item>
            <Descriptions.Item label={t('dashboard.lastLogin')}>
              {admin.last_login_time ? formatUnixTime(admin.last_login_time) : t('dashboard.firstLogin')}
            </Descriptions.Item>
            {admin.last_login_ip && <Descriptions.Item label={t('dashboard.lastLoginIp')}>{admin.last_login_ip}</Descriptions.Item>}
          </Descriptions>
        ) : current.isError ? (
          <Typography.Text type="danger">{t('common.loadFailed')}</Typography.Text>
        ) : (
          <Skeleton active paragraph={{ rows: 1 }} />
        )}
      </Card>
      <LiveDashboard />
      <Typography.Title level={5} className="agora-dashboard-heading">
        {t('dashboard.areas')}
      </Typography.Title>
      {areas.length ? (
        <Row gutter={[16, 16]}>
          {areas.map((area) => (
            <Col key={area.name} xs={24} md={12} xl={8}>
              <AreaCard area={area} />
            </Col>
          ))}
        </Row>
      ) : (
        <Empty description={t('dashboard.noAreas')} />
      )}
    </Space>
  );
}
