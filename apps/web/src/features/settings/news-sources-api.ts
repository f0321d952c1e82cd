import { queryOptions } from '@tanstack/react-query';
import { apiFetch, type ApiData } from '@/lib/api-client';

/**
 * GET /market/news/sources (docs/markets-api.md "News"): the publishers of the news the user was shown
 * in the last 30 days, for Settings → Financial → Market News to choose from.
 */
export type NewsSources = ApiData<'/market/news/sources'>;

export const newsSourcesQuery = () =>
  queryOptions({
    queryKey: ['market', 'news-sources'],
    queryFn: ({ signal }) => apiFetch<NewsSources>('/market/news/sources', { signal }),
    // Headlines are cached for ten minutes on the server; the publishers change more slowly still.
    staleTime: 5 * 60_000,
    // A choice beside the typed names, with its own Retry: fail fast.
    retry: false,
  });
