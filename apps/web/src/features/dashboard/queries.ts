import { CACHE, type PortfolioRange, type TimePeriod } from '@lodestar/domain';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { dashboardApi, dashboardKeys, type NewManualRate } from './api';

const DASHBOARD_CACHE = { staleTime: CACHE.dashboard.staleMs, gcTime: CACHE.dashboard.gcMs };

/** Summary, allocation and accounts for a period; the previous period stays on screen while a new one loads. */
export function useDashboardData(period: TimePeriod) {
  return useQuery({
    queryKey: dashboardKeys.data(period),
    queryFn: () => dashboardApi.dashboard(period),
    placeholderData: keepPreviousData,
    ...DASHBOARD_CACHE,
  });
}

/** Net-worth history; switching range keeps the previous chart visible until the new one arrives. */
export function usePortfolio(range: PortfolioRange) {
  return useQuery({
    queryKey: dashboardKeys.portfolio(range),
    queryFn: () => dashboardApi.portfolio(range),
    placeholderData: keepPreviousData,
    ...DASHBOARD_CACHE,
  });
}

export function useActivitySummary(period: TimePeriod) {
  return useQuery({
    queryKey: dashboardKeys.activitySummary(period),
    queryFn: () => dashboardApi.activitySummary(period),
    placeholderData: keepPreviousData,
    ...DASHBOARD_CACHE,
  });
}

/** The user's rates; read only while the exchange-rates dialog is open. */
export function useFxRates(enabled: boolean) {
  return useQuery({
    queryKey: dashboardKeys.fx,
    queryFn: dashboardApi.fxRates,
    enabled,
    ...DASHBOARD_CACHE,
  });
}

/**
 * A rate change alters every converted figure on every page (dashboard, accounts, expenses, insights),
 * so every query is read again: a "No exchange rate" notice goes as soon as it is no longer true.
 */
function useInvalidateDashboard() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries();
}

export function useAddManualRate() {
  const invalidate = useInvalidateDashboard();
  return useMutation({
    mutationFn: (rate: NewManualRate) => dashboardApi.addManualRate(rate),
    onSuccess: () => invalidate(),
  });
}

export function useDeleteManualRate() {
  const invalidate = useInvalidateDashboard();
  return useMutation({
    mutationFn: (id: string) => dashboardApi.deleteManualRate(id),
    onSuccess: () => invalidate(),
  });
}

export function useRefreshRates() {
  const invalidate = useInvalidateDashboard();
  return useMutation({
    mutationFn: dashboardApi.refreshRates,
    onSuccess: () => invalidate(),
  });
}
