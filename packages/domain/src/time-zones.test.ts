import { describe, expect, it } from 'vitest';
import { isTimeZone, supportedTimeZones } from './time-zones';

describe('time zones', () => {
  it('offers every zone the runtime knows, UTC first, far more than the spec’s nine', () => {
    const zones = supportedTimeZones();
    expect(zones[0]).toBe('UTC');
    expect(zones.length).toBeGreaterThan(300);
    expect(zones).toEqual(expect.arrayContaining(['Europe/Berlin', 'Pacific/Auckland', 'America/Sao_Paulo']));
    expect(zones.every(isTimeZone)).toBe(true);
  });

  it.each([
    ['Europe/Berlin', true],
    ['America/Indiana/Indianapolis', true],
    ['Etc/GMT+5', true],
    ['UTC', true],
    ['Mars/Base', false],
    ['europe/berlin', false],
    ['', false],
    [42, false],
    ['Europe/Berlin\u0000', false],
  ])('%j → %s', (zone, valid) => expect(isTimeZone(zone)).toBe(valid));
});
