import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { servePreferences } from '@/lib/preferences-test-harness';
import { renderApp, setViewport } from '@/test/render-app';

const MAIN_ORDER = [
  'Dashboard',
  'Accounts',
  'Wallets',
  'Banks',
  'CEXes',
  'Activity',
  'Expenses',
  'Insights',
  'Assets',
  'Real Estate',
];

function linkNames(container: HTMLElement): string[] {
  return within(container)
    .getAllByRole('link')
    .map((link) => link.textContent?.trim() ?? '');
}

describe('navigation on a desktop (≥ 1024 px)', () => {
  it('lists the main navigation in spec order, then Blog, Tools, Help and Settings', async () => {
    setViewport(1440);
    renderApp('/dashboard');
    const main = await screen.findByRole('navigation', { name: 'Main' });
    expect(linkNames(main)).toEqual(MAIN_ORDER);
    expect(linkNames(screen.getByRole('navigation', { name: 'More' }))).toEqual([
      'Blog',
      'Tools',
      'Help',
      'Settings',
    ]);
  });

  it('lists the main sections in the order saved in the sidebar_section_order preference', async () => {
    setViewport(1440);
    servePreferences({ sidebar_section_order: ['expenses', 'dashboard', 'not-a-section'] });
    renderApp('/dashboard');
    const main = await screen.findByRole('navigation', { name: 'Main' });
    await waitFor(() =>
      expect(linkNames(main)).toEqual([
        'Expenses',
        'Dashboard',
        'Accounts',
        'Wallets',
        'Banks',
        'CEXes',
        'Activity',
        'Insights',
        'Assets',
        'Real Estate',
      ]),
    );
    // The divider belongs before Expenses, which is now first: none is drawn above the list.
    expect(main.querySelectorAll('[data-nav-divider]')).toHaveLength(0);
  });

  it('draws exactly one divider, between Activity and Expenses', async () => {
    setViewport(1440);
    renderApp('/dashboard');
    const main = await screen.findByRole('navigation', { name: 'Main' });
    const dividers = main.querySelectorAll('[data-nav-divider]');
    expect(dividers).toHaveLength(1);
    const divider = dividers[0]!;
    const activity = within(main).getByRole('link', { name: 'Activity' });
    const expenses = within(main).getByRole('link', { name: 'Expenses' });
    expect(activity.compareDocumentPosition(divider) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(divider.compareDocumentPosition(expenses) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });

  it('marks only the current page with aria-current, including on a settings section', async () => {
    setViewport(1440);
    renderApp('/insights');
    const main = await screen.findByRole('navigation', { name: 'Main' });
    const current = within(main)
      .getAllByRole('link')
      .filter((link) => link.getAttribute('aria-current') === 'page');
    expect(current.map((link) => link.textContent)).toEqual(['Insights']);
  });

  it('keeps Settings marked on a settings section', async () => {
    setViewport(1440);
    renderApp('/settings/display');
    const more = await screen.findByRole('navigation', { name: 'More' });
    expect(within(more).getByRole('link', { name: 'Settings' })).toHaveAttribute('aria-current', 'page');
  });

  it('has no menu button and offers a skip link to the main content', async () => {
    setViewport(1440);
    renderApp('/dashboard');
    await screen.findByRole('navigation', { name: 'Main' });
    expect(screen.queryByRole('button', { name: 'Open menu' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Skip to content' })).toHaveAttribute('href', '#main');
    expect(screen.getByRole('main')).toHaveAttribute('id', 'main');
  });
});

describe('navigation on a tablet (768–1023 px)', () => {
  it('shows icons only, keeps every label as the accessible name and shows it in a tooltip on focus', async () => {
    setViewport(820);
    renderApp('/dashboard');
    const main = await screen.findByRole('navigation', { name: 'Main' });
    expect(linkNames(main)).toEqual(MAIN_ORDER);
    expect(within(main).getByText('Insights')).toHaveClass('sr-only');
    within(main).getByRole('link', { name: 'Insights' }).focus();
    expect(await screen.findByRole('tooltip', { name: 'Insights' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Open menu' })).not.toBeInTheDocument();
  });

  it('styles the rail links, highlighting the current page', async () => {
    setViewport(820);
    renderApp('/wallets');
    const main = await screen.findByRole('navigation', { name: 'Main' });
    for (const link of within(main).getAllByRole('link')) {
      expect(link.className).toMatch(/^[\w\s:[\]().\-/]+$/);
      expect(link).toHaveClass('justify-center');
    }
    expect(within(main).getByRole('link', { name: 'Wallets' })).toHaveClass('bg-sidebar-active');
    expect(within(main).getByRole('link', { name: 'Accounts' })).not.toHaveClass('bg-sidebar-active');
  });

  it('shows full labels again on a desktop', async () => {
    setViewport(1024);
    renderApp('/dashboard');
    const main = await screen.findByRole('navigation', { name: 'Main' });
    expect(within(main).getByText('Insights')).not.toHaveClass('sr-only');
  });
});

describe('navigation on a phone (< 768 px)', () => {
  it('hides the sidebar behind a menu button that opens a drawer with the same navigation', async () => {
    setViewport(375);
    const user = userEvent.setup();
    renderApp('/dashboard');
    await screen.findByRole('heading', { level: 1, name: 'Dashboard' });
    expect(screen.queryByRole('navigation', { name: 'Main' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Open menu' }));
    const drawer = await screen.findByRole('dialog');
    expect(linkNames(within(drawer).getByRole('navigation', { name: 'Main' }))).toEqual(MAIN_ORDER);
    expect(within(drawer).getByRole('link', { name: 'Dashboard' })).toHaveAttribute('aria-current', 'page');
  });

  it('closes the drawer after navigating and puts focus on the new page', async () => {
    setViewport(375);
    const user = userEvent.setup();
    const { router } = renderApp('/dashboard');
    await user.click(await screen.findByRole('button', { name: 'Open menu' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('link', { name: 'Activity' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await waitFor(() => expect(router.state.location.pathname).toBe('/activity'));
    expect(await screen.findByRole('heading', { level: 1, name: 'Activity' })).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('main')).toHaveFocus());

    // Back to a page whose code is already loaded: the drawer must not pull focus back to the menu button.
    await user.click(screen.getByRole('button', { name: 'Open menu' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('link', { name: 'Dashboard' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Dashboard' })).toBeInTheDocument();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.getByRole('main')).toHaveFocus();
  });

  it('closes the drawer with Escape and returns focus to the menu button', async () => {
    setViewport(375);
    const user = userEvent.setup();
    renderApp('/dashboard');
    const menu = await screen.findByRole('button', { name: 'Open menu' });
    await user.click(menu);
    expect(await screen.findByRole('dialog')).toBeInTheDocument();
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await waitFor(() => expect(menu).toHaveFocus());
  });

  it('closes the drawer with its close button', async () => {
    setViewport(375);
    const user = userEvent.setup();
    renderApp('/dashboard');
    await user.click(await screen.findByRole('button', { name: 'Open menu' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Close menu' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });
});
