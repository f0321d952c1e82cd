import { describe, expect, it } from 'vitest';
import { arrangeInOrder, DASHBOARD_WIDGET_IDS, SIDEBAR_SECTION_IDS, visibleDashboardWidgets } from './layout';

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
