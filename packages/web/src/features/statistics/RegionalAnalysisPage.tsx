import { useEffect, useMemo, useState } from 'react';
import { Card, Flex, Skeleton } from 'antd';
import { useTranslation } from 'react-i18next';
import {
  REGION_CHARTS,
  REGION_FIGURES,
  periodResult,
  regionReportEndpoints,
  type RegionChart,
  type RegionChartKey,
  type RegionFigure,
  type RegionRow,
} from '@agora/contract';
import { EChart } from '@/components/EChart';
import { ExportButton } from '@/components/ExportButton';
import { formatYuan } from '@/components/formatMoney';
import { ListTable, type ListColumn } from '@/components/list/ListTable';
import { useListPage } from '@/components/list/useListPage';
import { useApi } from '@/lib/api';
import { isChinese } from '@/lib/locale';
import { ReportFilters, reportUi } from './ReportFilters';

const regionLabel = (figure: RegionFigure) => (isChinese() ? REGION_FIGURES[figure].zh : REGION_FIGURES[figure].en);
const formatRegion = (figure: RegionFigure, value: number) => (REGION_FIGURES[figure].money ? formatYuan(value) : value.toLocaleString('en-US'));

/** The provinces coloured by the figure; our region names in the tooltip, matched to the map's shapes by code. */
function mapOption(chart: RegionChart, mapName: string, names: Map<number, string>) {
  const nameOf = new Map(chart.provinces.map((province) => [names.get(province.id) ?? province.name, province.name]));
  const max = Math.max(1, ...chart.provinces.map((province) => province.value));
  return {
    tooltip: {
      trigger: 'item',
      formatter: (item: { name: string; value: number }) => `${nameOf.get(item.name) ?? item.name}: ${formatRegion(chart.figure, Number.isFinite(item.value) ? item.value : 0)}`,
    },
    visualMap: { min: 0, max, left: 16, bottom: 16, calculable: true, inRange: { color: ['#e6f4ff', '#1677ff', '#002c8c'] }, formatter: (value: number) => formatRegion(chart.figure, Math.round(value)) },
    series: [
      {
        name: regionLabel(chart.figure),
        type: 'map',
        map: mapName,
        roam: false,
        label: { show: false },
        data: chart.provinces.map((province) => ({ name: names.get(province.id) ?? province.name, value: province.value })),
      },
    ],
  };
}

/** The China map's data and series, fetched with this page only. */
function useChinaMap() {
  const [map, setMap] = useState<{ name: string; names: Map<number, string> } | null>(null);
  useEffect(() => {
    let live = true;
    import('./china-map')
      .then((module) => live && setMap({ name: module.CHINA_MAP, names: module.provinceNamesByCode() }))
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, []);
  return map;
}

/**
 * The regional analysis (spec §2 regionalAnalysis): the period and the shop in the URL, the
 * provinces of China coloured by orders, order value or buyers, and the table of every province.
 */
export default function RegionalAnalysisPage() {
  const { t } = useTranslation();
  const list = useListPage(regionReportEndpoints.regionPage, { ui: reportUi });
  const query = list.query;
  const chartKeys = Object.keys(REGION_CHARTS) as RegionChartKey[];
  const chartKey = chartKeys.find((key) => key === list.ui.chart) ?? 'regionMoney';
  const chart = useApi(regionReportEndpoints[chartKey] as typeof regionReportEndpoints.regionMoney, {
    query: { cycle_type: query.cycle_type, year: query.year, month: query.month, seller_id: query.seller_id },
  });
  const map = useChinaMap();
  const option = useMemo(() => chart.data && map && mapOption(chart.data, map.name, map.names), [chart.data, map]);
  const period = periodResult(query.cycle_type, query.year, query.month);

  const columns: ListColumn<RegionRow>[] = [
    { title: t('statistics.columns.region'), dataIndex: 'name', ellipsis: true },
    ...(Object.keys(REGION_FIGURES) as RegionFigure[]).map(
      (figure): ListColumn<RegionRow> => ({ title: regionLabel(figure), dataIndex: figure, align: 'right', width: 160, render: (value: number) => formatRegion(figure, value) }),
    ),
  ];

  return (
    <Flex vertical gap={16}>
      <ReportFilters list={list} byShop charts={['regionMoney', 'regionNum', 'regionMember']} chart={chartKey} />
      <Card size="small" title={t(`statistics.charts.${chartKey}`)}>
        {option ? <EChart option={option} testId="statistics-chart" label={`${t(`statistics.charts.${chartKey}`)} ${period.year_month}`} height={520} /> : <Skeleton active />}
      </Card>
      <Card size="small" title={t('statistics.table')} extra={<ExportButton endpoint={regionReportEndpoints.regionExport} query={query} />}>
        <ListTable<RegionRow> list={list} rowKey="id" columns={columns} />
      </Card>
    </Flex>
  );
}
