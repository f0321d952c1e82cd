import { describe, expect, it } from 'vitest';
import { addDays, isIsoDate } from './dates';
import { EARLIEST_USER_DATE, latestUserDate, nulCharacterItems, userDateProblem } from './input-bounds';

describe('dates a person or a file gives', () => {
  const today = '2026-11-25';

  it('accepts 1900-01-01 up to a year from today', () => {
    expect(userDateProblem(EARLIEST_USER_DATE, today)).toBeUndefined();
    expect(userDateProblem(today, today)).toBeUndefined();
    expect(userDateProblem('2027-11-25', today)).toBeUndefined();
  });

  it.each(['0001-01-01', '1000-01-01', '1899-12-31'])('refuses %s as too early', (date) =>
    expect(userDateProblem(date, today)).toBe('The date must be on or after 1900-01-01'),
  );

  it('refuses a date more than a year ahead, naming the last one allowed', () =>
    expect(userDateProblem('2027-11-26', today)).toBe(
      'The date must be on or before 2027-11-25 (a year from today)',
    ));

  it.each(['2026-02-30', '26-01-01', '', '2026-1-1'])('refuses %j as not a date', (date) =>
    expect(userDateProblem(date, today)).toBe('Use a real date written YYYY-MM-DD'),
  );

  it('a year from 29 February is 28 February', () => expect(latestUserDate('2028-02-29')).toBe('2029-02-28'));

  it('reads years before 100 as themselves (Date.UTC would make 0001 into 1901)', () => {
    expect(isIsoDate('0001-01-01')).toBe(true);
    expect(addDays('0001-01-01', 1)).toBe('0001-01-02');
  });
});

describe('NUL characters in request values', () => {
  it('names each field holding one, by its path, in values and keys', () => {
    const items = nulCharacterItems({
      name: 'ok',
      note: 'a\u0000b',
      conditions: [{ value: 'x' }, { value: '\u0000' }],
      ['bad\u0000key']: 1,
    });
    expect(items.map((item) => item.field).sort()).toEqual(['bad\u0000key', 'conditions.1.value', 'note']);
    expect(items[0]).toMatchObject({ code: 'nul_character' });
  });

  it('names the line of a multi-line text such as a statement file', () => {
    const [item] = nulCharacterItems({ content: 'Date,Amount\n2026-01-01,1\n2026-01-02,\u00002\n' });
    expect(item?.field).toBe('content');
    expect(item?.message).toMatch(/^Line 3: the file contains a NUL character/);
  });

  it('finds nothing in clean or non-text values, and survives deep nesting', () => {
    expect(nulCharacterItems({ a: [1, true, null, { b: 'c' }] })).toEqual([]);
    let deep: unknown = 'x\u0000';
    for (let level = 0; level < 100_000; level += 1) deep = [deep];
    expect(nulCharacterItems(deep)).toHaveLength(1);
  });
});
