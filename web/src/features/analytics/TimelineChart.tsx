import ReactEChartsCore from 'echarts-for-react/esm/core';
import { useComputedColorScheme } from '@mantine/core';
import { echarts } from './echarts-core.ts';
import type { TimelinePoint } from './aggregate.ts';
import { formatDay } from './timeline-period.ts';

/** Security Events Timeline: three series over the chosen days, labelled with the year (lazy chunk). */
export default function TimelineChart({ points }: { points: TimelinePoint[] }) {
  const dark = useComputedColorScheme('light') === 'dark';
  const option = {
    backgroundColor: 'transparent',
    tooltip: { trigger: 'axis' },
    legend: { top: 0, data: ['Failed Login Attempts', 'High-Risk Activities', 'Data Modifications'], textStyle: { color: dark ? '#ddd' : '#333' } },
    grid: { left: 40, right: 24, top: 40, bottom: 30, containLabel: true },
    xAxis: { type: 'category', data: points.map((p) => formatDay(p.day)), axisLabel: { color: dark ? '#bbb' : '#555' } },
    yAxis: { type: 'value', minInterval: 1, axisLabel: { color: dark ? '#bbb' : '#555' } },
    series: [
      { name: 'Failed Login Attempts', type: 'line', smooth: false, data: points.map((p) => p.failedLogins), color: '#fa5252' },
      { name: 'High-Risk Activities', type: 'line', smooth: false, data: points.map((p) => p.highRisk), color: '#fd7e14' },
      { name: 'Data Modifications', type: 'line', smooth: false, data: points.map((p) => p.dataModifications), color: '#228be6' },
    ],
  };
  // The canvas gets its name from a wrapper with role img: a bare div may not carry aria-label.
  return (
    <div role="img" aria-label="Security Events Timeline chart">
      <ReactEChartsCore echarts={echarts} option={option} style={{ height: 300 }} notMerge />
    </div>
  );
}
