import {
  ACCOUNT_TYPES,
  accountTypeLabel,
  categoryLabel,
  REPORT_CHART_LABELS,
  REPORT_CHARTS,
  REPORT_GROUPING_LABELS,
  REPORT_GROUPINGS,
  REPORT_INTERVAL_LABELS,
  REPORT_INTERVALS,
  REPORT_MAX_AMOUNT,
  REPORT_MEASURE_LABELS,
  REPORT_MESSAGES,
  REPORT_MEASURES,
  REPORT_RANGE_LABELS,
  REPORT_RANGES,
  REPORT_UNCATEGORIZED,
  reportDefinitionSchema,
  TRANSACTION_CATEGORY_VALUES,
  type ReportChart,
  type ReportDefinition,
  type ReportGrouping,
  type ReportInterval,
  type ReportMeasure,
  type ReportRangePreset,
} from '@lodestar/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  ArrowDown,
  ArrowUp,
  BarChart3,
  Copy,
  Download,
  Link2,
  Pin,
  PinOff,
  Save,
  SearchX,
  Trash2,
} from 'lucide-react';
import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { toast } from 'sonner';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { DateInput } from '@/components/date-input';
import { EmptyState } from '@/components/empty-state';
import { todayIn, useFigureDisplay } from '@/components/figure-display';
import { LoadError } from '@/components/load-error';
import { PageHeader } from '@/components/page-header';
import { ReportChartOf, ReportSummary, ReportTable } from '@/components/reports/report-view';
import { Skeleton } from '@/components/ui/skeleton';
import { Button } from '@/components/ui/button';
import { WriteOnly } from '@/components/write-only';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { Checkbox } from '@/components/ui/checkbox';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { apiFetch, errorMessage, type ApiData } from '@/lib/api-client';
import { setActingHousehold, useActingHousehold, useMemberships } from '@/lib/household';
import {
  reportsApi,
  reportsKeys,
  runReportQuery,
  savedReportsQuery,
  REPORTS_ERROR,
  RUN_ERROR,
  type SavedReport,
} from '@/lib/reports-api';
import { useSession } from '@/lib/session';
import {
  changeDefinition,
  csvFileName,
  DEFAULT_DEFINITION,
  groupingsFor,
  reportCsv,
} from '@/lib/reports-model';
import { accountOptionsQuery } from '../api';

function Choice<T extends string>({
  id,
  label,
  value,
  options,
  labels,
  onChange,
}: {
  id: string;
  label: string;
  value: T;
  options: readonly T[];
  labels: Record<T, string>;
  onChange: (value: T) => void;
}) {
  return (
    <div className="grid gap-1.5">
      <Label htmlFor={id}>{label}</Label>
      <Select value={value} onValueChange={(next) => onChange(next as T)}>
        <SelectTrigger id={id} className="w-full">
          <SelectValue />
        </SelectTrigger>
        <SelectContent>
          {options.map((option) => (
            <SelectItem key={option} value={option}>
              {labels[option]}
            </SelectItem>
          ))}
        </SelectContent>
      </Select>
    </div>
  );
}

function CheckList({
  legend,
  options,
  chosen,
  onChange,
}: {
  legend: string;
  options: readonly { value: string; label: string }[];
  chosen: readonly string[] | undefined;
  onChange: (values: string[] | undefined) => void;
}) {
  const set = new Set(chosen ?? []);
  return (
    <fieldset className="grid gap-1.5">
      <legend className="mb-1 text-sm font-medium">
        {legend}{' '}
        <span className="font-normal text-muted-foreground">
          ({chosen?.length ? `${chosen.length} chosen` : 'all'})
        </span>
      </legend>
      <div className="grid max-h-44 gap-1 overflow-auto rounded-md border p-2">
        {options.map((option) => (
          <label key={option.value} className="flex items-center gap-2 text-sm">
            <Checkbox
              checked={set.has(option.value)}
              onCheckedChange={(checked) => {
                const next = new Set(set);
                if (checked === true) next.add(option.value);
                else next.delete(option.value);
                onChange(next.size > 0 ? [...next] : undefined);
              }}
            />
            {option.label}
          </label>
        ))}
      </div>
    </fieldset>
  );
}

/** The builder's controls: what to measure, how to group and split it, which rows, how to draw it. */
function Builder({
  definition,
  onChange,
  today,
}: {
  definition: ReportDefinition;
  onChange: (change: Partial<ReportDefinition>) => void;
  today: string;
}) {
  const accounts = useQuery(accountOptionsQuery());
  const filters = definition.filters;
  const setFilters = (change: Partial<ReportDefinition['filters']>) => {
    const next: Record<string, unknown> = { ...filters, ...change };
    for (const key of Object.keys(next)) if (next[key] === undefined) delete next[key];
    onChange({ filters: next as ReportDefinition['filters'] });
  };
  const [tagsText, setTagsText] = useState((filters.tags ?? []).join(', '));
  const [searchText, setSearchText] = useState(filters.search ?? '');
  const isBalance = definition.measure === 'balance';
  return (
    <div className="grid gap-4">
      <div className="grid grid-cols-1 gap-3 sm:grid-cols-2 xl:grid-cols-3">
        <Choice<ReportMeasure>
          id="report-measure"
          label="Measure"
          value={definition.measure}
          options={REPORT_MEASURES}
          labels={REPORT_MEASURE_LABELS}
          onChange={(measure) => onChange({ measure })}
        />
        <Choice<ReportGrouping>
          id="report-group"
          label="Rows"
          value={definition.groupBy}
          options={groupingsFor(definition.measure, REPORT_GROUPINGS)}
          labels={REPORT_GROUPING_LABELS}
          onChange={(groupBy) => onChange({ groupBy })}
        />
        <Choice<ReportInterval>
          id="report-interval"
          label="Columns"
          value={definition.interval}
          options={REPORT_INTERVALS}
          labels={REPORT_INTERVAL_LABELS}
          onChange={(interval) => onChange({ interval })}
        />
        <Choice<ReportRangePreset>
          id="report-range"
          label="Dates"
          value={definition.range.preset}
          options={REPORT_RANGES}
          labels={REPORT_RANGE_LABELS}
          onChange={(preset) => onChange({ range: { preset } })}
        />
        {definition.range.preset === 'custom' ? (
          <>
            <div className="grid gap-1.5">
              <Label htmlFor="report-from">From</Label>
              <DateInput
                id="report-from"
                value={definition.range.from ?? ''}
                max={definition.range.to ?? today}
                onlyDates
                onChange={(from) => from && onChange({ range: { ...definition.range, from } })}
              />
            </div>
            <div className="grid gap-1.5">
              <Label htmlFor="report-to">To</Label>
              <DateInput
                id="report-to"
                value={definition.range.to ?? ''}
                min={definition.range.from ?? ''}
                onlyDates
                onChange={(to) => to && onChange({ range: { ...definition.range, to } })}
              />
            </div>
          </>
        ) : null}
        <Choice<ReportChart>
          id="report-chart"
          label="Show as"
          value={definition.chart}
          options={REPORT_CHARTS}
          labels={REPORT_CHART_LABELS}
          onChange={(chart) => onChange({ chart })}
        />
      </div>
      <label className="flex items-center gap-2 text-sm">
        <Checkbox
          checked={definition.compare}
          onCheckedChange={(checked) => onChange({ compare: checked === true })}
        />
        Compare with the previous period
      </label>
      <details className="rounded-md border p-3">
        <summary className="cursor-pointer text-sm font-medium">Filters</summary>
        <div className="mt-3 grid grid-cols-1 gap-4 md:grid-cols-2 xl:grid-cols-3">
          {isBalance ? null : (
            <CheckList
              legend="Categories"
              options={[...TRANSACTION_CATEGORY_VALUES, REPORT_UNCATEGORIZED].map((value) => ({
                value,
                label: value === REPORT_UNCATEGORIZED ? 'Uncategorized' : categoryLabel(value),
              }))}
              chosen={filters.categories}
              onChange={(categories) =>
                setFilters({ categories: categories as ReportDefinition['filters']['categories'] })
              }
            />
          )}
          <CheckList
            legend="Accounts"
            options={(accounts.data ?? []).map((account) => ({ value: account.id, label: account.name }))}
            chosen={filters.accounts}
            onChange={(ids) => setFilters({ accounts: ids })}
          />
          <CheckList
            legend="Account types"
            options={ACCOUNT_TYPES.map((type) => ({ value: type, label: accountTypeLabel(type) }))}
            chosen={filters.accountTypes}
            onChange={(types) =>
              setFilters({ accountTypes: types as ReportDefinition['filters']['accountTypes'] })
            }
          />
          {isBalance ? null : (
            <>
              <div className="grid content-start gap-1.5">
                <Label htmlFor="report-tags">Tags (any of, separated by commas)</Label>
                <Input
                  id="report-tags"
                  value={tagsText}
                  onChange={(event) => setTagsText(event.target.value)}
                  onBlur={() => {
                    const tags = [
                      ...new Set(
                        tagsText
                          .split(',')
                          .map((tag) => tag.trim())
                          .filter(Boolean),
                      ),
                    ];
                    setFilters({ tags: tags.length > 0 ? tags.slice(0, 20) : undefined });
                  }}
                />
              </div>
              <AmountRangeFilter value={filters.amount} onChange={(amount) => setFilters({ amount })} />
              <div className="grid content-start gap-1.5">
                <Label htmlFor="report-search">Text in the name or merchant</Label>
                <Input
                  id="report-search"
                  value={searchText}
                  maxLength={100}
                  onChange={(event) => setSearchText(event.target.value)}
                  onBlur={() => {
                    const search = searchText.trim();
                    setFilters({ search: search.length >= 2 ? search : undefined });
                  }}
                />
              </div>
            </>
          )}
        </div>
      </details>
    </div>
  );
}

/** A bound as typed: '' (none), a number of at most two decimals within range, or null (not valid). */
function readBound(text: string): number | undefined | null {
  const trimmed = text.trim();
  if (trimmed === '') return undefined;
  if (!/^\d{1,10}(\.\d{1,2})?$/.test(trimmed)) return null;
  const value = Number(trimmed);
  return value <= REPORT_MAX_AMOUNT ? value : null;
}

/** The amount range filter: the size of each transaction (without its sign) in its own currency. */
function AmountRangeFilter({
  value,
  onChange,
}: {
  value: ReportDefinition['filters']['amount'];
  onChange: (amount: ReportDefinition['filters']['amount']) => void;
}) {
  const [minText, setMinText] = useState(value?.min === undefined ? '' : String(value.min));
  const [maxText, setMaxText] = useState(value?.max === undefined ? '' : String(value.max));
  const [error, setError] = useState<string | null>(null);
  const apply = () => {
    const min = readBound(minText);
    const max = readBound(maxText);
    if (min === null) return setError(REPORT_MESSAGES.amountMin);
    if (max === null) return setError(REPORT_MESSAGES.amountMax);
    if (min !== undefined && max !== undefined && min > max) return setError(REPORT_MESSAGES.amountOrder);
    setError(null);
    onChange(
      min === undefined && max === undefined
        ? undefined
        : { ...(min !== undefined ? { min } : {}), ...(max !== undefined ? { max } : {}) },
    );
  };
  return (
    <fieldset className="grid min-w-0 content-start gap-1.5" aria-describedby="report-amount-help">
      <legend className="text-sm font-medium">Amount range</legend>
      <p id="report-amount-help" className="text-muted-foreground text-xs">
        The size of each transaction, money in or out, in its own currency.
      </p>
      <div className="grid grid-cols-2 gap-2">
        <div className="grid min-w-0 gap-1">
          <Label htmlFor="report-amount-min">At least</Label>
          <Input
            id="report-amount-min"
            inputMode="decimal"
            value={minText}
            aria-invalid={error !== null}
            aria-describedby={error ? 'report-amount-error' : undefined}
            onChange={(event) => setMinText(event.target.value)}
            onBlur={apply}
          />
        </div>
        <div className="grid min-w-0 gap-1">
          <Label htmlFor="report-amount-max">At most</Label>
          <Input
            id="report-amount-max"
            inputMode="decimal"
            value={maxText}
            aria-invalid={error !== null}
            aria-describedby={error ? 'report-amount-error' : undefined}
            onChange={(event) => setMaxText(event.target.value)}
            onBlur={apply}
          />
        </div>
      </div>
      {error ? (
        <p id="report-amount-error" role="alert" className="text-destructive text-sm">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}

function SavedList({
  reports,
  openId,
  onOpen,
}: {
  reports: SavedReport[];
  openId: string | null;
  onOpen: (report: SavedReport) => void;
}) {
  const queryClient = useQueryClient();
  const reorder = useMutation({
    mutationFn: (ids: string[]) => reportsApi.reorder(ids),
    onSuccess: (list) => queryClient.setQueryData(reportsKeys.saved, list),
    onError: (error) => toast.error(errorMessage(error)),
  });
  const move = (index: number, by: number) => {
    const ids = reports.map((report) => report.id);
    const [id] = ids.splice(index, 1);
    if (id) ids.splice(index + by, 0, id);
    reorder.mutate(ids);
  };
  if (reports.length === 0) {
    return <p className="text-sm text-muted-foreground">No saved reports yet. Build one and save it.</p>;
  }
  return (
    <ol className="grid gap-1">
      {reports.map((report, index) => (
        <li key={report.id} className="flex items-center gap-1">
          <Button
            variant={report.id === openId ? 'outline' : 'ghost'}
            className="min-w-0 flex-1 justify-start"
            aria-current={report.id === openId ? 'true' : undefined}
            onClick={() => onOpen(report)}
          >
            {report.pinned ? <Pin aria-label="Pinned to the dashboard" /> : null}
            <span className="truncate">{report.name}</span>
          </Button>
          <WriteOnly>
            <Button
              variant="ghost"
              size="icon"
              aria-label={`Move ${report.name} up`}
              disabled={index === 0 || reorder.isPending}
              onClick={() => move(index, -1)}
            >
              <ArrowUp aria-hidden="true" />
            </Button>
            <Button
              variant="ghost"
              size="icon"
              aria-label={`Move ${report.name} down`}
              disabled={index === reports.length - 1 || reorder.isPending}
              onClick={() => move(index, 1)}
            >
              <ArrowDown aria-hidden="true" />
            </Button>
          </WriteOnly>
        </li>
      ))}
    </ol>
  );
}

/** The members of one's own household (the cache Settings → Household keeps too). */
const MEMBERS_KEY = ['user', 'household', 'members'] as const;
export const SHARE_TOASTS = {
  copied: 'Link copied. Members of your household can open this report; nobody else can.',
  failed: 'Failed to copy the link',
} as const;

/**
 * The household a shared link names (`?household=` the owner's id, with `?id=`): a member is switched
 * into it, as the header's switcher would; the owner stays in their own. Anyone else stays where they
 * are, where the report is not found (the server answers nobody outside the household). Pending while
 * the link's household is being checked.
 */
function useSharedHousehold(): boolean {
  const [params, setParams] = useSearchParams();
  const queryClient = useQueryClient();
  const shared = params.get('household');
  const session = useSession();
  const acting = useActingHousehold();
  const myId = session.user?.id ?? null;
  const memberships = useMemberships(shared !== null && myId !== null && shared !== myId);
  useEffect(() => {
    if (shared === null || myId === null) return;
    let target: string | null = null;
    if (shared !== myId) {
      if (!memberships.isSuccess && !memberships.isError) return;
      const member = memberships.data?.households.some((household) => household.ownerUserId === shared);
      target = member ? shared : acting;
    }
    if (target !== acting) {
      setActingHousehold(target);
      void queryClient.resetQueries();
    }
    setParams(
      (previous) => {
        const next = new URLSearchParams(previous);
        next.delete('household');
        return next;
      },
      { replace: true },
    );
  }, [
    shared,
    myId,
    acting,
    memberships.isSuccess,
    memberships.isError,
    memberships.data,
    queryClient,
    setParams,
  ]);
  return shared !== null;
}

/**
 * "Copy link" for a saved report: an in-app address (`/reports?id=…&household=…`) that members of the
 * household open read-only after signing in; the server answers nobody else, so it is never public.
 * Offered when the household has someone to share with: in one's own, once a member has joined; in
 * someone else's, always.
 */
function ShareReportButton({ report }: { report: SavedReport }) {
  const acting = useActingHousehold();
  const session = useSession();
  const members = useQuery({
    queryKey: MEMBERS_KEY,
    queryFn: () => apiFetch<ApiData<'/household/members'>>('/household/members'),
    enabled: acting === null,
    staleTime: 60_000,
  });
  const owner = acting ?? session.user?.id ?? null;
  const hasMembers =
    acting !== null || (members.data?.members.some((member) => member.status === 'active') ?? false);
  if (!owner || !hasMembers) return null;
  const copy = async () => {
    const url = new URL('/reports', window.location.origin);
    url.searchParams.set('id', report.id);
    url.searchParams.set('household', owner);
    try {
      if (!navigator.clipboard?.writeText) throw new Error('The clipboard is not available');
      await navigator.clipboard.writeText(url.toString());
      toast.success(SHARE_TOASTS.copied);
    } catch {
      toast.error(SHARE_TOASTS.failed, { description: url.toString() });
    }
  };
  return (
    <Button variant="outline" size="sm" onClick={() => void copy()}>
      <Link2 aria-hidden="true" />
      Copy link
    </Button>
  );
}

function readDefinition(raw: string | null): ReportDefinition | null {
  if (!raw) return null;
  try {
    const parsed = reportDefinitionSchema.safeParse(JSON.parse(raw));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/**
 * Reports: build a report (measure, rows, columns, dates, filters, chart), see it as a chart and a table
 * whose every figure opens its rows in Activity, download the table as CSV, and save, duplicate, reorder,
 * pin to the dashboard or delete saved reports. The open report is in the URL (`?id=` or `?definition=`).
 */
export function ReportsRoute() {
  const display = useFigureDisplay();
  const today = todayIn(display.timeZone);
  const queryClient = useQueryClient();
  const [params, setParams] = useSearchParams();
  const checkingLink = useSharedHousehold();
  const saved = useQuery(savedReportsQuery());
  const openId = params.get('id');
  const open = saved.data?.find((report) => report.id === openId) ?? null;
  const notFound = openId !== null && !checkingLink && saved.isSuccess && open === null;
  const definition = readDefinition(params.get('definition')) ?? open?.definition ?? DEFAULT_DEFINITION;
  const [name, setName] = useState('');
  const [confirmDelete, setConfirmDelete] = useState(false);
  const run = useQuery(runReportQuery(definition));

  // Read from the URL as it is when the change applies, so quick successive changes all hold.
  const changeReport = (change: Partial<ReportDefinition>) =>
    setParams(
      (previous) => {
        const current = readDefinition(previous.get('definition')) ?? open?.definition ?? DEFAULT_DEFINITION;
        const updated = new URLSearchParams(previous);
        updated.set('definition', JSON.stringify(changeDefinition(current, change, today)));
        return updated;
      },
      { preventScrollReset: true },
    );
  const openReport = (report: SavedReport) => {
    setName(report.name);
    setParams(new URLSearchParams({ id: report.id }));
  };
  const changed = open !== null && JSON.stringify(open.definition) !== JSON.stringify(definition);
  const refresh = (report?: SavedReport) => {
    void queryClient.invalidateQueries({ queryKey: reportsKeys.saved });
    if (report) openReport(report);
  };
  const create = useMutation({
    mutationFn: () => reportsApi.create({ name: name.trim(), definition }),
    onSuccess: (report) => {
      toast.success(`Saved “${report.name}”`);
      refresh(report);
    },
    onError: (error) => toast.error(errorMessage(error)),
  });
  const update = useMutation({
    mutationFn: (body: { name?: string; definition?: ReportDefinition; pinned?: boolean }) =>
      reportsApi.update(openId ?? '', body),
    onSuccess: (report, body) => {
      toast.success(
        body.pinned === true
          ? `“${report.name}” is pinned to the dashboard`
          : body.pinned === false
            ? `“${report.name}” is no longer on the dashboard`
            : `Saved “${report.name}”`,
      );
      refresh(report);
    },
    onError: (error) => toast.error(errorMessage(error)),
  });
  const duplicate = useMutation({
    mutationFn: () => reportsApi.duplicate(openId ?? ''),
    onSuccess: (report) => {
      toast.success(`Saved “${report.name}”`);
      refresh(report);
    },
    onError: (error) => toast.error(errorMessage(error)),
  });
  const remove = useMutation({
    mutationFn: () => reportsApi.remove(openId ?? ''),
    onSuccess: () => {
      toast.success('Report deleted');
      setParams(new URLSearchParams());
      setName('');
      void queryClient.invalidateQueries({ queryKey: reportsKeys.saved });
    },
    onError: (error) => toast.error(errorMessage(error)),
  });

  const downloadCsv = () => {
    if (!run.data) return;
    const groupLabel = definition.groupBy === 'none' ? 'Measure' : REPORT_GROUPING_LABELS[definition.groupBy];
    const blob = new Blob([reportCsv(run.data, groupLabel)], { type: 'text/csv;charset=utf-8' });
    const url = URL.createObjectURL(blob);
    const link = document.createElement('a');
    link.href = url;
    link.download = csvFileName(open?.name ?? REPORT_MEASURE_LABELS[definition.measure], run.data);
    link.click();
    URL.revokeObjectURL(url);
  };

  const title = open?.name ?? 'New report';
  const caption =
    definition.groupBy === 'none'
      ? REPORT_MEASURE_LABELS[definition.measure]
      : `${REPORT_MEASURE_LABELS[definition.measure]} by ${REPORT_GROUPING_LABELS[definition.groupBy].toLowerCase()}`;
  const report = run.data;
  return (
    <>
      <PageHeader
        title="Reports"
        description="Build your own views of spending, income and net worth, save them and pin them to the dashboard."
      />
      <div className="grid grid-cols-1 gap-6 lg:grid-cols-[20rem_minmax(0,1fr)]">
        <Card className="self-start">
          <CardHeader>
            <CardTitle>Saved reports</CardTitle>
          </CardHeader>
          <CardContent className="grid gap-3">
            {saved.isPending ? (
              <Skeleton className="h-24 w-full" />
            ) : saved.isError ? (
              <LoadError
                title={REPORTS_ERROR}
                error={saved.error}
                onRetry={() => void saved.refetch()}
                retrying={saved.isFetching}
              />
            ) : (
              <SavedList reports={saved.data} openId={openId} onOpen={openReport} />
            )}
            <Button
              variant="outline"
              onClick={() => {
                setName('');
                setParams(new URLSearchParams());
              }}
            >
              New report
            </Button>
          </CardContent>
        </Card>
        <div className="grid min-w-0 gap-6">
          {notFound ? (
            <EmptyState icon={SearchX} title="Report not found">
              It was deleted, or it belongs to a household you are not a member of. Build a new report or open
              one of the saved reports.
            </EmptyState>
          ) : null}
          <Card>
            <CardHeader className="flex flex-row flex-wrap items-center justify-between gap-2">
              <CardTitle>{title}</CardTitle>
              {open ? <ShareReportButton report={open} /> : null}
            </CardHeader>
            <CardContent className="grid gap-4">
              <Builder
                key={open?.id ?? 'new'}
                definition={definition}
                today={today}
                onChange={changeReport}
              />
              <WriteOnly>
                <form
                  className="flex flex-wrap items-end gap-2"
                  onSubmit={(event) => {
                    event.preventDefault();
                    if (open) update.mutate({ name: name.trim() || open.name, definition });
                    else create.mutate();
                  }}
                >
                  <div className="grid min-w-48 flex-1 gap-1.5">
                    <Label htmlFor="report-name">Name</Label>
                    <Input
                      id="report-name"
                      value={name}
                      maxLength={80}
                      placeholder={open?.name ?? 'Groceries by month'}
                      onChange={(event) => setName(event.target.value)}
                    />
                  </div>
                  <Button
                    type="submit"
                    disabled={(!open && name.trim() === '') || create.isPending || update.isPending}
                  >
                    <Save aria-hidden="true" />
                    {open ? (changed ? 'Save changes' : 'Save') : 'Save report'}
                  </Button>
                  {open ? (
                    <>
                      <Button
                        type="button"
                        variant="outline"
                        onClick={() => update.mutate({ pinned: !open.pinned })}
                        disabled={update.isPending}
                      >
                        {open.pinned ? <PinOff aria-hidden="true" /> : <Pin aria-hidden="true" />}
                        {open.pinned ? 'Unpin from dashboard' : 'Pin to dashboard'}
                      </Button>
                      <Button
                        type="button"
                        variant="outline"
                        onClick={() => duplicate.mutate()}
                        disabled={duplicate.isPending}
                      >
                        <Copy aria-hidden="true" />
                        Duplicate
                      </Button>
                      <Button type="button" variant="outline" onClick={() => setConfirmDelete(true)}>
                        <Trash2 aria-hidden="true" />
                        Delete
                      </Button>
                    </>
                  ) : null}
                </form>
              </WriteOnly>
            </CardContent>
          </Card>
          <Card aria-busy={run.isFetching}>
            <CardHeader className="flex flex-row flex-wrap items-center justify-between gap-2">
              <CardTitle>{caption}</CardTitle>
              <Button variant="outline" size="sm" onClick={downloadCsv} disabled={!report}>
                <Download aria-hidden="true" />
                Download CSV
              </Button>
            </CardHeader>
            <CardContent className="grid gap-4">
              {run.isPending ? (
                <Skeleton className="h-72 w-full" />
              ) : run.isError && !report ? (
                <LoadError
                  title={RUN_ERROR}
                  error={run.error}
                  onRetry={() => void run.refetch()}
                  retrying={run.isFetching}
                />
              ) : report && report.rows.length === 0 ? (
                <EmptyState icon={BarChart3} title="Nothing to show" headingLevel={3}>
                  No transactions match this report in these dates. Try other dates or fewer filters.
                </EmptyState>
              ) : report ? (
                <>
                  {run.isError ? (
                    <p role="alert" className="text-sm text-destructive">
                      {errorMessage(run.error)}
                    </p>
                  ) : null}
                  <ReportSummary
                    report={report}
                    display={display}
                    intervalLabel={
                      definition.interval === 'none' ? null : REPORT_INTERVAL_LABELS[definition.interval]
                    }
                  />
                  {report.fx.missing.length > 0 ? (
                    <p className="text-sm text-muted-foreground">
                      Left out for want of an exchange rate: {report.fx.missing.join(', ')}.
                    </p>
                  ) : null}
                  <ReportChartOf
                    report={report}
                    definition={definition}
                    display={display}
                    ariaLabel={`${caption}, ${display.formatDate(report.from)} to ${display.formatDate(report.to)}`}
                  />
                  <ReportTable report={report} definition={definition} display={display} caption={caption} />
                  {report.omittedRows > 0 ? (
                    <p className="text-sm text-muted-foreground">
                      {report.omittedRows.toLocaleString(display.locale)} smaller rows are not listed; the
                      totals include them.
                    </p>
                  ) : null}
                </>
              ) : null}
            </CardContent>
          </Card>
        </div>
      </div>
      <ConfirmDialog
        open={confirmDelete}
        onOpenChange={setConfirmDelete}
        title={`Delete “${open?.name ?? ''}”?`}
        description="The saved report goes, and so does its widget on the dashboard. Your transactions stay as they are."
        action="Delete report"
        busyAction="Deleting…"
        busy={remove.isPending}
        onConfirm={() => remove.mutate()}
      />
    </>
  );
}
