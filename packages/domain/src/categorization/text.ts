import { type IsoDate, parseIsoDate } from '../dates';

/**
 * Text folding shared by the categorization rules: accents dropped (NFKD), lower-case, whitespace
 * collapsed. 'Café  DU Monde' → 'cafe du monde'. Comparisons of names, merchants and free-text
 * categories all go through this, so they are case- and accent-insensitive.
 */
export function foldText(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase()
    .replace(/\s+/g, ' ')
    .trim();
}

/** Calendar days from `from` to `to` (negative when `to` is earlier). Throws RangeError on a bad date. */
export function daysBetween(from: IsoDate, to: IsoDate): number {
  return dayNumber(to) - dayNumber(from);
}

function dayNumber(date: IsoDate): number {
  const { year, month, day } = parseIsoDate(date);
  return Math.round(Date.UTC(year, month - 1, day) / 86_400_000);
}

/** Code-unit order of two strings, the same on every machine (no locale): for deterministic tie-breaks. */
export function compareText(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
