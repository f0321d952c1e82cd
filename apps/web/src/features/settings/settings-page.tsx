import { Lock } from 'lucide-react';
import { NavLink, useParams } from 'react-router';
import { NotFoundPage } from '@/components/not-found-page';
import { EmptyState } from '@/components/empty-state';
import { PageHeader } from '@/components/page-header';
import { cn } from '@/lib/utils';
import { findSection, SETTINGS_SECTIONS } from './sections';

export default function SettingsPage() {
  const { section: sectionId } = useParams();
  const section = findSection(sectionId);
  if (!section) return <NotFoundPage />;
  return (
    <>
      <PageHeader title="Settings" description="Your profile, preferences, security and data." />
      <div className="grid grid-cols-1 gap-6 md:grid-cols-[14rem_1fr]">
        <nav aria-label="Settings sections" className="min-w-0">
          <ul className="flex gap-1 overflow-x-auto md:flex-col">
            {SETTINGS_SECTIONS.map((item) => (
              <li key={item.id} className="shrink-0">
                <NavLink
                  to={`/settings/${item.id}`}
                  aria-current={item.id === section.id ? 'page' : undefined}
                  className={cn(
                    'block rounded-md px-3 py-2 text-sm font-medium hover:bg-accent',
                    item.id === section.id && 'bg-accent font-semibold text-accent-foreground',
                  )}
                >
                  {item.title}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
        <section aria-labelledby="settings-section-title" className="min-w-0">
          <h2 id="settings-section-title" className="text-xl font-semibold">
            {section.title}
          </h2>
          <p className="mb-4 mt-1 text-sm text-muted-foreground">{section.description}</p>
          <EmptyState icon={Lock} title="Sign in to change these settings">
            This section holds: {section.holds} Settings are saved to your account once signing in is
            available on this server.
          </EmptyState>
        </section>
      </div>
    </>
  );
}
