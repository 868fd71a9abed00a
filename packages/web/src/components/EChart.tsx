import { useEffect, useRef } from 'react';
import * as echarts from 'echarts/core';
import { BarChart, LineChart, PieChart } from 'echarts/charts';
import { GridComponent, LegendComponent, TooltipComponent } from 'echarts/components';
import { SVGRenderer } from 'echarts/renderers';
import type { ECElementEvent, EChartsCoreOption } from 'echarts/core';

// SVG: crisp at any zoom, light for dashboard-sized data, and its labels are in the DOM.
echarts.use([LineChart, BarChart, PieChart, GridComponent, LegendComponent, TooltipComponent, SVGRenderer]);

export type { ECElementEvent };

/**
 * An ECharts chart that follows its container's size and its option. `onClick` gets the
 * clicked element (a series item, or an axis label when the axis sets `triggerEvent`);
 * `label` names the chart for assistive technology (role img).
 */
export function EChart({
  option,
  height = 300,
  testId,
  label,
  onClick,
}: {
  option: EChartsCoreOption;
  height?: number;
  testId?: string;
  label?: string;
  onClick?(event: ECElementEvent): void;
}) {
  const element = useRef<HTMLDivElement>(null);
  const chart = useRef<echarts.ECharts | null>(null);
  const click = useRef(onClick);
  click.current = onClick;

  useEffect(() => {
    if (!element.current) return;
    const instance = echarts.init(element.current, null, { renderer: 'svg' });
    chart.current = instance;
    instance.on('click', (event) => click.current?.(event as ECElementEvent));
    const observer = new ResizeObserver(() => instance.resize());
    observer.observe(element.current);
    return () => {
      observer.disconnect();
      instance.dispose();
      chart.current = null;
    };
  }, []);

  useEffect(() => {
    chart.current?.setOption(option, { notMerge: true });
  }, [option]);

  return <div ref={element} data-testid={testId} role={label ? 'img' : undefined} aria-label={label} style={{ width: '100%', height }} />;
}
