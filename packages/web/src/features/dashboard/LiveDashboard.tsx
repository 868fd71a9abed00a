import { useMemo, useState } from 'react';
import { Badge, Card, Col, Empty, List, Row, Segmented, Skeleton, Space, Statistic, Typography } from 'antd';
import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { DASHBOARD_PERIODS, ROUTE_BY_NAME, type DashboardSeries, type HotGoods, type HotShop } from '@agora/contract';
import { usePermittedRoutes } from '@/app/route-tree';
import { useThemeColor } from '@/app/theme';
import { EChart } from '@/components/EChart';
import { useDashboard, useDashboardChart } from './queries';

const money = (yuan: number) => yuan.toLocaleString('zh-CN', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

/** Where each to-do is acted on. */
const TODO_ROUTES = { goods_audit: 'goodsAudit', shop_audit: 'shopAudit', margin_audit: 'examineList' } as const;
const TODO_LABELS = { goods_audit: 'goodsAudit', shop_audit: 'shopAudit', margin_audit: 'marginAudit' } as const;

function TodoCards() {
  const { t } = useTranslation();
  const dashboard = useDashboard();
  const { pages } = usePermittedRoutes();
  const openable = new Set(pages.map((route) => route.name));
  const todo = dashboard.data?.todo;
  const items = todo ? (Object.keys(TODO_ROUTES) as (keyof typeof TODO_ROUTES)[]).filter((key) => todo[key] !== null) : [];
  return (
    <Card title={t('dashboard.todo.title')} size="small">
      {dashboard.isPending ? (
        <Skeleton active paragraph={{ rows: 1 }} />
      ) : items.length === 0 ? (
        <Typography.Text type="secondary">{t('dashboard.todo.none')}</Typography.Text>
      ) : (
        <Row gutter={[16, 16]}>
          {items.map((key) => {
            const route = ROUTE_BY_NAME.get(TODO_ROUTES[key]);
            const value = <Statistic title={t(`dashboard.todo.${TODO_LABELS[key]}`)} value={todo![key] ?? 0} styles={{ content: { color: todo![key] ? '#fa541c' : undefined } }} />;
            return (
              <Col key={key} xs={12} md={8} data-testid={`todo-${key}`}>
                {route && openable.has(route.name) ? <Link to={route.path}>{value}</Link> : value}
              </Col>
            );
          })}
        </Row>
      )}
    </Card>
  );
}

function Figures() {
  const { t } = useTranslation();
  const dashboard = useDashboard();
  const data = dashboard.data;
  if (!data) return <Card size="small"><Skeleton active paragraph={{ rows: 2 }} /></Card>;
  const today: [string, number, boolean?][] = [
    ['orderCount', data.today.order_count],
    ['turnover', data.today.turnover, true],
    ['paidCount', data.today.paid_count],
    ['newMembers', data.today.new_members],
    ['newGoods', data.today.new_goods],
    ['pv', data.today.pv],
  ];
  const totals: [string, number, boolean?][] = [
    ['members', data.totals.members],
    ['shopsOpen', data.totals.shops_open],
    ['goodsOnSale', data.totals.goods_on_sale],
    ['orders', data.totals.orders],
    ['turnover', data.totals.turnover, true],
  ];
  const grid = (prefix: string, figures: [string, number, boolean?][]) => (
    <Row gutter={[16, 16]}>
      {figures.map(([key, value, isMoney]) => (
        <Col key={key} xs={12} sm={8}>
          <Statistic
            title={t(`dashboard.${prefix}.${key}`)}
            value={isMoney ? money(value) : value}
            prefix={isMoney ? '¥' : undefined}
            styles={{ content: { fontSize: 22, whiteSpace: 'nowrap' } }}
          />
        </Col>
      ))}
    </Row>
  );
  return (
    <Row gutter={[16, 16]}>
      <Col xs={24} xl={12}>
        <Card size="small" title={t('dashboard.today.title')}>{grid('today', today)}</Card>
      </Col>
      <Col xs={24} xl={12}>
        <Card size="small" title={t('dashboard.totals.title')}>{grid('totals', totals)}</Card>
      </Col>
    </Row>
  );
}

function PeriodSwitch({ days, onChange }: { days: number; onChange(days: number): void }) {
  const { t } = useTranslation();
  return <Segmented size="small" value={days} onChange={(value) => onChange(Number(value))} options={DASHBOARD_PERIODS.map((value) => ({ value, label: t('dashboard.charts.days', { days: value }) }))} />;
}

function TrendChart({ name, title, labels, testId }: { name: 'pvChart' | 'turnoverChart'; title: string; labels: [string, string]; testId: string }) {
  const { color } = useThemeColor();
  const [days, setDays] = useState<number>(30);
  const chart = useDashboardChart<DashboardSeries>(name, days);
  const option = useMemo(
    () =>
      chart.data && {
        color: [color, '#faad14'],
        tooltip: { trigger: 'axis' },
        legend: { data: labels },
        grid: { left: 56, right: 56, top: 36, bottom: 28 },
        xAxis: { type: 'category', data: chart.data.days.map((day) => day.slice(5)) },
        yAxis: [{ type: 'value' }, { type: 'value', splitLine: { show: false } }],
        series: [
          { name: labels[0], type: 'line', smooth: true, areaStyle: { opacity: 0.12 }, data: chart.data.series[0].data },
          { name: labels[1], type: 'bar', yAxisIndex: 1, barMaxWidth: 12, data: chart.data.series[1].data },
        ],
      },
    [chart.data, color, labels],
  );
  return (
    <Card size="small" title={title} extra={<PeriodSwitch days={days} onChange={setDays} />}>
      {option ? <EChart option={option} testId={testId} /> : <Skeleton active paragraph={{ rows: 6 }} />}
    </Card>
  );
}

function HotList<T extends HotShop | HotGoods>({ name, title, render }: { name: 'hotShop' | 'hotGoods'; title: string; render(item: T, index: number): React.ReactNode }) {
  const [days, setDays] = useState<number>(30);
  const list = useDashboardChart<T[]>(name, days);
  return (
    <Card size="small" title={title} extra={<PeriodSwitch days={days} onChange={setDays} />}>
      {list.isPending ? (
        <Skeleton active />
      ) : list.data?.length ? (
        <List size="small" dataSource={list.data} renderItem={(item, index) => <List.Item>{render(item, index)}</List.Item>} />
      ) : (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} />
      )}
    </Card>
  );
}

const rank = (index: number) => <Badge count={index + 1} color={index < 3 ? '#fa541c' : '#bfbfbf'} showZero />;

/** The live part of the dashboard: to-dos, today's and total figures, trends and top lists. */
export function LiveDashboard() {
  const { t } = useTranslation();
  const turnoverLabels = useMemo<[string, string]>(() => [t('dashboard.charts.turnoverSeries'), t('dashboard.charts.paidSeries')], [t]);
  const pvLabels = useMemo<[string, string]>(() => [t('dashboard.charts.pvSeries'), t('dashboard.charts.uvSeries')], [t]);
  return (
    <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
      <TodoCards />
      <Figures />
      <Row gutter={[16, 16]}>
        <Col xs={24} xl={12}>
          <TrendChart name="turnoverChart" title={t('dashboard.charts.turnover')} labels={turnoverLabels} testId="turnover-chart" />
        </Col>
        <Col xs={24} xl={12}>
          <TrendChart name="pvChart" title={t('dashboard.charts.pv')} labels={pvLabels} testId="pv-chart" />
        </Col>
        <Col xs={24} xl={12}>
          <HotList<HotShop>
            name="hotShop"
            title={t('dashboard.charts.hotShop')}
            render={(shop, index) => (
              <Space style={{ width: '100%', justifyContent: 'space-between' }}>
                <Space>{rank(index)}<Typography.Text>{shop.shop_name}</Typography.Text></Space>
                <Typography.Text type="secondary">¥{money(shop.turnover)}</Typography.Text>
              </Space>
            )}
          />
        </Col>
        <Col xs={24} xl={12}>
          <HotList<HotGoods>
            name="hotGoods"
            title={t('dashboard.charts.hotGoods')}
            render={(goods, index) => (
              <Space style={{ width: '100%', justifyContent: 'space-between' }}>
                <Space>{rank(index)}<Typography.Text ellipsis style={{ maxWidth: 320 }}>{goods.goods_name}</Typography.Text></Space>
                <Typography.Text type="secondary">{t('dashboard.charts.sold')} {goods.sold_num}</Typography.Text>
              </Space>
            )}
          />
        </Col>
      </Row>
    </Space>
  );
}
