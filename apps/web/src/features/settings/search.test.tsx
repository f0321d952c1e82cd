import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Highlight, SettingsSearchProvider } from './search';
import { matchSection, normalizeQuery, SETTINGS_SECTIONS, sectionMatches } from './sections';

const section = (id: string) => {
  const found = SETTINGS_SECTIONS.find((item) => item.id === id);
  if (!found) throw new Error(`no section ${id}`);
  return found;
};

const matching = (query: string) =>
  SETTINGS_SECTIONS.filter((item) => sectionMatches(item, query)).map((item) => item.id);

function marks(text: string, query: string): { html: string; marked: string[] } {
  const { container } = render(
    <SettingsSearchProvider query={query}>
      <p>
        <Highlight text={text} />
      </p>
    </SettingsSearchProvider>,
  );
  const paragraph = container.querySelector('p');
  return {
    html: paragraph?.textContent ?? '',
    marked: [...container.querySelectorAll('mark')].map((mark) => mark.textContent ?? ''),
  };
}

describe('settings search: which sections match', () => {
  it('lists every section for an empty or blank search', () => {
    expect(matching('')).toHaveLength(SETTINGS_SECTIONS.length);
    expect(matching('   ')).toHaveLength(SETTINGS_SECTIONS.length);
  });

  it('matches titles, descriptions and keywords, ignoring case and extra spaces', () => {
    expect(matching('DANGER')).toEqual(['danger']);
    expect(matching('irreversible')).toEqual(['danger']);
    expect(matching('webhooks')).toEqual(['developer']);
    expect(matching('  time   zone ')).toEqual(['display']);
  });

  it('matches the texts of the cards and rows in each section', () => {
    expect(matching('Reduce Motion')).toEqual(['accessibility']);
    expect(matching('high contrast')).toEqual(['accessibility']);
    expect(matching('Show Account Balances')).toEqual(['privacy']);
    expect(matching('marketing email')).toEqual(['privacy']);
    expect(matching('Run All Cron Jobs')).toEqual(['developer']);
    expect(matching('Visible Categories')).toEqual(['financial']);
    expect(matching('Rent & Utilities')).toEqual(['financial']);
    expect(matching('Low Balance')).toEqual(['notifications']);
    expect(matching('Restore from an export')).toEqual(['danger']);
    expect(matching('Two-Factor Authentication')).toEqual(['profile']);
    expect(matching('Default Date Range')).toEqual(['display']);
  });

  it('says where a section matched', () => {
    expect(matchSection(section('display'), 'theme')).toEqual({
      title: false,
      description: true,
      keyword: true,
      texts: ['Theme'],
    });
    expect(matchSection(section('accessibility'), 'font')).toMatchObject({ texts: ['Font Size'] });
    expect(matchSection(section('profile'), 'zzz')).toBeNull();
  });

  it('normalises a search the way the list compares it', () => {
    expect(normalizeQuery('  Time   ZONE ')).toBe('time zone');
  });
});

describe('settings search: highlighting', () => {
  it('marks every case-insensitive occurrence, keeping the text as written', () => {
    expect(marks('Date Format and date range', 'DATE')).toEqual({
      html: 'Date Format and date range',
      marked: ['Date', 'date'],
    });
  });

  it('marks a search with extra spaces as the list matched it', () => {
    expect(marks('Time Zone', ' time   zone ').marked).toEqual(['Time Zone']);
  });

  it('marks nothing without a search or without a match', () => {
    expect(marks('Theme', '').marked).toEqual([]);
    expect(marks('Theme', 'zzz')).toEqual({ html: 'Theme', marked: [] });
  });
});
