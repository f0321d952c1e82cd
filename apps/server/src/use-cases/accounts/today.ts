import { storedPreferences, type Executor } from '@lodestar/db';
import { mergePreferences } from '@lodestar/domain';

/** Today's date (YYYY-MM-DD) in the user's time zone preference. */
export async function todayFor(db: Executor, userId: string, now: Date): Promise<string> {
  const { time_zone: timeZone } = mergePreferences(await storedPreferences(db, userId));
  return dateIn(timeZone, now);
}

export function dateIn(timeZone: string, now: Date): string {
  return new Intl.DateTimeFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(now);
}
