/**
 * Time zones (spec §3 names nine; every IANA zone is offered, ADR 011). Lists differ between ICU
 * versions (Node 20 knows Asia/Calcutta, newer browsers Asia/Kolkata), so a zone is valid when it is
 * written like an IANA name and the runtime can compute dates in it — not only when it is on this
 * runtime's list.
 */

const IANA_NAME = /^[A-Z][A-Za-z0-9_+-]*(?:\/[A-Z][A-Za-z0-9_+-]*){0,2}$/;

/** The message for a zone that is not one. */
export const TIME_ZONE_MESSAGE = 'Time zone must be an IANA time zone, such as Europe/Berlin';

/** Whether `value` is an IANA time zone name this runtime can compute dates in ('UTC' included). */
export function isTimeZone(value: unknown): value is string {
  if (typeof value !== 'string' || value.length > 64 || !IANA_NAME.test(value)) return false;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: value });
    return true;
  } catch {
    return false;
  }
}

/** Every IANA time zone this runtime knows, UTC first, then alphabetical. */
export function supportedTimeZones(): string[] {
  const zones = Intl.supportedValuesOf('timeZone').filter((zone) => zone !== 'UTC');
  return ['UTC', ...zones.sort()];
}
