import { Check, Search } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { data, Link, type LoaderFunctionArgs, useParams, useSearchParams } from 'react-router';
import { PageHeader } from '@/components/page-header';
import { usePreferences } from '@/lib/preferences';
import { cn } from '@/lib/utils';
import { AccessibilitySettings } from '../components/accessibility-settings';
import { BillingSettings } from '../components/billing/billing-settings';
import { DangerZone } from '../components/danger/danger-zone';
import { DeveloperSettings } from '../components/developer/developer-settings';
import { DisplaySettings } from '../components/display-settings';
import { FinancialSettings } from '../components/financial-settings';
import { NotificationSettings } from '../components/notifications/notification-settings';
import { PrivacySettings } from '../components/privacy-settings';
import { ProfileSettings } from '../components/profile/profile-settings';
import { Highlight, SettingsSearchProvider } from '../search';
import {
  findSection,
  matchSection,
  normalizeQuery,
  SETTINGS_SECTIONS,
  type SectionMatch,
  type SettingsSection,
} from '../sections';

/** An unknown section is a 404, shown by the app area's error boundary. */
export function settingsLoader({ params }: LoaderFunctionArgs): null {
  if (!findSection(params.section)) throw data('Not found', { status: 404 });
  return null;
}

function SectionBody({ section }: { section: SettingsSection }) {
  switch (section.id) {
    case 'profile':
      return <ProfileSettings />;
    case 'financial':
      return <FinancialSettings />;
    case 'notifications':
      return <NotificationSettings />;
    case 'privacy':
      return <PrivacySettings />;
    case 'display':
      return <DisplaySettings />;
    case 'accessibility':
      return <AccessibilitySettings />;
    case 'billing':
      return <BillingSettings />;
    case 'developer':
      return <DeveloperSettings />;
    default:
      return <DangerZone />;
  }
}

/** The most matched card and row texts listed under a section's title while searching. */
const SHOWN_MATCHES = 3;

/** Why a section is listed while searching: the matching cards and rows, else its matching description. */
function matchSummary(section: SettingsSection, match: SectionMatch): string | null {
  if (match.texts.length > 0) return match.texts.slice(0, SHOWN_MATCHES).join(' · ');
  return match.description ? section.description : null;
}

/** A section's address, keeping the search so its matches stay marked there. */
function sectionHref(id: string, query: string): string {
  return query ? `/settings/${id}?${new URLSearchParams({ q: query }).toString()}` : `/settings/${id}`;
}

/** How many of the box's own URL writes are remembered (a burst of typing). */
const MAX_WRITTEN = 64;

type Found = { section: SettingsSection; match: SectionMatch };

function OtherMatches({
  section,
  found,
  query,
}: {
  section: SettingsSection;
  found: Found[];
  query: string;
}) {
  return (
    <div role="status" className="mb-4 rounded-lg border border-dashed bg-card p-4 text-sm">
      <p className="font-medium">
        Nothing in {section.title} matches “{query}”. Found in{' '}
        {found.length === 1 ? 'this section' : 'these sections'}:
      </p>
      <ul className="mt-2 space-y-1">
        {found.map(({ section: other, match }) => {
          const summary = matchSummary(other, match);
          return (
            <li key={other.id}>
              <Link
                to={sectionHref(other.id, query)}
                className="font-medium underline underline-offset-2 hover:text-foreground"
              >
                <Highlight text={other.title} />
              </Link>
              {summary ? (
                <span className="text-muted-foreground">
                  {' — '}
                  <Highlight text={summary} />
                </span>
              ) : null}
            </li>
          );
        })}
      </ul>
    </div>
  );
}

/**
 * Settings: the section list with its search (`?q=`), and the section at /settings/<id>. The search
 * looks through each section's title, description, keywords and the texts of its cards and rows; every
 * match is marked, in the list and in the section shown.
 */
export function SettingsRoute() {
  const params = useParams();
  const [searchParams, setSearchParams] = useSearchParams();
  const urlQuery = searchParams.get('q') ?? '';
  // The box answers every key at once; the URL (written after, without a history entry per key) lets a
  // search be shared, reloaded and kept while moving between sections.
  const [rawQuery, setRawQuery] = useState(urlQuery);
  const [lastUrlQuery, setLastUrlQuery] = useState(urlQuery);
  /** What the box has written to the URL lately: the URL catches up through these while typing. */
  const [written, setWritten] = useState<readonly string[]>([]);
  if (urlQuery !== lastUrlQuery) {
    setLastUrlQuery(urlQuery);
    // A search the box did not write (back/forward, a shared link) replaces what is in the box.
    if (!written.includes(urlQuery) && urlQuery !== rawQuery) {
      setRawQuery(urlQuery);
      setWritten([]);
    }
  }
  const query = normalizeQuery(rawQuery) ? rawQuery.trim() : '';
  const sectionList = useRef<HTMLUListElement>(null);
  // On phones the section list is a horizontal strip: keep the current section in view, scrolling only
  // the strip (scrollIntoView would also move the page).
  useEffect(() => {
    const list = sectionList.current;
    const current = list?.querySelector<HTMLElement>('[aria-current="page"]');
    if (!list || !current || list.scrollWidth <= list.clientWidth) return;
    list.scrollLeft = current.offsetLeft - list.offsetLeft - (list.clientWidth - current.offsetWidth) / 2;
  }, [params.section]);
  // The loader has refused unknown ids, so a section is always found here.
  const section = findSection(params.section) ?? SETTINGS_SECTIONS[0];
  const found: Found[] = SETTINGS_SECTIONS.flatMap((item) => {
    const match = matchSection(item, rawQuery);
    return match ? [{ section: item, match }] : [];
  });
  const currentMatches = found.some((item) => item.section.id === section.id);
  const setQuery = (next: string) => {
    setRawQuery(next);
    setWritten((list) => [...list.slice(-(MAX_WRITTEN - 1)), next]);
    setSearchParams(
      (current) => {
        const updated = new URLSearchParams(current);
        if (next) updated.set('q', next);
        else updated.delete('q');
        return updated;
      },
      // Typing is one step of history, not one per key.
      { replace: true, preventScrollReset: true },
    );
  };
  return (
    <SettingsSearchProvider query={query}>
      <PageHeader
        title="Settings"
        description="Your profile, preferences, security and data."
        actions={<PreferencesSaveStatus />}
      />
      <div className="grid grid-cols-1 gap-6 md:grid-cols-[14rem_minmax(0,1fr)]">
        <div className="min-w-0 space-y-3">
          <div className="relative">
            <Search
              aria-hidden="true"
              className="pointer-events-none absolute left-2.5 top-1/2 size-4 -translate-y-1/2 text-muted-foreground"
            />
            <input
              type="search"
              aria-label="Search settings"
              placeholder="Search settings"
              value={rawQuery}
              onChange={(event) => setQuery(event.target.value)}
              className="h-9 w-full rounded-md border border-input bg-card pl-8 pr-2 text-sm placeholder:text-muted-foreground"
            />
          </div>
          <nav aria-label="Settings sections">
            {found.length === 0 ? (
              <p className="px-1 text-sm text-muted-foreground" role="status">
                No settings match “{query}”.
              </p>
            ) : (
              <ul
                ref={sectionList}
                className="flex gap-1 overflow-x-auto pb-1 md:flex-col md:overflow-visible md:pb-0"
              >
                {found.map(({ section: item, match }) => {
                  const summary = query ? matchSummary(item, match) : null;
                  return (
                    <li key={item.id} className="shrink-0">
                      <Link
                        to={sectionHref(item.id, query)}
                        aria-current={item.id === section.id ? 'page' : undefined}
                        className={cn(
                          'block rounded-md px-3 py-2 text-sm font-medium hover:bg-accent hover:text-accent-foreground',
                          item.id === section.id && 'bg-accent font-semibold text-accent-foreground',
                        )}
                      >
                        <span data-section-title="">
                          <Highlight text={item.title} />
                        </span>
                        {summary ? (
                          <span className="mt-0.5 hidden truncate text-xs font-normal text-muted-foreground md:block">
                            <Highlight text={summary} />
                          </span>
                        ) : null}
                      </Link>
                    </li>
                  );
                })}
              </ul>
            )}
          </nav>
        </div>
        <section aria-labelledby="settings-section-title" className="min-w-0">
          <h2 id="settings-section-title" className="text-xl font-semibold">
            <Highlight text={section.title} />
          </h2>
          <p className="mb-4 mt-1 text-sm text-muted-foreground">
            <Highlight text={section.description} />
          </p>
          {query && !currentMatches && found.length > 0 ? (
            <OtherMatches section={section} found={found} query={query} />
          ) : null}
          <SectionBody section={section} />
        </section>
      </div>
    </SettingsSearchProvider>
  );
}

/** A quiet word on where the latest preference change stands ("Saving…", then "Saved"), read out politely. */
function PreferencesSaveStatus() {
  const { saveState } = usePreferences();
  return (
    <p role="status" className="min-h-5 text-sm text-muted-foreground">
      {saveState === 'saving' ? (
        'Saving…'
      ) : saveState === 'saved' ? (
        <span className="inline-flex items-center gap-1">
          <Check aria-hidden="true" className="size-4" />
          Saved
        </span>
      ) : null}
    </p>
  );
}
