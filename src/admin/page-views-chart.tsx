/**
 * The dashboard's bar chart of page views per day, drawn with uPlot (a small canvas chart
 * library). Loaded lazily by /analytics-dashboard only, so neither uPlot nor this file is in any
 * other page's bytes. The canvas is hidden from screen readers: the page's table of the same
 * figures is their view. Colours come from the theme tokens, so every theme restyles it.
 */
import { useEffect, useRef } from 'react';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';

/** Chart height, CSS px (fits a 390 px wide phone in portrait). */
const chartHeight = 220;

/** A theme token's value on `element`, e.g. `--color-primary`. */
function token(element: HTMLElement, name: string): string {
  return getComputedStyle(element).getPropertyValue(name).trim() || 'currentColor';
}

/** uPlot's options for one bar series of daily counts, in the theme's colours. */
function chartOptions(element: HTMLElement, width: number): uPlot.Options {
  const text = token(element, '--color-text-muted');
  const grid = token(element, '--color-border');
  const axis = { stroke: text, grid: { stroke: grid, width: 1 }, ticks: { stroke: grid } };
  return {
    width,
    height: chartHeight,
    legend: { show: false },
    cursor: { show: false },
    scales: { x: { time: true }, y: { range: (_plot, _min, max) => [0, Math.max(4, max)] } },
    axes: [axis, { ...axis, values: (_plot, ticks) => ticks.map((tick) => String(tick)) }],
    series: [
      {},
      {
        label: 'Page views',
        stroke: token(element, '--color-primary'),
        fill: token(element, '--color-primary'),
        paths: uPlot.paths.bars!({ size: [0.7, 40] }),
        points: { show: false },
      },
    ],
  };
}

/**
 * Page views per day as bars. `days` are UTC days (YYYY-MM-DD) oldest first, `counts` their
 * views; redrawn when they change and when the container's width changes.
 */
export function PageViewsChart({ days, counts }: { days: string[]; counts: number[] }) {
  const container = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const element = container.current;
    if (!element) return;
    // uPlot's time axis counts seconds; noon UTC keeps each bar on its own day in any zone.
    const data: uPlot.AlignedData = [
      days.map((day) => Date.parse(`${day}T12:00:00Z`) / 1000),
      counts,
    ];
    const plot = new uPlot(chartOptions(element, element.clientWidth), data, element);
    const observer = new ResizeObserver(() => {
      plot.setSize({ width: element.clientWidth, height: chartHeight });
    });
    observer.observe(element);
    return () => {
      observer.disconnect();
      plot.destroy();
    };
  }, [days, counts]);

  return <div ref={container} className="analytics-chart" aria-hidden="true" />;
}
