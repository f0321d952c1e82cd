import { describe, expect, it } from 'vitest';
import {
  arrangeInOrder,
  dashboardWidgetOrder,
  DASHBOARD_WIDGET_IDS,
  reportIdOfWidget,
  SIDEBAR_SECTION_IDS,
  visibleDashboardWidgets,
} from './layout';

describe('arrangeInOrder', () => {
  it('keeps the default order for an empty list', () => {
    expect(arrangeInOrder(SIDEBAR_SECTION_IDS, [])).toEqual(SIDEBAR_SECTION_IDS);
  });

  it('puts the named sections first in the stored order, the rest after in default order', () => {
    expect(arrangeInOrder(SIDEBAR_SECTION_IDS, ['expenses', 'dashboard'])).toEqual([
      'expenses',
      'dashboard',
      'accounts',
      'activity',
      'insights',
      'assets',
      'real-estate',
    ]);
  });

  it('ignores unknown and repeated names', () => {
    expect(arrangeInOrder(['a', 'b', 'c'], ['c', 'x', 'c', 'a'])).toEqual(['c', 'a', 'b']);
  });
});

describe('visibleDashboardWidgets', () => {
  it('shows every widget by default', () => {
    expect(visibleDashboardWidgets([])).toEqual(DASHBOARD_WIDGET_IDS);
  });

  it('shows only the listed widgets, in the listed order', () => {
    expect(visibleDashboardWidgets(['activity', 'summary'])).toEqual(['activity', 'summary']);
  });

  it('shows every widget when the list names none it knows', () => {
    expect(visibleDashboardWidgets(['weather'])).toEqual(DASHBOARD_WIDGET_IDS);
  });
});

describe('dashboardWidgetOrder', () => {
  it('puts pinned reports after the built-in widgets until the layout places them', () => {
    expect(dashboardWidgetOrder([], ['r1', 'r2'])).toEqual([
      ...DASHBOARD_WIDGET_IDS,
      'report:r1',
      'report:r2',
    ]);
    expect(dashboardWidgetOrder(['history', 'summary'], ['r1'])).toEqual(['history', 'summary', 'report:r1']);
  });

  it('orders report widgets among the built-in ones as the layout says, and leaves hidden ones out', () => {
    expect(dashboardWidgetOrder(['report:r2', 'summary', 'report:r1', 'activity'], ['r1', 'r2'])).toEqual([
      'report:r2',
      'summary',
      'report:r1',
      'activity',
    ]);
    // A newly pinned report joins at the end; a report no longer pinned is not drawn.
    expect(dashboardWidgetOrder(['report:gone', 'summary', 'report:r1'], ['r1', 'r3'])).toEqual([
      'summary',
      'report:r1',
      'report:r3',
    ]);
    expect(reportIdOfWidget('report:r1')).toBe('r1');
    expect(reportIdOfWidget('summary')).toBeNull();
  });
});
