import { Search } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { data, Link, type LoaderFunctionArgs, useParams } from 'react-router';
import { PageHeader } from '@/components/page-header';
import { cn } from '@/lib/utils';
import { AccessibilitySettings } from '../components/accessibility-settings';
import { DangerZone } from '../components/danger/danger-zone';
import { DeveloperSettings } from '../components/developer/developer-settings';
import { DisplaySettings } from '../components/display-settings';
import { FinancialSettings } from '../components/financial-settings';
import { NotificationSettings } from '../components/notifications/notification-settings';
import { PrivacySettings } from '../components/privacy-settings';
import { ProfileSettings } from '../components/profile/profile-settings';
import { findSection, SETTINGS_SECTIONS, type SettingsSection, sectionMatches } from '../sections';

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
    case 'developer':
      return <DeveloperSettings />;
    default:
      return <DangerZone />;
  }
}

export function SettingsRoute() {
  const params = useParams();
  const [query, setQuery] = useState('');
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
  const matches = SETTINGS_SECTIONS.filter((item) => sectionMatches(item, query));
  return (
    <>
      <PageHeader title="Settings" description="Your profile, preferences, security and data." />
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
              value={query}
              onChange={(event) => setQuery(event.target.value)}
              className="h-9 w-full rounded-md border border-input bg-card pl-8 pr-2 text-sm placeholder:text-muted-foreground"
            />
          </div>
          <nav aria-label="Settings sections">
            {matches.length === 0 ? (
              <p className="px-1 text-sm text-muted-foreground" role="status">
                No settings match “{query.trim()}”.
              </p>
            ) : (
              <ul
                ref={sectionList}
                className="flex gap-1 overflow-x-auto pb-1 md:flex-col md:overflow-visible md:pb-0"
              >
                {matches.map((item) => (
                  <li key={item.id} className="shrink-0">
                    <Link
                      to={`/settings/${item.id}`}
                      aria-current={item.id === section.id ? 'page' : undefined}
                      className={cn(
                        'block rounded-md px-3 py-2 text-sm font-medium hover:bg-accent hover:text-accent-foreground',
                        item.id === section.id && 'bg-accent font-semibold text-accent-foreground',
                      )}
                    >
                      {item.title}
                    </Link>
                  </li>
                ))}
              </ul>
            )}
          </nav>
        </div>
        <section aria-labelledby="settings-section-title" className="min-w-0">
          <h2 id="settings-section-title" className="text-xl font-semibold">
            {section.title}
          </h2>
          <p className="mb-4 mt-1 text-sm text-muted-foreground">{section.description}</p>
          <SectionBody section={section} />
        </section>
      </div>
    </>
  );
}
