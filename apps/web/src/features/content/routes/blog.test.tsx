import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { server } from '@/test/fake-server';
import { renderApp, setViewport } from '@/test/render-app';

describe('blog', () => {
  beforeEach(() => {
    setViewport(1440);
    server.signOut();
  });

  it('lists posts with dates, reading time and summaries, filters by tag, and links the feed', async () => {
    const { router } = renderApp('/blog');
    await screen.findByRole('heading', { level: 1, name: 'Blog' });
    const all = within(screen.getByRole('list', { name: 'Posts' })).getAllByRole('listitem');
    expect(all.length).toBeGreaterThanOrEqual(7);
    // Changes not yet released come first, without a date.
    expect(all[0]).toHaveTextContent('Release notes: not yet released');
    expect(all[0]).toHaveTextContent('Not released yet');
    expect(all[1]).toHaveTextContent(/November 25, 2026·\d+ min read/);
    expect(screen.getByRole('link', { name: 'RSS feed' })).toHaveAttribute('href', '/blog/rss.xml');

    const filter = screen.getByRole('navigation', { name: 'Filter posts by tag' });
    await userEvent.click(within(filter).getByRole('link', { name: 'backups' }));
    expect(router.state.location.search).toBe('?tag=backups');
    const tagged = within(screen.getByRole('list', { name: 'Posts tagged backups' })).getAllByRole(
      'listitem',
    );
    expect(tagged).toHaveLength(1);
    expect(tagged[0]).toHaveTextContent('Backing up and moving your data');
    expect(within(filter).getByRole('link', { name: 'backups' })).toHaveAttribute('aria-current', 'page');
  });

  it('says so when no post has the tag', async () => {
    renderApp('/blog?tag=nothing-here');
    expect(
      await screen.findByRole('heading', { name: 'No posts tagged “nothing-here”' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Show all posts' })).toHaveAttribute('href', '/blog');
  });

  it('shows a post with its article, tags and the posts around it', async () => {
    renderApp('/blog/importing-bank-statements');
    await screen.findByRole('heading', { level: 1, name: /Importing from your bank/ });
    expect(await screen.findByRole('heading', { level: 2, name: '4. Duplicates' })).toBeInTheDocument();
    expect(
      within(screen.getByRole('list', { name: 'Tags' })).getByRole('link', { name: 'csv' }),
    ).toHaveAttribute('href', '/blog?tag=csv');
    const more = screen.getByRole('navigation', { name: 'More posts' });
    expect(within(more).getByRole('link', { name: /Newer post/ })).toHaveAttribute(
      'href',
      '/blog/connecting-a-bank-with-plaid-or-simplefin',
    );
    expect(within(more).getByRole('link', { name: /Older post/ })).toHaveAttribute(
      'href',
      '/blog/how-net-worth-is-computed',
    );
  });

  it('says so when a post does not exist', async () => {
    renderApp('/blog/no-such-post');
    await screen.findByRole('heading', { level: 1, name: 'Post not found' });
  });
});
