import {
  arrangeInOrder,
  dashboardWidgetOrder,
  DASHBOARD_WIDGET_IDS,
  DASHBOARD_WIDGETS,
  type DashboardWidget,
  reportIdOfWidget,
  reportWidgetId,
  SIDEBAR_SECTION_IDS,
  SIDEBAR_SECTIONS,
  type SidebarSection,
} from '@lodestar/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ArrowDown, ArrowUp } from 'lucide-react';
import { useEffect, useId, useState } from 'react';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { Checkbox } from '@/components/ui/checkbox';
import { errorMessage } from '@/lib/api-client';
import { usePreferences } from '@/lib/preferences';
import { reportsApi, reportsKeys, savedReportsQuery } from '@/lib/reports-api';
import { Highlight } from '../search';
import { SettingsGroup, SwitchRow } from './settings-form-kit';

type OrderedItem<T extends string> = { id: T; label: string; shown?: boolean };

/** Moves `id` one place up (-1) or down (+1) in `order`. */
function moved<T extends string>(order: readonly T[], id: T, step: -1 | 1): T[] {
  const from = order.indexOf(id);
  const to = from + step;
  if (from < 0 || to < 0 || to >= order.length) return [...order];
  const next = [...order];
  next.splice(from, 1);
  next.splice(to, 0, id);
  return next;
}

/**
 * A list the user puts in order with Move up / Move down buttons (keyboard and touch alike), with a
 * "Show" checkbox per item when `onToggle` is given. Focus stays on the button that moved its item.
 */
function OrderedList<T extends string>({
  label,
  description,
  noun,
  items,
  onMove,
  onToggle,
  onReset,
  isDefault,
}: {
  label: string;
  description: string;
  /** What an item is ('section', 'widget'), so each button's name is unique on the page. */
  noun: string;
  items: OrderedItem<T>[];
  onMove: (id: T, step: -1 | 1) => void;
  onToggle?: (id: T, shown: boolean) => void;
  onReset: () => void;
  isDefault: boolean;
}) {
  const id = useId();
  // After a move, the moved item's same button keeps the focus (its other one when this one is now
  // disabled at an end of the list): React moves the row, which would otherwise drop the focus.
  const [focus, setFocus] = useState<{ item: T; step: 'up' | 'down' } | null>(null);
  useEffect(() => {
    if (!focus) return;
    const button = (step: string) =>
      document.getElementById(`${id}-${focus.item}-${step}`) as HTMLButtonElement | null;
    const wanted = button(focus.step);
    (wanted && !wanted.disabled ? wanted : button(focus.step === 'up' ? 'down' : 'up'))?.focus();
  }, [focus, items, id]);
  const shownCount = items.filter((item) => item.shown !== false).length;
  return (
    <div className="px-5 py-4">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0">
          <p id={`${id}-label`} className="text-sm font-medium">
            <Highlight text={label} />
          </p>
          <p id={`${id}-description`} className="mt-0.5 text-sm text-muted-foreground">
            <Highlight text={description} />
          </p>
        </div>
        <Button variant="outline" size="sm" onClick={onReset} disabled={isDefault}>
          Reset to default
        </Button>
      </div>
      <ol
        aria-labelledby={`${id}-label`}
        aria-describedby={`${id}-description`}
        className="mt-3 divide-y rounded-md border"
      >
        {items.map((item, index) => {
          const buttonId = (step: string) => `${id}-${item.id}-${step}`;
          // Hidden items wait at the end in the default order; only shown ones are put in order.
          const movable = item.shown !== false;
          const canMoveUp = movable && index > 0;
          const canMoveDown = movable && index < items.length - 1 && items[index + 1]?.shown !== false;
          const checkboxId = `${id}-${item.id}-shown`;
          return (
            <li key={item.id} className="flex items-center gap-3 px-3 py-1.5">
              {onToggle ? (
                <Checkbox
                  id={checkboxId}
                  checked={item.shown !== false}
                  // The last widget shown cannot be hidden: an empty dashboard would say nothing.
                  disabled={item.shown !== false && shownCount === 1}
                  onCheckedChange={(checked) => onToggle(item.id, checked === true)}
                  aria-label={`Show ${item.label}`}
                />
              ) : null}
              <span
                className={item.shown === false ? 'flex-1 text-sm text-muted-foreground' : 'flex-1 text-sm'}
              >
                {item.label}
                {item.shown === false ? <span className="sr-only"> (hidden)</span> : null}
              </span>
              <Button
                id={buttonId('up')}
                variant="ghost"
                size="icon"
                className="size-8"
                aria-label={`Move ${item.label} ${noun} up`}
                disabled={!canMoveUp}
                onClick={() => {
                  onMove(item.id, -1);
                  setFocus({ item: item.id, step: 'up' });
                }}
              >
                <ArrowUp aria-hidden="true" />
              </Button>
              <Button
                id={buttonId('down')}
                variant="ghost"
                size="icon"
                className="size-8"
                aria-label={`Move ${item.label} ${noun} down`}
                disabled={!canMoveDown}
                onClick={() => {
                  onMove(item.id, 1);
                  setFocus({ item: item.id, step: 'down' });
                }}
              >
                <ArrowDown aria-hidden="true" />
              </Button>
            </li>
          );
        })}
      </ol>
    </div>
  );
}

/**
 * Display → Layout: compact lists (`compact_view`), the sidebar's order (`sidebar_section_order`) and
 * the dashboard's widgets (`dashboard_layout`). Each change applies at once and is saved to the account.
 */
export function LayoutSettings() {
  const { preferences, updatePreference } = usePreferences();
  const sidebar = arrangeInOrder(SIDEBAR_SECTION_IDS, preferences.sidebar_section_order);
  const storedWidgets = preferences.dashboard_layout.widgets;
  // Pinned reports are widgets too (Pro when billing is on: none without them, not an error).
  const queryClient = useQueryClient();
  const saved = useQuery({ ...savedReportsQuery(), retry: false });
  const pinned = saved.data?.filter((report) => report.pinned) ?? [];
  const reportNames = new Map(pinned.map((report) => [reportWidgetId(report.id), report.name]));
  const unpin = useMutation({
    mutationFn: (reportId: string) => reportsApi.update(reportId, { pinned: false }),
    onSettled: () => void queryClient.invalidateQueries({ queryKey: reportsKeys.all }),
    onError: (error) => toast.error(`Failed to remove the report from the dashboard: ${errorMessage(error)}`),
  });
  const shownWidgets: string[] = dashboardWidgetOrder(
    storedWidgets,
    pinned.map((report) => report.id),
  );
  const widgetOrder = arrangeInOrder<string>([...DASHBOARD_WIDGET_IDS, ...reportNames.keys()], shownWidgets);
  const saveWidgets = (order: string[], shown: ReadonlySet<string>) =>
    void updatePreference('dashboard_layout', {
      ...preferences.dashboard_layout,
      widgets: order.filter((widget) => shown.has(widget)),
    });
  const shownSet = new Set(shownWidgets);
  const widgetLabel = (widget: string) =>
    reportNames.has(widget)
      ? `Report: ${reportNames.get(widget) ?? ''}`
      : (DASHBOARD_WIDGETS[widget as DashboardWidget] ?? widget);
  return (
    <SettingsGroup title="Layout" description="How lists, the sidebar and the dashboard are arranged.">
      <SwitchRow
        label="Compact Lists"
        description="Shorter rows in Activity, Accounts, Assets and the dashboard's account list, so more fit on screen."
        checked={preferences.compact_view}
        onCheckedChange={(checked) => void updatePreference('compact_view', checked)}
      />
      <OrderedList<SidebarSection>
        label="Sidebar Order"
        noun="section"
        description="The order of the sections in the sidebar and the mobile menu."
        items={sidebar.map((section) => ({ id: section, label: SIDEBAR_SECTIONS[section] }))}
        onMove={(section, step) =>
          void updatePreference('sidebar_section_order', moved(sidebar, section, step))
        }
        onReset={() => void updatePreference('sidebar_section_order', [])}
        isDefault={preferences.sidebar_section_order.length === 0}
      />
      <OrderedList<string>
        label="Dashboard Widgets"
        noun="widget"
        description="Which cards the dashboard shows, and in which order. Reports pinned on the Reports page are widgets too; clearing one unpins it."
        items={widgetOrder.map((widget) => ({
          id: widget,
          label: widgetLabel(widget),
          shown: shownSet.has(widget),
        }))}
        onMove={(widget, step) => saveWidgets(moved(widgetOrder, widget, step), shownSet)}
        onToggle={(widget, shown) => {
          const reportId = reportIdOfWidget(widget);
          if (reportId !== null) {
            if (!shown) unpin.mutate(reportId);
            return;
          }
          const next = new Set(shownSet);
          if (shown) next.add(widget);
          else next.delete(widget);
          saveWidgets(widgetOrder, next);
        }}
        onReset={() =>
          void updatePreference('dashboard_layout', { ...preferences.dashboard_layout, widgets: [] })
        }
        isDefault={storedWidgets.length === 0}
      />
    </SettingsGroup>
  );
}
