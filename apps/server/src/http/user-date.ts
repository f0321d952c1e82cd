import { z } from '@hono/zod-openapi';
import { INPUT_MESSAGES, isIsoDate, userDateProblem } from '@lodestar/domain';

/**
 * A date a person types (YYYY-MM-DD), held to the one date rule of the domain (`userDateProblem`): from
 * 1900-01-01 to a year from today. "Today" is the server's UTC date: a schema is built once, before any
 * request, and a year's margin makes the user's own time zone immaterial here. `formatMessage` keeps a
 * route's own wording for a value that is not a date at all.
 */
export function userDate(
  formatMessage: string = INPUT_MESSAGES.dateFormat,
  clock: () => Date = () => new Date(),
) {
  return z
    .string({ message: formatMessage })
    .superRefine((value, ctx) => {
      const problem = isIsoDate(value)
        ? userDateProblem(value, clock().toISOString().slice(0, 10))
        : formatMessage;
      if (problem) ctx.addIssue({ code: 'custom', message: problem });
    })
    .openapi({
      type: 'string',
      format: 'date',
      description: 'YYYY-MM-DD, from 1900-01-01 to a year from today',
    });
}
