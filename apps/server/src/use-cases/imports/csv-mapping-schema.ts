import { z } from '@hono/zod-openapi';
import { CSV_COLUMN_ROLES, CSV_DATE_FORMATS, CSV_DELIMITERS, type CsvMapping } from '@lodestar/domain';

const columnIndex = z.number().int().min(0).max(999);

/**
 * The domain's CsvMapping as the API takes it back (preview may add `warnings`, which are dropped).
 * Whether the chosen columns fit the file is the parser's call: it answers with the line at fault.
 */
export const csvMappingSchema = z
  .object({
    delimiter: z.enum(CSV_DELIMITERS),
    skipLines: z.number().int().min(0).max(10_000),
    hasHeader: z.boolean(),
    headers: z.array(z.string().max(500)).max(1_000).optional(),
    columns: z.partialRecord(z.enum(CSV_COLUMN_ROLES), columnIndex),
    dateFormat: z.enum(CSV_DATE_FORMATS),
    decimal: z.enum(['.', ',']),
    sign: z.enum(['signed', 'debit-credit', 'indicator']),
    invertSign: z.boolean().optional(),
  })
  .openapi('CsvMapping') satisfies z.ZodType<CsvMapping>;

/** A mapping saved earlier, if it still reads as one (anything else is ignored and detected again). */
export function savedCsvMapping(value: unknown): CsvMapping | undefined {
  const parsed = csvMappingSchema.safeParse(value);
  return parsed.success ? parsed.data : undefined;
}
