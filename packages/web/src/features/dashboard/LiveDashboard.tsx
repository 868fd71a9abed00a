import { useMemo, useState, type ReactNode } from 'react';
import { Alert, Button, Card, Col, Empty, Row, Segmented, Skeleton, Space, Statistic, Typography } from 'antd';
import { Link, useNavigate } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import type { UseQueryResult } from '@tanstack/react-query';
import { format } from 'echarts/core';
import { DASHBOARD_PERIODS, DASHBOARD_READERS, ROUTE_BY_NAME, type DashboardPage, type DashboardPanel, type DashboardTodo, type HotGoods, type HotShop } from '@agora/contract';
import { useThemeColor } from '@/app/theme';
import { EChart, type ECElementEvent } from '@/components/EChart';
import { routeTitle } from '@/lib/i18n';
import { usePermissions } from '@/lib/permissions';
import { platformDayRange, usePanelLink, type PanelTarget } from './links';
import { useDashboard, useDashboardChart } from './queries';
import { formatAmount, formatYuan, YUAN } from '@/components/formatMoney';

/** A list's filter of what was created today (members registered, orders placed), under its API names. */
const createdToday = () => {
  const { start, end } = platformDayRange();
  return { start_time: start, end_time: end };
};


/** Where each to-do is acted on. */
const TODO_TARGETS: Record<keyof DashboardTodo, PanelTarget> = {
  goods_audit: { route: 'goodsAudit' },
  shop_audit: { route: 'shopAudit' },
  margin_audit: { route: 'examineList' },
  order_ship: { route: 'orderList', search: { order_status: 'WAIT_SHIP' } },
  order_cod_pay: { route: 'orderList', search: { order_status: 'WAIT_PAY', payment_type: 'COD' } },
  service_manual: { route: 'serviceList', search: { service_status: 'WAIT_FOR_MANUAL' } },
  complaint_wait: { route: 'complaintList', search: { tag: 'COMPLAINING' } },
};
const TODO_LABELS = { goods_audit: 'goodsAudit', shop_audit: 'shopAudit', margin_audit: 'marginAudit', order_ship: 'orderShip', order_cod_pay: 'orderCodPay', service_manual: 'serviceManual', complaint_wait: 'complaintWait' } as const;

/** Orders and turnover are acted on in the order list; traffic in the traffic analysis. */
const ORDERS: PanelTarget = { route: 'orderList' };
const TRAFFIC: PanelTarget = { route: 'trafficAnalysisShop' };

/** A card body for a request: a skeleton while it loads, the failure with a retry, else the content. */
function Loaded<T>({ query, rows = 2, testId, children }: { query: UseQueryResult<T>; rows?: number; testId: string; children(data: T): ReactNode }) {
  const { t } = useTranslation();
  if (query.data !== undefined) return children(query.data);
  if (query.isError) {
    return (
      <Alert
        type="error"
        showIcon
        title={t('common.loadFailed')}
        data-testid={`${testId}-failed`}
        action={
          <Button size="small" loading={query.isFetching} onClick={() => void query.refetch()}>
            {t('common.retry')}
          </Button>
        }
      />
    );
  }
  return <Skeleton active paragraph={{ rows }} />;
}

/** The panel's content, as a link to its screen when the operator may open it. */
function PanelLink({ to, testId, children }: { to: string | undefined; testId: string; children: ReactNode }) {
  return (
    <div data-testid={testId}>
      {to ? (
        <Link to={to} className="agora-dashboard-link">
          {children}
        </Link>
      ) : (
        children
      )}
    </div>
  );
}

function TodoCards() {
  const { t } = useTranslation();
  const dashboard = useDashboard();
  const link = usePanelLink();
  return (
    <Card title={t('dashboard.todo.title')} size="small">
      <Loaded query={dashboard} rows={1} testId="todo">
        {({ todo }) => {
          const items = (Object.keys(TODO_TARGETS) as (keyof DashboardTodo)[]).filter((key) => todo[key] !== null);
          if (items.length === 0) return <Typography.Text type="secondary">{t('dashboard.todo.none')}</Typography.Text>;
          return (
            <Row gutter={[16, 16]}>
              {items.map((key) => (
                <Col key={key} xs={12} md={8}>
                  <PanelLink to={link(TODO_TARGETS[key])} testId={`todo-${key}`}>
                    <Statistic title={t(`dashboard.todo.${TODO_LABELS[key]}`)} value={todo[key] ?? 0} styles={{ content: { color: todo[key] ? '#fa541c' : undefined } }} />
                  </PanelLink>
                </Col>
              ))}
            </Row>
          );
        }}
      </Loaded>
    </Card>
  );
}

interface Figure {
  key: string;
  /** null: the role may not see this figure's area */
  value: number | null;
  money?: boolean;
  target?: PanelTarget;
}

function FigureGrid({ prefix, figures }: { prefix: 'today' | 'totals'; figures: Figure[] }) {
  const { t } = useTranslation();
  const link = usePanelLink();
  const shown = figures.filter((figure): figure is Figure & { value: number } => figure.value !== null);
  if (shown.length === 0) return <Typography.Text type="secondary">{t('dashboard.noFigures')}</Typography.Text>;
  return (
    <Row gutter={[16, 16]}>
      {shown.map((figure) => (
        <Col key={figure.key} xs={12} sm={8}>
          <PanelLink to={link(figure.target)} testId={`figure-${prefix}-${figure.key}`}>
            <Statistic
              title={t(`dashboard.${prefix}.${figure.key}`)}
              value={figure.money ? formatAmount(figure.value) : figure.value}
              prefix={figure.money ? YUAN : undefined}
              styles={{ content: { fontSize: 22, whiteSpace: 'nowrap' } }}
            />
          </PanelLink>
        </Col>
      ))}
    </Row>
  );
}

/** Today's figures and the platform's totals, each leading to the list that holds them. */
function Figures() {
  const { t } = useTranslation();
  const dashboard = useDashboard();
  const today = (data: DashboardPage): Figure[] => [
    { key: 'orderCount', value: data.today.order_count, target: { route: 'orderList', search: createdToday() } },
    { key: 'turnover', value: data.today.turnover, money: true, target: ORDERS },
    { key: 'paidCount', value: data.today.paid_count, target: ORDERS },
    { key: 'newMembers', value: data.today.new_members, target: { route: 'memberList', search: createdToday() } },
    { key: 'newGoods', value: data.today.new_goods, target: { route: 'goodsList', search: { sort: 'create_time', order: 'desc' } } },
    { key: 'pv', value: data.today.pv, target: TRAFFIC },
  ];
  const totals = (data: DashboardPage): Figure[] => [
    { key: 'members', value: data.totals.members, target: { route: 'memberList' } },
    { key: 'shopsOpen', value: data.totals.shops_open, target: { route: 'shopList', search: { shop_disable: 'OPEN' } } },
    { key: 'goodsOnSale', value: data.totals.goods_on_sale, target: { route: 'goodsList', search: { market_enable: 1, is_auth: 1 } } },
    { key: 'orders', value: data.totals.orders, target: ORDERS },
    { key: 'turnover', value: data.totals.turnover, money: true, target: ORDERS },
  ];
  return (
    <Row gutter={[16, 16]}>
      <Col xs={24} xl={12}>
        <Card size="small" title={t('dashboard.today.title')}>
          <Loaded query={dashboard} testId="today">
            {(data) => <FigureGrid prefix="today" figures={today(data)} />}
          </Loaded>
        </Card>
      </Col>
      <Col xs={24} xl={12}>
        <Card size="small" title={t('dashboard.totals.title')}>
          <Loaded query={dashboard} testId="totals">
            {(data) => <FigureGrid prefix="totals" figures={totals(data)} />}
          </Loaded>
        </Card>
      </Col>
    </Row>
  );
}

function PeriodSwitch({ days, onChange }: { days: number; onChange(days: number): void }) {
  const { t } = useTranslation();
  return <Segmented size="small" value={days} onChange={(value) => onChange(Number(value))} options={DASHBOARD_PERIODS.map((value) => ({ value, label: t('dashboard.charts.days', { days: value }) }))} />;
}

/** A card title that leads to the panel's screen when the operator may open it. */
function CardTitle({ title, target }: { title: string; target: PanelTarget }) {
  const href = usePanelLink()(target);
  return href ? <Link to={href}>{title}</Link> : <>{title}</>;
}

function TrendChart({ name, title, labels, testId, target }: { name: 'pvChart' | 'turnoverChart'; title: string; labels: [string, string]; testId: string; target: PanelTarget }) {
  const { t } = useTranslation();
  const { color } = useThemeColor();
  const [days, setDays] = useState<number>(30);
  const chart = useDashboardChart(name, days);
  const option = useMemo(
    () =>
      chart.data && {
        color: [color, '#faad14'],
        tooltip: { trigger: 'axis' },
        legend: { data: labels, top: 0 },
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
    <Card size="small" title={<CardTitle title={title} target={target} />} extra={<PeriodSwitch days={days} onChange={setDays} />}>
      <Loaded query={chart} rows={6} testId={testId}>
        {() => option && <EChart option={option} testId={testId} label={`${title}（${t('dashboard.charts.days', { days })}）`} />}
      </Loaded>
    </Card>
  );
}

/** One bar of a top list. */
interface HotBar {
  key: string;
  name: string;
  value: number;
  /** the label at the end of the bar */
  valueText: string;
  /** the tooltip's second line */
  detail: string;
  /** where clicking the bar (or its name) leads */
  href?: string;
  /** the title of that screen */
  screen?: string;
}

/**
 * A top list as a horizontal bar chart, best first. Clicking a bar or its name opens the
 * screen that acts on it; the same list, as links, is there for keyboards and screen readers
 * (shown when focused).
 */
function HotChart<T extends HotShop | HotGoods>({
  name,
  title,
  target,
  testId,
  bars: toBars,
}: {
  name: 'hotShop' | 'hotGoods';
  title: string;
  target: PanelTarget;
  testId: string;
  bars(rows: T[]): HotBar[];
}) {
  const { t } = useTranslation();
  const { color } = useThemeColor();
  const navigate = useNavigate();
  const [days, setDays] = useState<number>(30);
  // The name decides the rows: hotShop answers shops, hotGoods goods.
  const list = useDashboardChart(name, days) as UseQueryResult<T[]>;
  const bars = useMemo(() => (list.data ? toBars(list.data) : []), [list.data, toBars]);
  const option = useMemo(() => {
    const byKey = new Map(bars.map((bar) => [bar.key, bar]));
    return {
      color: [color],
      tooltip: {
        trigger: 'axis',
        axisPointer: { type: 'shadow' },
        formatter: (params: { dataIndex: number }[]) => {
          const bar = bars[params[0]?.dataIndex];
          if (!bar) return '';
          const open = bar.screen ? `<br/><span style="color:#8c8c8c">${format.encodeHTML(t('dashboard.charts.open', { screen: bar.screen }))}</span>` : '';
          return `${format.encodeHTML(bar.name)}<br/>${format.encodeHTML(bar.detail)}${open}`;
        },
      },
      grid: { left: 8, right: 88, top: 8, bottom: 8, outerBoundsMode: 'same', outerBoundsContain: 'axisLabel' },
      xAxis: { type: 'value', axisLabel: { show: false }, splitLine: { lineStyle: { type: 'dashed' } } },
      yAxis: {
        type: 'category',
        inverse: true,
        triggerEvent: true,
        data: bars.map((bar) => bar.key),
        axisTick: { show: false },
        axisLabel: { width: 150, overflow: 'truncate', formatter: (key: string) => byKey.get(key)?.name ?? '' },
      },
      series: [
        {
          type: 'bar',
          barMaxWidth: 14,
          cursor: 'pointer',
          data: bars.map((bar) => bar.value),
          itemStyle: { borderRadius: [0, 3, 3, 0] },
          label: { show: true, position: 'right', formatter: ({ dataIndex }: { dataIndex: number }) => bars[dataIndex]?.valueText ?? '' },
        },
      ],
    };
  }, [bars, color, t]);
  const open = (event: ECElementEvent) => {
    const bar = event.componentType === 'series' ? bars[event.dataIndex] : bars.find((candidate) => candidate.key === String(event.value));
    if (bar?.href) navigate(bar.href);
  };
  const label = `${title}（${t('dashboard.charts.days', { days })}）`;
  return (
    <Card size="small" title={<CardTitle title={title} target={target} />} extra={<PeriodSwitch days={days} onChange={setDays} />}>
      <Loaded query={list} rows={6} testId={testId}>
        {() =>
          bars.length ? (
            <>
              <EChart option={option} testId={testId} label={label} onClick={open} height={Math.max(160, bars.length * 30 + 16)} />
              <ol className="agora-visually-hidden" aria-label={label} data-testid={`${testId}-list`}>
                {bars.map((bar) => (
                  <li key={bar.key}>
                    {bar.href ? <Link to={bar.href}>{bar.name}</Link> : bar.name} {bar.detail}
                  </li>
                ))}
              </ol>
            </>
          ) : (
            <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} />
          )
        }
      </Loaded>
    </Card>
  );
}

const screenOf = (target: PanelTarget) => {
  const route = ROUTE_BY_NAME.get(target.route);
  return route && routeTitle(route);
};

/** The live part of the dashboard: to-dos, today's and total figures, trends and top lists. */
export function LiveDashboard() {
  const { t } = useTranslation();
  const link = usePanelLink();
  const { hasPermission } = usePermissions();
  /** Whether the role may see a panel (the server refuses its chart otherwise). */
  const mayRead = (panel: DashboardPanel) => DASHBOARD_READERS[panel].some((name) => hasPermission(name));
  const turnoverLabels = useMemo<[string, string]>(() => [t('dashboard.charts.turnoverSeries'), t('dashboard.charts.paidSeries')], [t]);
  const pvLabels = useMemo<[string, string]>(() => [t('dashboard.charts.pvSeries'), t('dashboard.charts.uvSeries')], [t]);
  /** A hot shop opens its edit page, or else the goods list of the shop. */
  const shopBars = useMemo(
    () => (rows: HotShop[]): HotBar[] =>
      rows.map((shop) => {
        const targets: PanelTarget[] = [{ route: 'shopEdit', params: { id: shop.shop_id } }, { route: 'goodsList', search: { seller_id: shop.shop_id } }];
        const target = targets.find((candidate) => link(candidate));
        return {
          key: String(shop.shop_id),
          name: shop.shop_name,
          value: shop.turnover,
          valueText: formatYuan(shop.turnover),
          detail: `${t('dashboard.charts.amount')} ${formatYuan(shop.turnover)} · ${t('dashboard.charts.paidSeries')} ${shop.order_count}`,
          href: target && link(target),
          screen: target && screenOf(target),
        };
      }),
    [link, t],
  );
  /** A hot goods item opens the goods list, found by its goods number. */
  const goodsBars = useMemo(
    () => (rows: HotGoods[]): HotBar[] =>
      rows.map((goods) => {
        const target: PanelTarget = { route: 'goodsList', search: { keyword: goods.sn } };
        const href = link(target);
        return {
          key: String(goods.goods_id),
          name: goods.goods_name,
          value: goods.sold_num,
          valueText: String(goods.sold_num),
          detail: `${t('dashboard.charts.sold')} ${goods.sold_num} · ${t('dashboard.charts.amount')} ${formatYuan(goods.turnover)}`,
          href,
          screen: href && screenOf(target),
        };
      }),
    [link, t],
  );
  return (
    <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
      <TodoCards />
      <Figures />
      <Row gutter={[16, 16]}>
        {mayRead('sales') && (
          <Col xs={24} xl={12}>
            <TrendChart name="turnoverChart" title={t('dashboard.charts.turnover')} labels={turnoverLabels} testId="turnover-chart" target={ORDERS} />
          </Col>
        )}
        {mayRead('traffic') && (
          <Col xs={24} xl={12}>
            <TrendChart name="pvChart" title={t('dashboard.charts.pv')} labels={pvLabels} testId="pv-chart" target={TRAFFIC} />
          </Col>
        )}
        {mayRead('sales') && (
          <Col xs={24} xl={12}>
            <HotChart<HotShop> name="hotShop" title={t('dashboard.charts.hotShop')} target={{ route: 'shopList', search: { shop_disable: 'OPEN' } }} testId="hot-shop" bars={shopBars} />
          </Col>
        )}
        {(mayRead('sales') || hasPermission('hotGoods')) && (
          <Col xs={24} xl={12}>
            <HotChart<HotGoods>
              name="hotGoods"
              title={t('dashboard.charts.hotGoods')}
              target={{ route: 'goodsList', search: { sort: 'buy_count', order: 'desc' } }}
              testId="hot-goods"
              bars={goodsBars}
            />
          </Col>
        )}
      </Row>
    </Space>
  );
}
