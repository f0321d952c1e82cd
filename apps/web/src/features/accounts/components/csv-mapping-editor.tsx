import type { CsvColumnRole } from '@lodestar/domain/import/csv-headers';
import type { CsvSignConvention } from '@lodestar/domain/import/csv-layout';
import { tokenizeCsv } from '@lodestar/domain/import/csv-tokenizer';
import { CSV_DATE_FORMATS, type CsvDateFormat } from '@lodestar/domain/import/statement-dates';
import { useId } from 'react';
import { Checkbox } from '@/components/ui/checkbox';
import { Label } from '@/components/ui/label';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import type { CsvMapping } from '../api';
import { FormField } from '@/components/form-field';

/** Radix Select reserves '' for "no value": a column that is not in the file is this sentinel. */
const NONE = 'none';

const SIGN_LABELS: Record<CsvSignConvention, string> = {
  signed: 'One amount column (minus = money out)',
  'debit-credit': 'Separate money-out and money-in columns',
  indicator: 'An amount column plus a debit/credit column',
};

/** The header cells, or 'Column n' for a file without a header row. */
export function columnNames(mapping: CsvMapping & { headers?: string[] }, content: string): string[] {
  const headers = mapping.headers ?? [];
  let count = headers.length;
  if (count === 0) {
    try {
      const records = tokenizeCsv(content, mapping.delimiter, {
        maxRecords: mapping.skipLines + 20,
        lenientEnd: true,
      });
      count = Math.max(0, ...records.slice(mapping.skipLines).map((record) => record.fields.length));
    } catch {
      count = 0;
    }
  }
  const highest = Math.max(-1, ...Object.values(mapping.columns).filter((value) => value !== undefined));
  count = Math.max(count, highest + 1);
  return Array.from({ length: count }, (_, index) => {
    const header = headers[index]?.trim();
    return header ? `${header} (column ${index + 1})` : `Column ${index + 1}`;
  });
}

function ColumnSelect({
  label,
  role,
  mapping,
  names,
  onChange,
  required,
}: {
  label: string;
  role: CsvColumnRole;
  mapping: CsvMapping;
  names: string[];
  onChange: (mapping: CsvMapping) => void;
  required?: boolean;
}) {
  const value = mapping.columns[role];
  return (
    <FormField label={label} error={required && value === undefined ? 'Choose a column' : undefined}>
      {(control) => (
        <Select
          value={value === undefined ? NONE : String(value)}
          onValueChange={(next) => {
            const columns = { ...mapping.columns };
            if (next === NONE) delete columns[role];
            else columns[role] = Number(next);
            onChange({ ...mapping, columns });
          }}
        >
          <SelectTrigger {...control} size="sm">
            <SelectValue />
          </SelectTrigger>
          <SelectContent>
            <SelectItem value={NONE}>Not in this file</SelectItem>
            {names.map((name, index) => (
              <SelectItem key={index} value={String(index)}>
                {name}
              </SelectItem>
            ))}
          </SelectContent>
        </Select>
      )}
    </FormField>
  );
}

/**
 * The detected CSV column mapping, editable: which column holds the date, the amount (or money out and
 * money in), the description; the date format, the decimal separator and whether to invert signs.
 */
export function CsvMappingEditor({
  mapping,
  names,
  onChange,
}: {
  mapping: CsvMapping;
  names: string[];
  onChange: (mapping: CsvMapping) => void;
}) {
  const invertId = useId();
  const column = (label: string, role: CsvColumnRole, required?: boolean) => (
    <ColumnSelect
      label={label}
      role={role}
      mapping={mapping}
      names={names}
      onChange={onChange}
      required={required}
    />
  );
  return (
    <fieldset className="grid min-w-0 grid-cols-1 gap-4 rounded-md border p-4">
      <legend className="px-1 text-sm font-semibold">Columns</legend>
      <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
        {column('Date column', 'date', true)}
        {column('Description column', 'name')}
        <FormField label="Amounts" className="sm:col-span-2">
          {(control) => (
            <Select
              value={mapping.sign}
              onValueChange={(value) => onChange({ ...mapping, sign: value as CsvSignConvention })}
            >
              <SelectTrigger {...control} size="sm">
                <SelectValue />
              </SelectTrigger>
              <SelectContent>
                {(Object.keys(SIGN_LABELS) as CsvSignConvention[]).map((sign) => (
                  <SelectItem key={sign} value={sign}>
                    {SIGN_LABELS[sign]}
                  </SelectItem>
                ))}
              </SelectContent>
            </Select>
          )}
        </FormField>
        {mapping.sign === 'debit-credit' ? (
          <>
            {column('Debit column (money out)', 'debit')}
            {column('Credit column (money in)', 'credit')}
          </>
        ) : (
          <>
            {column('Amount column', 'amount', true)}
            {mapping.sign === 'indicator' ? column('Debit/credit column', 'indicator', true) : null}
          </>
        )}
        <FormField label="Date format">
          {(control) => (
            <Select
              value={mapping.dateFormat}
              onValueChange={(value) => onChange({ ...mapping, dateFormat: value as CsvDateFormat })}
            >
              <SelectTrigger {...control} size="sm">
                <SelectValue />
              </SelectTrigger>
              <SelectContent>
                {CSV_DATE_FORMATS.map((format) => (
                  <SelectItem key={format} value={format}>
                    {format}
                  </SelectItem>
                ))}
              </SelectContent>
            </Select>
          )}
        </FormField>
        <FormField label="Decimal separator">
          {(control) => (
            <Select
              value={mapping.decimal}
              onValueChange={(value) => onChange({ ...mapping, decimal: value === ',' ? ',' : '.' })}
            >
              <SelectTrigger {...control} size="sm">
                <SelectValue />
              </SelectTrigger>
              <SelectContent>
                <SelectItem value=".">Dot (1,234.56)</SelectItem>
                <SelectItem value=",">Comma (1.234,56)</SelectItem>
              </SelectContent>
            </Select>
          )}
        </FormField>
      </div>
      <div className="flex items-start gap-2">
        <Checkbox
          id={invertId}
          aria-describedby={`${invertId}-hint`}
          checked={mapping.invertSign ?? false}
          onCheckedChange={(checked) => onChange({ ...mapping, invertSign: checked === true })}
          className="mt-0.5"
        />
        <div className="grid grid-cols-1 gap-1">
          <Label htmlFor={invertId}>Invert signs</Label>
          <p id={`${invertId}-hint`} className="text-sm text-muted-foreground">
            For card exports that list purchases as positive amounts.
          </p>
        </div>
      </div>
    </fieldset>
  );
}
