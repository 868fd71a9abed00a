import { useMemo, useState } from 'react';
import { Button, Card, Flex, Skeleton } from 'antd';
import { DollarOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import {
  BAND_REPORTS,
  BAND_REPORT_ENDPOINTS,
  edgesOfRanges,
  periodResult,
  priceBandEndpoints,
  rangesOfEdges,
  type BandReport,
  type HourChart,
  type PriceBandChart,
  type PriceBandRow,
  type StatFigure,
} from '@agora/contract';
import { EChart } from '@/components/EChart';
import { ExportButton } from '@/components/ExportButton';
import { formatYuan, YUAN } from '@/components/formatMoney';
import { ListTable, type ListColumn } from '@/components/list/ListTable';
import { useListPage } from '@/components/list/useListPage';
import { PriceRangePicker } from '@/components/PriceRangePicker';
import { useApi } from '@/lib/api';
import { figureLabel } from './TimeReportPage';
import { ReportFilters, reportUi } from './ReportFilters';

const wholeYuan = (yuan: number) => `${YUAN}${yuan.toLocaleString('en-US')}`;
/** A band's name in whole yuan (its edges are): ￥50–￥100, or ￥1,000+ for the open one. */
export const bandName = (band: Pick<PriceBandRow, 'low' | 'high'>) => (band.high === null ? `${wholeYuan(band.low)}+` : `${wholeYuan(band.low)}–${wholeYuan(band.high)}`);

/** Counts as bars on the left axis, money as a line on the right one. */
function twoAxisOption(labels: string[], count: { name: string; data: number[] }, money: { name: string; data: number[] }) {
  return {
    tooltip: { trigger: 'axis', axisPointer: { type: 'shadow' } },
    legend: { top: 0 },
    grid: { left: 56, right: 88, top: 40, bottom: 36 },
    xAxis: { type: 'category', data: labels, axisLabel: { interval: 0, hideOverlap: true } },
    yAxis: [
      { type: 'value', minInterval: 1 },
      { type: 'value', axisLabel: { formatter: (value: number) => formatYuan(value) }, splitLine: { show: false } },
    ],
    series: [
      { name: count.name, type: 'bar', barMaxWidth: 32, data: count.data },
      { name: money.name, type: 'line', yAxisIndex: 1, data: money.data, tooltip: { valueFormatter: (value: number) => formatYuan(value) } },
    ],
  };
}

function bandOption(chart: PriceBandChart, [countFigure, moneyFigure]: readonly [StatFigure, StatFigure]) {
  return twoAxisOption(
    chart.bands.map(bandName),
    { name: figureLabel(countFigure), data: chart.bands.map((band) => band[countFigure] ?? 0) },
    { name: figureLabel(moneyFigure), data: chart.bands.map((band) => band[moneyFigure] ?? 0) },
  );
}

/** Placed orders per hour of the day (the order value distribution's second chart). */
function HourCard({ query }: { query: { cycle_type: 'MONTH' | 'YEAR'; year: number; month: number; seller_id: number } }) {
  const { t } = useTranslation();
  const chart = useApi(priceBandEndpoints.unitTime, { query });
  const option = useMemo(
    () =>
      chart.data &&
      twoAxisOption(
        (chart.data as HourChart).hours.map((row) => `${row.hour}:00`),
        { name: figureLabel('order_num'), data: chart.data.hours.map((row) => row.order_num) },
        { name: figureLabel('order_amount'), data: chart.data.hours.map((row) => row.order_amount) },
      ),
    [chart.data],
  );
  return (
    <Card size="small" title={t('statistics.charts.unitTime')}>
      {option ? <EChart option={option} testId="statistics-hour-chart" label={t('statistics.charts.unitTime')} height={280} /> : <Skeleton active />}
    </Card>
  );
}

/**
 * The report shell for price bands (spec §2 price-sales and customerPriceDistribution): the period,
 * the shop and the bands (price range picker, whole yuan) in the URL; the bands as bars with their
 * money, the table behind them exported as xlsx; the order value distribution adds the hour of day.
 */
export function BandReportPage({ report }: { report: BandReport }) {
  const { t } = useTranslation();
  const spec = BAND_REPORTS[report];
  const endpoints = BAND_REPORT_ENDPOINTS[report];
  const list = useListPage(endpoints.page, { ui: reportUi });
  const query = list.query;
  const [picking, setPicking] = useState(false);
  const periodQuery = { cycle_type: query.cycle_type, year: query.year, month: query.month, seller_id: query.seller_id };
  const chart = useApi(endpoints.chart, { query: { ...periodQuery, prices: query.prices.join(',') } });
  const option = useMemo(() => chart.data && bandOption(chart.data, spec.figures), [chart.data, spec.figures]);
  const period = periodResult(query.cycle_type, query.year, query.month);
  const title = t(`statistics.charts.${report}`);

  const columns: ListColumn<PriceBandRow>[] = [
    { title: t('statistics.columns.band'), key: 'band', width: 220, render: (_: unknown, row: PriceBandRow) => bandName(row) },
    ...spec.figures.map(
      (figure): ListColumn<PriceBandRow> => ({
        title: figureLabel(figure),
        dataIndex: figure,
        align: 'right',
        width: 160,
        render: (value: number | undefined) => (figure.endsWith('amount') ? formatYuan(value ?? 0) : (value ?? 0).toLocaleString('en-US')),
      }),
    ),
    { title: t('statistics.columns.share'), dataIndex: 'share', align: 'right', width: 120, render: (value: number) => `${value.toFixed(2)}%` },
  ];

  return (
    <Flex vertical gap={16}>
      <ReportFilters
        list={list}
        byShop
        charts={[]}
        chart=""
        extra={
          <Button icon={<DollarOutlined />} onClick={() => setPicking(true)}>
            {t('statistics.filters.bands')}
          </Button>
        }
      />
      <PriceRangePicker
        open={picking}
        precision={0}
        value={rangesOfEdges(query.prices)}
        onCancel={() => setPicking(false)}
        onConfirm={(ranges) => {
          setPicking(false);
          list.filter({ prices: edgesOfRanges(ranges) });
        }}
      />
      <Card size="small" title={title}>
        {option ? <EChart option={option} testId="statistics-chart" label={`${title} ${period.year_month}`} height={320} /> : <Skeleton active />}
      </Card>
      {report === 'orderValue' && <HourCard query={periodQuery} />}
      <Card size="small" title={t('statistics.table')} extra={<ExportButton endpoint={endpoints.export} query={query} />}>
        <ListTable<PriceBandRow> list={list} rowKey="low" columns={columns} />
      </Card>
    </Flex>
  );
}
