import type { ReactNode } from 'react';

export type ChartTableColumn = { key: string; label: string; numeric?: boolean };

/**
 * The text alternative of a chart: its data as a table, behind a disclosure so it does not crowd the
 * page. Screen-reader and keyboard users reach it as an ordinary button and table.
 */
export function ChartDataTable({
  caption,
  columns,
  rows,
  summaryLabel = 'Show the data as a table',
}: {
  caption: string;
  columns: readonly ChartTableColumn[];
  rows: readonly Record<string, ReactNode>[];
  summaryLabel?: string;
}) {
  return (
    <details className="mt-3 text-sm">
      <summary className="w-fit cursor-pointer rounded-sm text-muted-foreground underline-offset-2 hover:underline focus-visible:outline-2 focus-visible:outline-ring">
        {summaryLabel}
      </summary>
      <div className="mt-2 max-h-80 overflow-auto rounded-md border border-border">
        <table className="w-full border-collapse text-left">
          <caption className="sr-only">{caption}</caption>
          <thead className="sticky top-0 bg-muted">
            <tr>
              {columns.map((column) => (
                <th
                  key={column.key}
                  scope="col"
                  className={`px-3 py-2 font-medium ${column.numeric ? 'text-right' : ''}`}
                >
                  {column.label}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {rows.map((row, index) => (
              <tr key={index} className="border-t border-border">
                {columns.map((column) => (
                  <td
                    key={column.key}
                    className={`px-3 py-1.5 ${column.numeric ? 'text-right tabular-nums' : ''}`}
                  >
                    {row[column.key]}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </details>
  );
}
