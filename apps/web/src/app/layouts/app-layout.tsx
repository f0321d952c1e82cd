import { Menu, X } from 'lucide-react';
import { Dialog } from 'radix-ui';
import { Suspense, useState } from 'react';
import { Link, Outlet } from 'react-router';
import { Logo } from '@/components/logo';
import { PageSkeleton } from '@/components/skeletons/skeletons';
import { ThemeSwitcher } from '@/components/theme-switcher';
import { Button } from '@/components/ui/button';
import { useMediaQuery } from '@/lib/use-media-query';
import { BREAKPOINTS } from '../navigation';
import { SideNav } from './side-nav';

export function SkipLink() {
  return (
    <a
      href="#main"
      className="sr-only z-50 rounded-md bg-primary px-4 py-2 text-primary-foreground focus:not-sr-only focus:fixed focus:left-4 focus:top-4"
    >
      Skip to content
    </a>
  );
}

function MobileNav() {
  const [open, setOpen] = useState(false);
  return (
    <Dialog.Root open={open} onOpenChange={setOpen}>
      <Dialog.Trigger asChild>
        <Button variant="ghost" size="icon" aria-label="Open menu">
          <Menu aria-hidden="true" />
        </Button>
      </Dialog.Trigger>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-black/50" />
        <Dialog.Content className="fixed inset-y-0 left-0 z-50 flex w-72 max-w-[85vw] flex-col border-r bg-sidebar shadow-xl">
          <div className="flex items-center justify-between border-b p-3">
            <Dialog.Title asChild>
              <span>
                <Logo />
              </span>
            </Dialog.Title>
            <Dialog.Close asChild>
              <Button variant="ghost" size="icon" aria-label="Close menu">
                <X aria-hidden="true" />
              </Button>
            </Dialog.Close>
          </div>
          <Dialog.Description className="sr-only">Site navigation</Dialog.Description>
          <SideNav onNavigate={() => setOpen(false)} />
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

/** Signed-in area: sidebar (desktop), icon rail (tablet) or drawer (phone), a top bar and the page. */
export function AppLayout() {
  const isTabletUp = useMediaQuery(`(min-width: ${BREAKPOINTS.tablet}px)`);
  const isDesktop = useMediaQuery(`(min-width: ${BREAKPOINTS.desktop}px)`);
  return (
    <div className="min-h-dvh">
      <SkipLink />
      {isTabletUp ? (
        <aside className="fixed inset-y-0 left-0 z-30 flex w-16 flex-col border-r bg-sidebar lg:w-60">
          <Link
            to="/dashboard"
            className="flex h-14 items-center border-b px-4 max-lg:justify-center max-lg:px-0"
          >
            <Logo withName={isDesktop} />
          </Link>
          <SideNav compact={!isDesktop} />
        </aside>
      ) : null}
      <div className="flex min-h-dvh flex-col md:pl-16 lg:pl-60">
        <header className="sticky top-0 z-20 flex h-14 items-center justify-between gap-2 border-b bg-background/90 px-4 backdrop-blur">
          <div className="flex items-center gap-2">
            {isTabletUp ? null : (
              <>
                <MobileNav />
                <Link to="/dashboard" aria-label="Lodestar home">
                  <Logo />
                </Link>
              </>
            )}
          </div>
          <ThemeSwitcher />
        </header>
        <main
          id="main"
          tabIndex={-1}
          className="mx-auto w-full max-w-6xl flex-1 px-4 py-6 outline-none md:px-8"
        >
          <Suspense fallback={<PageSkeleton />}>
            <Outlet />
          </Suspense>
        </main>
      </div>
    </div>
  );
}
