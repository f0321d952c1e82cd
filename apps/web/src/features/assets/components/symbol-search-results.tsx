import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { LoadError } from '@/components/load-error';
import { INSTRUMENT_LABELS, searchQuery, type SecuritySearch } from '../market-api';

type Result = SecuritySearch['results'][number];

/** A search result's kind, exchange and currency, as one line. */
export function resultDetails(result: Result): string {
  return [INSTRUMENT_LABELS[result.type], result.exchange, result.currency].filter(Boolean).join(' · ');
}

/**
 * The market search's answer for `query` (nothing before one is asked): "Searching…", the failure with
 * Retry, `empty` when nothing matches, else the list with each result drawn by `item`.
 */
export function SymbolSearchResults({
  query,
  label,
  empty,
  limit,
  className,
  item,
}: {
  query: string;
  label: string;
  empty: ReactNode;
  limit?: number;
  className: string;
  item: (result: Result) => ReactNode;
}) {
  const results = useQuery(searchQuery(query));
  if (query === '') return null;
  if (results.isPending)
    return (
      <p className="text-sm text-muted-foreground" role="status">
        Searching…
      </p>
    );
  if (results.isError)
    return (
      <LoadError
        title="Search failed"
        error={results.error}
        onRetry={() => void results.refetch()}
        retrying={results.isFetching}
      />
    );
  if (results.data.results.length === 0)
    return (
      <p className="text-sm text-muted-foreground" role="status">
        {empty}
      </p>
    );
  return (
    <ul aria-label={label} className={className}>
      {results.data.results.slice(0, limit).map(item)}
    </ul>
  );
}
