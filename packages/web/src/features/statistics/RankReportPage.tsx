import { useMemo } from 'react';
import { Card, Empty, Flex, Skeleton } from 'antd';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import {
  RANK_FIGURES,
  RANK_REPORTS,
  RANK_REPORT_TABLES,
  periodResult,
  rankingEndpoints,
  type RankChart,
  type RankChartKey,
  type RankFigure,
  type RankReport,
  type RankReportSpec,
  type RankRow,
} from '@agora/contract';
import { CategoryCascader } from '@/components/CategoryCascader';
import { KeywordSearch } from '@/components/KeywordSearch';
import { EChart } from '@/components/EChart';
import { ExportButton } from '@/components/ExportButton';
import { formatYuan } from '@/components/formatMoney';
import { ListTable, type ListColumn } from '@/components/list/ListTable';
import { useListPage } from '@/components/list/useListPage';
import { useApi } from '@/lib/api';
import { isChinese } from '@/lib/locale';
import { ReportFilters, reportUi } from './ReportFilters';

const rankLabel = (figure: RankFigure) => (isChinese() ? RANK_FIGURES[figure].zh : RANK_FIGURES[figure].en);
const formatRank = (figure: RankFigure, value: number) => (RANK_FIGURES[figure].money ? formatYuan(value) : value.toLocaleString('en-US'));

/** The top entries as horizontal bars, the best on top; long names are cut in the axis and whole in the tooltip. */
function rankOption(chart: RankChart) {
  const entries = [...chart.entries].reverse();
  return {
    tooltip: { trigger: 'axis', axisPointer: { type: 'shadow' }, valueFormatter: (value: number) => formatRank(chart.figure, value) },
    grid: { left: 8, right: 48, top: 8, bottom: 24, containLabel: true },
    xAxis: { type: 'value', minInterval: RANK_FIGURES[chart.figure].money ? undefined : 1 },
    yAxis: { type: 'category', data: entries.map((entry) => entry.name), axisLabel: { width: 220, overflow: 'truncate' } },
    series: [{ name: rankLabel(chart.figure), type: 'bar', barMaxWidth: 14, data: entries.map((entry) => entry.value) }],
  };
}

/**
 * The report shell for rankings (best sellers, top buyers): the period and the shop in the URL,
 * the top 30 by the chosen figure as bars, and the whole ranking as a table paged on the server
 * and exported as xlsx.
 */
export function RankReportPage({ report }: { report: RankReport }) {
  const { t } = useTranslation();
  const spec: RankReportSpec = RANK_REPORTS[report];
  const tables = RANK_REPORT_TABLES[report];
  // the table ranks by the figure the chart shows (its URL key), so both list the same entries
  const [search] = useSearchParams();
  const chartKeys = Object.keys(spec.charts) as RankChartKey[];
  const chartKey = chartKeys.find((key) => key === search.get('chart')) ?? chartKeys[0];
  const rankBy = (spec.charts as Record<string, RankFigure>)[chartKey];
  const fixed = useMemo(() => ({ rank_by: rankBy }), [rankBy]);
  const list = useListPage(tables.page as typeof rankingEndpoints.goodsSalesPage, { ui: reportUi, fixed });
  const query = list.query;
  // goods sales details: the category (its subtree) and a goods name keyword, in the URL like the rest
  const goodsFilters = spec.goodsFilters ? { category_id: query.category_id, ...(query.goods_name ? { goods_name: query.goods_name } : {}) } : {};
  const chart = useApi(rankingEndpoints[chartKey] as typeof rankingEndpoints.goodsSaleDetails, {
    query: { cycle_type: query.cycle_type, year: query.year, month: query.month, seller_id: query.seller_id, ...goodsFilters },
  });
  const option = useMemo(() => chart.data && chart.data.entries.length > 0 && rankOption(chart.data), [chart.data]);
  const period = periodResult(query.cycle_type, query.year, query.month);
  const height = Math.max(200, (chart.data?.entries.length ?? 0) * 22 + 40);

  const columns: ListColumn<RankRow>[] = [
    { title: t('statistics.columns.rank'), dataIndex: 'rank', width: 80 },
    { title: t(`statistics.columns.${spec.subject}`), dataIndex: 'name', ellipsis: true },
    ...spec.table.map(
      (figure): ListColumn<RankRow> => ({
        title: rankLabel(figure),
        dataIndex: figure,
        align: 'right',
        width: 150,
        render: (value: number | undefined) => formatRank(figure, value ?? 0),
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
        extra={
          spec.goodsFilters && (
            <>
              <CategoryCascader value={query.category_id || undefined} placeholder={t('statistics.filters.category')} style={{ width: 220 }} onChange={(id) => list.filter({ category_id: id ?? 0 })} />
              <KeywordSearch value={query.goods_name} maxLength={50} placeholder={t('statistics.filters.goodsName')} onSearch={(goods_name) => list.filter({ goods_name })} />
            </>
          )
        }
      />
      <Card size="small" title={t(`statistics.charts.${chartKey}`)}>
        {!chart.data ? (
          <Skeleton active />
        ) : option ? (
          <EChart option={option} testId="statistics-chart" label={`${t(`statistics.charts.${chartKey}`)} ${period.year_month}`} height={height} />
        ) : (
          <Empty data-testid="statistics-chart-empty" description={t('statistics.empty')} />
        )}
      </Card>
      <Card size="small" title={t('statistics.table')} extra={<ExportButton endpoint={tables.export} query={query} />}>
        <ListTable<RankRow> list={list} rowKey="id" columns={columns} />
      </Card>
    </Flex>
  );
}
