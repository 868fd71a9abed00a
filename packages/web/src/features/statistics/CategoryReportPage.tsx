import { useMemo } from 'react';
import { Card, Empty, Flex, Skeleton } from 'antd';
import { useTranslation } from 'react-i18next';
import {
  CATEGORY_FIGURES,
  CATEGORY_REPORTS,
  CATEGORY_REPORT_TABLES,
  industryEndpoints,
  periodResult,
  type CategoryChart,
  type CategoryChartKey,
  type CategoryFigure,
  type CategoryReport,
  type CategoryReportSpec,
  type CategoryRow,
} from '@agora/contract';
import { CategoryCascader } from '@/components/CategoryCascader';
import { EChart } from '@/components/EChart';
import { ExportButton } from '@/components/ExportButton';
import { formatYuan } from '@/components/formatMoney';
import { ListTable, type ListColumn } from '@/components/list/ListTable';
import { useListPage } from '@/components/list/useListPage';
import { useApi } from '@/lib/api';
import { isChinese } from '@/lib/locale';
import { ReportFilters, reportUi } from './ReportFilters';

const categoryLabel = (figure: CategoryFigure) => (isChinese() ? CATEGORY_FIGURES[figure].zh : CATEGORY_FIGURES[figure].en);
const formatFigure = (figure: CategoryFigure, value: number) =>
  CATEGORY_FIGURES[figure].money ? formatYuan(value) : figure === 'share' ? `${value.toFixed(2)}%` : value.toLocaleString('en-US');

/**
 * One figure: a pie of the categories' shares of that figure (the tooltip says of which: a pie of
 * paid orders is not the table's share of paid value); more: stacked bars per category.
 */
function categoryOption(chart: CategoryChart, shareOf: (figure: string, percent: number) => string) {
  const names = chart.categories.map((category) => category.name);
  if (chart.series.length === 1) {
    const [{ figure, data }] = chart.series;
    return {
      tooltip: {
        trigger: 'item',
        formatter: (item: { name: string; value: number; percent: number }) => `${item.name}<br/>${categoryLabel(figure)}: ${formatFigure(figure, item.value)}<br/>${shareOf(categoryLabel(figure), item.percent)}`,
      },
      legend: { type: 'scroll', orient: 'vertical', right: 8, top: 'middle' },
      series: [
        {
          name: categoryLabel(figure),
          type: 'pie',
          radius: ['35%', '65%'],
          center: ['40%', '50%'],
          label: { formatter: '{b}: {d}%' },
          data: names.map((name, i) => ({ name, value: data[i] })),
        },
      ],
    };
  }
  return {
    tooltip: { trigger: 'axis', axisPointer: { type: 'shadow' } },
    legend: { top: 0 },
    grid: { left: 48, right: 24, top: 40, bottom: 36, containLabel: true },
    xAxis: { type: 'category', data: names, axisLabel: { interval: 0, hideOverlap: true, width: 120, overflow: 'truncate' } },
    yAxis: { type: 'value', minInterval: 1 },
    series: chart.series.map((series) => ({ name: categoryLabel(series.figure), type: 'bar', stack: 'goods', barMaxWidth: 40, data: series.data })),
  };
}

/**
 * The report shell for the industry reports: the period, the shop and the category in the URL;
 * the chosen category's children (the top level when none) as a pie of shares or stacked bars,
 * and the table behind it, paged on the server and exported as xlsx.
 */
export function CategoryReportPage({ report }: { report: CategoryReport }) {
  const { t } = useTranslation();
  const spec: CategoryReportSpec = CATEGORY_REPORTS[report];
  const tables = CATEGORY_REPORT_TABLES[report];
  const list = useListPage(tables.page as typeof industryEndpoints.industryScalePage, { ui: reportUi });
  const query = list.query;
  const chartKeys = Object.keys(spec.charts) as CategoryChartKey[];
  const chartKey = chartKeys.find((key) => key === list.ui.chart) ?? chartKeys[0];
  const chart = useApi(industryEndpoints[chartKey] as typeof industryEndpoints.industryOrderMoney, {
    query: { cycle_type: query.cycle_type, year: query.year, month: query.month, seller_id: query.seller_id, category_id: query.category_id },
  });
  // a period with nothing sold is an empty state, not a pie or bars of zeros
  const option = useMemo(
    () => chart.data && chart.data.series.some((series) => series.data.some((value) => value !== 0)) && categoryOption(chart.data, (figure, percent) => t('statistics.shareOf', { figure, percent })),
    [chart.data, t],
  );
  const period = periodResult(query.cycle_type, query.year, query.month);

  const columns: ListColumn<CategoryRow>[] = [
    { title: t('statistics.columns.category'), dataIndex: 'name', ellipsis: true },
    ...spec.table.map(
      (figure): ListColumn<CategoryRow> => ({
        title: categoryLabel(figure),
        dataIndex: figure,
        align: 'right',
        // the share's title says of what, a longer one
        width: figure === 'share' ? 190 : 150,
        render: (value: number) => formatFigure(figure, value),
      }),
    ),
  ];

  return (
    <Flex vertical gap={16}>
      <ReportFilters
        list={list}
        byShop
        charts={chartKeys}
        chart={chartKey}
        extra={<CategoryCascader value={query.category_id || undefined} placeholder={t('statistics.filters.category')} style={{ width: 220 }} onChange={(id) => list.filter({ category_id: id ?? 0 })} />}
      />
      <Card size="small" title={t(`statistics.charts.${chartKey}`)}>
        {!chart.data ? (
          <Skeleton active />
        ) : option ? (
          <EChart option={option} testId="statistics-chart" label={`${t(`statistics.charts.${chartKey}`)} ${period.year_month}`} height={340} />
        ) : (
          <Empty data-testid="statistics-chart-empty" description={t('statistics.empty')} />
        )}
      </Card>
      <Card size="small" title={t('statistics.table')} extra={<ExportButton endpoint={tables.export} query={query} />}>
        <ListTable<CategoryRow> list={list} rowKey="id" columns={columns} />
      </Card>
    </Flex>
  );
}
