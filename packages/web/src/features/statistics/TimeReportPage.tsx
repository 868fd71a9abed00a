import { useMemo } from 'react';
import { Card, Col, Empty, Flex, Row, Skeleton, Statistic, Tag, Typography } from 'antd';
import { ArrowDownOutlined, ArrowUpOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import {
  STAT_FIGURES,
  TIME_REPORTS,
  TIME_REPORT_TABLES,
  periodResult,
  statisticsEndpoints,
  type DayRange,
  type StatChart,
  type StatComparison,
  type StatFigure,
  type StatTimeRow,
  type StatTotal,
  type TimeChart,
  type TimeReport,
} from '@agora/contract';
import { EChart } from '@/components/EChart';
import { ExportButton } from '@/components/ExportButton';
import { formatAmount, formatYuan, YUAN } from '@/components/formatMoney';
import { ListTable, type ListColumn } from '@/components/list/ListTable';
import { useListPage } from '@/components/list/useListPage';
import { useApi } from '@/lib/api';
import { isChinese } from '@/lib/locale';
import { ReportFilters, reportUi } from './ReportFilters';

/** A figure's name in the console's language (the contract holds both, the export uses them too). */
export const figureLabel = (figure: StatFigure) => (isChinese() ? STAT_FIGURES[figure].zh : STAT_FIGURES[figure].en);

const formatFigure = (figure: StatFigure, value: number) => (STAT_FIGURES[figure].money ? formatYuan(value) : value.toLocaleString('en-US'));

/**
 * The change in per cent, coloured by what it means for the figure: green when it moved the way
 * that is good news (more orders, fewer refunds), red the other way; — when there was nothing to
 * compare with.
 */
function Change({ value, figure }: { value: number | null; figure: StatFigure }) {
  if (value === null) return <Typography.Text type="secondary">—</Typography.Text>;
  const up = value >= 0;
  const good = value === 0 ? undefined : up === (STAT_FIGURES[figure].better === 'up');
  return (
    <Typography.Text type={good === undefined ? 'secondary' : good ? 'success' : 'danger'} data-tone={good === undefined ? 'none' : good ? 'good' : 'bad'} style={{ whiteSpace: 'nowrap' }}>
      {up ? <ArrowUpOutlined /> : <ArrowDownOutlined />} {Math.abs(value).toFixed(2)}%
    </Typography.Text>
  );
}

function TotalCard({ total }: { total: StatTotal }) {
  const { t } = useTranslation();
  const money = STAT_FIGURES[total.figure].money;
  const compared = [
    { label: t('statistics.compare.lastYear'), value: total.last_year, change: total.year_on_year },
    { label: t('statistics.compare.previous'), value: total.previous, change: total.period_on_period },
  ];
  return (
    <Card size="small" data-testid={`stat-total-${total.figure}`}>
      <Statistic
        title={figureLabel(total.figure)}
        value={total.current}
        precision={money ? 2 : 0}
        prefix={money ? YUAN : undefined}
        formatter={money ? (value) => formatAmount(Number(value)) : undefined}
      />
      <Flex vertical gap={2} style={{ marginTop: 4, fontSize: 12 }}>
        {compared.map(
          ({ label, value, change }) =>
            value !== null && (
              <Flex key={label} justify="space-between" gap={8}>
                <Typography.Text type="secondary">
                  {label} {formatFigure(total.figure, value)}
                </Typography.Text>
                <Change value={change} figure={total.figure} />
              </Flex>
            ),
        )}
      </Flex>
    </Card>
  );
}

const formatRange = (range: DayRange) => (range.from === range.to ? range.from : `${range.from} – ${range.to}`);

/** Under the totals: which days they compare, and that a period under way is counted through today only. */
function ComparisonNote({ comparison }: { comparison: StatComparison }) {
  const { t } = useTranslation();
  if (comparison.state === 'future') return <Typography.Text type="secondary" data-testid="stat-comparison">{t('statistics.compare.future')}</Typography.Text>;
  if (!comparison.previous || !comparison.last_year) return null;
  const ranges = { previous: formatRange(comparison.previous), lastYear: formatRange(comparison.last_year) };
  return (
    <Flex gap={8} align="center" wrap data-testid="stat-comparison">
      {comparison.state === 'current' && <Tag color="processing">{t('statistics.compare.partial', { through: comparison.through })}</Tag>}
      <Typography.Text type="secondary" style={{ fontSize: 12 }}>
        {t(comparison.state === 'current' ? 'statistics.compare.sameDays' : 'statistics.compare.wholePeriods', ranges)}
      </Typography.Text>
    </Flex>
  );
}

/**
 * Whether a chart has anything worth drawing: a period not begun, or one with nothing in it nor in
 * last year's, shows an empty state, not a flat line on a 0–1 axis.
 */
const hasFigures = (chart: StatChart) =>
  chart.comparison.state !== 'future' && chart.series.some((series) => [...series.data, ...series.last_year].some((value) => value !== null && value !== 0));

function chartOption(chart: StatChart, axisName: string, lastYear: string) {
  const money = chart.series.some((series) => STAT_FIGURES[series.figure].money);
  return {
    tooltip: { trigger: 'axis', valueFormatter: (value: number | null) => (value === null || value === undefined ? '—' : money ? formatYuan(value) : String(value)) },
    legend: { top: 0 },
    grid: { left: 72, right: 24, top: 40, bottom: 36 },
    xAxis: { type: 'category', name: axisName, nameLocation: 'end', data: chart.labels },
    yAxis: { type: 'value', minInterval: money ? undefined : 1 },
    series: chart.series.flatMap((series) => [
      { name: figureLabel(series.figure), type: 'bar', barMaxWidth: 16, data: series.data },
      { name: isChinese() ? `${figureLabel(series.figure)}（${lastYear}）` : `${figureLabel(series.figure)} (${lastYear})`, type: 'line', symbol: 'none', lineStyle: { type: 'dashed' }, data: series.last_year },
    ]),
  };
}

/**
 * The report shell of every time report (spec §2 /statistics/*): the period (month or year) and
 * the shop in the URL, the chart with the same period last year, the totals against last year
 * and the period before, and the table behind the chart, paged on the server and exported as xlsx.
 */
export function TimeReportPage({ report }: { report: TimeReport }) {
  const { t } = useTranslation();
  const spec = TIME_REPORTS[report];
  const tables = TIME_REPORT_TABLES[report];
  const list = useListPage(tables.page, { ui: reportUi });
  const query = list.query;
  const chartKeys = Object.keys(spec.charts) as TimeChart[];
  const chartKey = chartKeys.find((key) => key === list.ui.chart) ?? chartKeys[0];
  const periodQuery = { cycle_type: query.cycle_type, year: query.year, month: query.month, seller_id: spec.byShop ? query.seller_id : 0 };
  const chart = useApi(statisticsEndpoints[chartKey], { query: periodQuery });
  const period = periodResult(query.cycle_type, query.year, query.month);
  const axisName = t(query.cycle_type === 'YEAR' ? 'statistics.axis.month' : 'statistics.axis.day');
  const option = useMemo(() => chart.data && hasFigures(chart.data) && chartOption(chart.data, axisName, t('statistics.compare.lastYear')), [chart.data, axisName, t]);

  const columns: ListColumn<StatTimeRow>[] = [
    { title: t('statistics.columns.time'), dataIndex: 'time', width: 120 },
    ...spec.table.map(
      (figure): ListColumn<StatTimeRow> => ({
        title: figureLabel(figure),
        dataIndex: figure,
        align: 'right',
        width: 140,
        render: (value: number | undefined) => formatFigure(figure, value ?? 0),
      }),
    ),
  ];

  return (
    <Flex vertical gap={16}>
      <ReportFilters list={list} byShop={spec.byShop} charts={chartKeys} chart={chartKey} />
      {chart.data ? (
        <Flex vertical gap={8}>
          <Row gutter={[16, 16]}>
            {chart.data.totals.map((total) => (
              <Col key={total.figure} xs={24} sm={12} lg={6}>
                <TotalCard total={total} />
              </Col>
            ))}
          </Row>
          <ComparisonNote comparison={chart.data.comparison} />
        </Flex>
      ) : (
        <Skeleton active paragraph={{ rows: 2 }} />
      )}
      <Card size="small" title={t(`statistics.charts.${chartKey}`)}>
        {!chart.data ? (
          <Skeleton active />
        ) : option ? (
          <EChart option={option} testId="statistics-chart" label={`${t(`statistics.charts.${chartKey}`)} ${period.year_month}`} height={320} />
        ) : (
          <Empty data-testid="statistics-chart-empty" description={t(chart.data.comparison.state === 'future' ? 'statistics.compare.future' : 'statistics.empty')} />
        )}
      </Card>
      <Card size="small" title={t('statistics.table')} extra={<ExportButton endpoint={tables.export} query={query} />}>
        <ListTable<StatTimeRow> list={list} rowKey="time" columns={columns} />
      </Card>
    </Flex>
  );
}
