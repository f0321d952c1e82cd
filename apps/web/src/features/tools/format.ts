/** "29 years 7 months", "1 year", "8 months": a count of months as years and months. */
export function formatMonths(months: number): string {
  const years = Math.floor(months / 12);
  const rest = months % 12;
  const parts = [
    years > 0 ? `${years} ${years === 1 ? 'year' : 'years'}` : '',
    rest > 0 || years === 0 ? `${rest} ${rest === 1 ? 'month' : 'months'}` : '',
  ];
  return parts.filter(Boolean).join(' ');
}

/** "1 year", "12 years". */
export function formatYears(years: number): string {
  return `${years} ${years === 1 ? 'year' : 'years'}`;
}
