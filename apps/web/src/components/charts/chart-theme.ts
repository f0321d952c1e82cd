import { useSyncExternalStore } from 'react';
import { useDisplayPreferences } from '@/lib/display-preferences';

/** Colours a chart draws with, read from the theme's CSS variables (light, dark, high contrast). */
export type ChartTheme = {
  foreground: string;
  muted: string;
  grid: string;
  card: string;
  negative: string;
  series: readonly string[];
};

const SERIES_VARIABLES = Array.from({ length: 11 }, (_, index) => `--chart-${index + 1}`);

function cssVariable(style: CSSStyleDeclaration, name: string, fallback: string): string {
  return style.getPropertyValue(name).trim() || fallback;
}

export function readChartTheme(element: Element = document.documentElement): ChartTheme {
  const style = getComputedStyle(element);
  return {
    foreground: cssVariable(style, '--foreground', '#111827'),
    muted: cssVariable(style, '--muted-foreground', '#4b5563'),
    grid: cssVariable(style, '--border', '#d9dee6'),
    card: cssVariable(style, '--card', '#ffffff'),
    negative: cssVariable(style, '--chart-negative', '#b42318'),
    series: SERIES_VARIABLES.map((name) => cssVariable(style, name, '#0f6e84')),
  };
}

function prefersReducedMotion(): boolean {
  return (
    typeof window !== 'undefined' && window.matchMedia?.('(prefers-reduced-motion: reduce)').matches === true
  );
}

function subscribeToThemeClasses(onChange: () => void): () => void {
  const observer = new MutationObserver(onChange);
  observer.observe(document.documentElement, { attributes: true, attributeFilter: ['class', 'style'] });
  return () => observer.disconnect();
}

const themeClasses = () => document.documentElement.className;

// The theme classes decide what the CSS variables hold: read them again only when the classes change.
let lastTheme: { classes: string; theme: ChartTheme } | undefined;
function themeFor(classes: string): ChartTheme {
  if (lastTheme?.classes !== classes) lastTheme = { classes, theme: readChartTheme() };
  return lastTheme.theme;
}

/**
 * The chart theme, re-read whenever the document's theme classes change (theme switch, high contrast),
 * and whether charts may animate (the reduce-motion preference or the operating system's setting).
 */
export function useChartTheme(): { theme: ChartTheme; animate: boolean } {
  const { reduce_motion } = useDisplayPreferences();
  const classes = useSyncExternalStore(subscribeToThemeClasses, themeClasses, () => '');
  const theme = themeFor(classes);
  return { theme, animate: !reduce_motion && !prefersReducedMotion() };
}
