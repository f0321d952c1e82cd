/**
 * The user's arrangement of the screens: the order of the sidebar's sections and which dashboard
 * widgets show, in which order (the `sidebar_section_order` and `dashboard_layout` preferences).
 */

/** The sidebar's main sections, by the path they open, in their default order (spec §2). */
export const SIDEBAR_SECTIONS = {
  dashboard: 'Dashboard',
  accounts: 'Accounts',
  activity: 'Activity',
  expenses: 'Expenses',
  insights: 'Insights',
  assets: 'Assets',
  'real-estate': 'Real Estate',
} as const;
export type SidebarSection = keyof typeof SIDEBAR_SECTIONS;
export const SIDEBAR_SECTION_IDS = Object.keys(SIDEBAR_SECTIONS) as SidebarSection[];

/** The dashboard's widgets in their default order. */
export const DASHBOARD_WIDGETS = {
  summary: 'Net worth',
  history: 'Net-worth history',
  allocation: 'Allocation',
  accounts: 'Accounts',
  activity: 'Activity',
} as const;
export type DashboardWidget = keyof typeof DASHBOARD_WIDGETS;
export const DASHBOARD_WIDGET_IDS = Object.keys(DASHBOARD_WIDGETS) as DashboardWidget[];

/**
 * `ids` (the defaults, in their default order) arranged by `stored`: the ids `stored` names come first
 * in its order, the others follow in their default order. Unknown and repeated names are ignored, so
 * a list saved by an older or newer version still gives every section exactly once.
 */
export function arrangeInOrder<T extends string>(ids: readonly T[], stored: readonly string[]): T[] {
  const known = new Set<string>(ids);
  const first: T[] = [];
  for (const name of stored) {
    if (known.has(name) && !first.includes(name as T)) first.push(name as T);
  }
  return [...first, ...ids.filter((id) => !first.includes(id))];
}

/**
 * The dashboard widgets to show, in order. `stored` lists the visible widgets in order; an empty list
 * (the default) shows them all. Unknown names are ignored; a list naming none shows them all.
 */
export function visibleDashboardWidgets(stored: readonly string[]): DashboardWidget[] {
  const shown = arrangeInOrder(DASHBOARD_WIDGET_IDS, stored).filter((id) => stored.includes(id));
  return shown.length > 0 ? shown : [...DASHBOARD_WIDGET_IDS];
}

/** A pinned report's widget id in `dashboard_layout.widgets`: `report:` and the saved report's id. */
export const REPORT_WIDGET_PREFIX = 'report:';
export const reportWidgetId = (reportId: string) => `${REPORT_WIDGET_PREFIX}${reportId}`;
/** The saved report a widget id names, or null for a built-in widget. */
export function reportIdOfWidget(widget: string): string | null {
  return widget.startsWith(REPORT_WIDGET_PREFIX) ? widget.slice(REPORT_WIDGET_PREFIX.length) : null;
}

/**
 * Every widget the dashboard shows, in order: the built-in widgets `stored` shows (visibleDashboardWidgets)
 * and a widget per pinned report (`pinnedReportIds`, in the Reports page's order). Widgets `stored` names
 * come first in its order, built-in or report; the others follow (built-ins in their default order, then
 * reports newly pinned). A report widget goes away by unpinning the report, and a saved id of a report no
 * longer pinned is ignored.
 */
export function dashboardWidgetOrder(
  stored: readonly string[],
  pinnedReportIds: readonly string[],
): (DashboardWidget | `${typeof REPORT_WIDGET_PREFIX}${string}`)[] {
  type Widget = DashboardWidget | `${typeof REPORT_WIDGET_PREFIX}${string}`;
  const builtIns: Widget[] = visibleDashboardWidgets(stored);
  const reports = pinnedReportIds.map((id) => reportWidgetId(id) as Widget);
  return arrangeInOrder<Widget>([...builtIns, ...reports], stored);
}
