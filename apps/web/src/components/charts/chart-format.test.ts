import { describe, expect, it } from 'vitest';
import { categoryColor, OTHER_SERIES } from './category-colors';
import {
  axisCurrency,
  axisDate,
  dateToX,
  tooltipCurrency,
  tooltipDate,
  uniqueTickLabel,
} from './chart-format';

describe('chart labels follow the display preferences', () => {
  const x = dateToX('2026-11-05');

  it('writes axis dates as day and month in the date format, month and year over long spans', () => {
    expect(axisDate(x, 'MM/DD/YYYY', 90)).toBe('11/05');
    expect(axisDate(x, 'DD.MM.YYYY', 90)).toBe('05.11');
    expect(axisDate(x, 'YYYY-MM-DD', 90)).toBe('11-05');
    expect(axisDate(x, 'DD/MM/YYYY', 800)).toBe('11/2026');
    expect(axisDate(x, 'YYYY-MM-DD', 800)).toBe('2026-11');
  });

  it('writes tooltip titles as the full date in the date format, never shifted by a time zone', () => {
    expect(tooltipDate(x, 'DD.MM.YYYY')).toBe('05.11.2026');
    expect(tooltipDate(dateToX('2026-01-01'), 'MM/DD/YYYY')).toBe('01/01/2026');
  });

  it('writes amounts in the number format', () => {
    expect(tooltipCurrency(1234.5, 'USD', 'de-DE')).toMatch(/^1\.234,50\s\$$/);
    expect(tooltipCurrency(1234.5, 'USD', 'en-US')).toBe('$1,234.50');
    expect(axisCurrency(1500, 'EUR', 'de-DE')).toBe('€1,5K');
  });
});

describe('axis ticks of a short history', () => {
  it('never print the same date twice', () => {
    // Ticks every half day over three days: each date once, the ticks between days unlabelled.
    const ticks = Array.from({ length: 7 }, (_, index) => ({
      value: dateToX('2026-11-03') + index * 43_200_000,
    }));
    const label = uniqueTickLabel((x) => axisDate(x, 'MM/DD/YYYY', 3));
    expect(ticks.map((tick, index) => label(tick.value, index, ticks))).toEqual([
      '11/03',
      null,
      '11/04',
      null,
      '11/05',
      null,
      '11/06',
    ]);
  });
});

describe('category colours', () => {
  it('give the usually largest categories five different colours, none of them Other’s', () => {
    const top = [
      'RENT_AND_UTILITIES',
      'FOOD_AND_DRINK',
      'GENERAL_MERCHANDISE',
      'TRANSPORTATION',
      'ENTERTAINMENT',
    ];
    const colors = top.map(categoryColor);
    expect(new Set(colors).size).toBe(5);
    expect(colors).not.toContain(OTHER_SERIES);
    expect(categoryColor('')).toBe(OTHER_SERIES);
    expect(categoryColor('NOT_A_CATEGORY')).toBe(OTHER_SERIES);
  });
});
