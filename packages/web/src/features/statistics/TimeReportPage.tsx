import { useMemo } from 'react';
import { Card, Col, Flex, Row, Skeleton, Statistic, Typography } from 'antd';
import { ArrowDownOutlined, ArrowUpOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import {
  STAT_FIGURES,
  TIME_REPORTS,
  TIME_REPORT_TABLES,
  periodResult,
  statisticsEndpoints,
  type StatChart,
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

/** The change in per cent, green up and red down; — when there was nothing to compare with. */
function Change({ value }: { value: number | null }) {
  if (value === null) return <Typography.Text type="secondary">—</Typography.Text>;
  const up = value >= 0;
  return (
    <Typography.Text type={up ? 'success' : 'danger'} style={{ whiteSpace: 'nowrap' }}>
      {up ? <ArrowUpOutlined /> : <ArrowDownOutlined />} {Math.abs(value).toFixed(2)}%
    </Typography.Text>
  );
}

function TotalCard({ total }: { total: StatTotal }) {
  const { t } = useTranslation();
  const money = STAT_FIGURES[total.figure].money;
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
        <Flex justify="space-between" gap={8}>
          <Typography.Text type="secondary">
            {t('statistics.compare.lastYear')} {formatFigure(total.figure, total.last_year)}
          </Typography.Text>
          <Change value={total.year_on_year} />
        </Flex>
        <Flex justify="space-between" gap={8}>
          <Typography.Text type="secondary">
            {t('statistics.compare.previous')} {formatFigure(total.figure, total.previous)}
          </Typography.Text>
          <Change value={total.period_on_period} />
        </Flex>
      </Flex>
    </Card>
  );
}

function chartOption(chart: StatChart, axisName: string, lastYear: string) {
  const money = chart.series.some((series) => STAT_FIGURES[series.figure].money);
  return {
    tooltip: { trigger: 'axis', valueFormatter: (value: number) => (money ? formatYuan(value) : String(value)) },
    legend: { top: 0 },
    grid: { left: 72, right: 24, top: 40, bottom: 36 },
    xAxis: { type: 'category', name: axisName, nameLocation: 'end', data: chart.labels },
    yAxis: { type: 'value', minInterval: money ? undefined : 1 },
    series: chart.series.flatMap((series) => [
      { name: figureLabel(series.figure), type: 'bar', barMaxWidth: 16, data: series.data },
      { name: `${figureLabel(series.figure)}（${lastYear}）`, type: 'line', symbol: 'none', lineStyle: { type: 'dashed' }, data: series.last_year },
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
  const option = useMemo(() => chart.data && chartOption(chart.data, axisName, t('statistics.compare.lastYear')), [chart.data, axisName, t]);

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
        <Row gutter={[16, 16]}>
          {chart.data.totals.map((total) => (
            <Col key={total.figure} xs={24} sm={12} lg={6}>
              <TotalCard total={total} />
            </Col>
          ))}
        </Row>
      ) : (
        <Skeleton active paragraph={{ rows: 2 }} />
      )}
      <Card size="small" title={t(`statistics.charts.${chartKey}`)}>
        {option ? <EChart option={option} testId="statistics-chart" label={`${t(`statistics.charts.${chartKey}`)} ${period.year_month}`} height={320} /> : <Skeleton active />}
      </Card>
      <Card size="small" title={t('statistics.table')} extra={<ExportButton endpoint={tables.export} query={query} />}>
        <ListTable<StatTimeRow> list={list} rowKey="time" columns={columns} />
      </Card>
    </Flex>
  );
}
