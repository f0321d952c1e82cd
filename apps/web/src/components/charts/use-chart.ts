import type { Chart as ChartInstance, ChartConfiguration, ChartType } from 'chart.js';
import { useEffect, useRef, useState } from 'react';

type Loader = () => Promise<{ Chart: typeof ChartInstance }>;

export const loadCharts: Loader = () => import('./chart-registry');
export const loadSankeyCharts: Loader = () => import('./sankey-registry');

/**
 * Draws `config` on the returned canvas, loading Chart.js on first use. The chart is rebuilt when the
 * config object changes (callers memoise it) and destroyed on unmount. `failed` is set when the chart
 * code cannot load (offline after an update): the caller still has its table alternative.
 */
export function useChart<T extends ChartType>(
  config: ChartConfiguration<T> | null,
  load: Loader = loadCharts,
): { canvasRef: React.RefObject<HTMLCanvasElement | null>; ready: boolean; failed: boolean } {
  const canvasRef = useRef<HTMLCanvasElement | null>(null);
  const [ready, setReady] = useState(false);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    if (!config) return;
    let chart: ChartInstance | undefined;
    let cancelled = false;
    load()
      .then(({ Chart }) => {
        const canvas = canvasRef.current;
        if (cancelled || !canvas) return;
        // happy-dom (unit tests) has no 2D context; the chart is simply not drawn there.
        if (!canvas.getContext('2d')) return;
        chart = new Chart(canvas, config as unknown as ChartConfiguration);
        setReady(true);
      })
      .catch(() => {
        if (!cancelled) setFailed(true);
      });
    return () => {
      cancelled = true;
      chart?.destroy();
    };
  }, [config, load]);
  return { canvasRef, ready, failed };
}
