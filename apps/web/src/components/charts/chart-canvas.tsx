import type { RefObject } from 'react';

/**
 * The canvas a chart draws on. Until Chart.js has loaded and sized it, a canvas is 300 × 150 px by
 * default: `max-w-full` keeps it inside its box, so a page at 375 px never scrolls sideways while the
 * chart code is on its way.
 */
export function ChartCanvas({
  canvasRef,
  ariaLabel,
}: {
  canvasRef: RefObject<HTMLCanvasElement | null>;
  ariaLabel: string;
}) {
  return (
    <canvas ref={canvasRef} role="img" aria-label={ariaLabel} className="block max-w-full">
      {ariaLabel}
    </canvas>
  );
}
