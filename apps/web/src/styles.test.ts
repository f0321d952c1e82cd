/// <reference types="node" />
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * Reads the colour tokens of styles.css as the browser combines them (:root, then .dark, then
 * .high-contrast, then .dark.high-contrast) and checks the WCAG contrast of every text/background pair.
 */

const CSS = readFileSync(resolve(import.meta.dirname, 'styles.css'), 'utf8');

function tokens(selector: string): Record<string, string> {
  const escaped = selector.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const block = new RegExp(`^${escaped} \\{([^}]*)\\}`, 'm').exec(CSS);
  if (!block?.[1]) throw new Error(`No ${selector} block in styles.css`);
  return Object.fromEntries(
    [...block[1].matchAll(/--([\w-]+):\s*(#[0-9a-fA-F]{6})\s*;/g)].map((match) => [match[1], match[2]]),
  );
}

const THEMES = {
  light: { ...tokens(':root') },
  dark: { ...tokens(':root'), ...tokens('.dark') },
  'light high contrast': { ...tokens(':root'), ...tokens('.high-contrast') },
  'dark high contrast': {
    ...tokens(':root'),
    ...tokens('.dark'),
    ...tokens('.high-contrast'),
    ...tokens('.dark.high-contrast'),
  },
};

function luminance(hex: string): number {
  const [r, g, b] = [1, 3, 5].map((at) => {
    const channel = Number.parseInt(hex.slice(at, at + 2), 16) / 255;
    return channel <= 0.03928 ? channel / 12.92 : ((channel + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * (r ?? 0) + 0.7152 * (g ?? 0) + 0.0722 * (b ?? 0);
}

/** The WCAG 2 contrast ratio of two colours. */
function contrast(a: string, b: string): number {
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return ((light ?? 0) + 0.05) / ((dark ?? 0) + 0.05);
}

/** Text (foreground token) on a surface (background token), as the components use them. */
const TEXT_PAIRS: [text: string, surface: string][] = [
  ['foreground', 'background'],
  ['foreground', 'card'],
  ['foreground', 'muted'],
  ['foreground', 'accent'],
  ['card-foreground', 'card'],
  ['muted-foreground', 'background'],
  ['muted-foreground', 'card'],
  ['muted-foreground', 'muted'],
  ['primary-foreground', 'primary'],
  ['primary', 'card'],
  ['primary', 'background'],
  ['accent-foreground', 'accent'],
  ['highlight-foreground', 'highlight'],
  ['destructive-foreground', 'destructive'],
  ['destructive', 'card'],
  ['destructive', 'background'],
  ['chart-negative', 'card'],
  ['sidebar-foreground', 'sidebar'],
  ['sidebar-foreground', 'sidebar-active'],
];

/** Borders, focus rings and chart series: WCAG 1.4.11 asks 3:1 against what is next to them. */
const NON_TEXT_PAIRS: [part: string, surface: string][] = [
  ['border', 'card'],
  ['input', 'card'],
  ['ring', 'background'],
  ['ring', 'card'],
  ...[1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11].map((n): [string, string] => [`chart-${n}`, 'card']),
];

function ratio(theme: Record<string, string>, a: string, b: string): number {
  const first = theme[a];
  const second = theme[b];
  if (!first || !second) throw new Error(`Missing --${first ? b : a}`);
  return Math.round(contrast(first, second) * 100) / 100;
}

describe('colour contrast of styles.css', () => {
  it('computes WCAG ratios correctly', () => {
    expect(contrast('#000000', '#ffffff')).toBeCloseTo(21);
    expect(contrast('#777777', '#ffffff')).toBeCloseTo(4.48, 2);
  });

  for (const name of ['light high contrast', 'dark high contrast'] as const) {
    it(`${name}: every text pair reaches WCAG AAA (7:1)`, () => {
      const theme = THEMES[name];
      const failing = TEXT_PAIRS.filter(([text, surface]) => ratio(theme, text, surface) < 7);
      expect(
        failing.map(([text, surface]) => `${text} on ${surface}: ${ratio(theme, text, surface)}`),
      ).toEqual([]);
    });

    it(`${name}: borders, focus ring and chart colours reach 3:1`, () => {
      const theme = THEMES[name];
      const failing = NON_TEXT_PAIRS.filter(([part, surface]) => ratio(theme, part, surface) < 3);
      expect(
        failing.map(([part, surface]) => `${part} on ${surface}: ${ratio(theme, part, surface)}`),
      ).toEqual([]);
    });
  }

  for (const name of ['light', 'dark'] as const) {
    it(`${name}: every text pair reaches WCAG AA (4.5:1)`, () => {
      const theme = THEMES[name];
      const failing = TEXT_PAIRS.filter(([text, surface]) => ratio(theme, text, surface) < 4.5);
      expect(
        failing.map(([text, surface]) => `${text} on ${surface}: ${ratio(theme, text, surface)}`),
      ).toEqual([]);
    });
  }
});

describe('motion and text size rules of styles.css', () => {
  it('ends every animation and starts no transition under .reduce-motion and the system setting', () => {
    const rules = [
      /html\.reduce-motion \*::after \{([^}]*)\}/.exec(CSS)?.[1] ?? '',
      /@media \(prefers-reduced-motion: reduce\) \{[^{]*\{([^}]*)\}/.exec(CSS)?.[1] ?? '',
    ];
    for (const rule of rules) {
      expect(rule).toMatch(/animation-duration: 0\.01ms !important/);
      // Zero, not near zero: any duration above 0s starts a transition of every property on every
      // element (transition-property defaults to `all`), and colours then lag a theme switch by a frame.
      expect(rule).toMatch(/transition-duration: 0s !important/);
      expect(rule).toMatch(/animation-iteration-count: 1 !important/);
    }
  });

  it('scales the root font size for small, medium and large', () => {
    const size = (name: string) =>
      new RegExp(`html\\[data-font-size='${name}'\\] \\{\\s*font-size: ([\\d.]+%)`).exec(CSS)?.[1];
    expect([size('small'), size('medium'), size('large')]).toEqual(['87.5%', '100%', '112.5%']);
  });
});
