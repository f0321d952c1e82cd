import { LogOut, Settings } from 'lucide-react';
import { DropdownMenu } from 'radix-ui';
import { Link } from 'react-router';
import { useSignOut } from '@/features/auth/use-sign-out';
import type { CurrentUser } from '@/lib/session';
import { Button } from './ui/button';

/** Up to two initials from the full name (first and last word), else the email's first letter. */
export function initialsOf(user: Pick<CurrentUser, 'fullName' | 'email'>): string {
  const words = user.fullName.trim().split(/\s+/u).filter(Boolean);
  const letters =
    words.length > 1 ? [words[0], words[words.length - 1]] : words.length === 1 ? [words[0]] : [user.email];
  const initials = letters
    .map((word) => [...(word ?? '')].find((character) => /\p{L}|\d/u.test(character)) ?? '')
    .join('')
    .toLocaleUpperCase();
  return initials || '?';
}

const itemClass =
  'flex cursor-default items-center gap-2 rounded-sm px-2 py-1.5 text-sm outline-none data-[disabled]:opacity-60 data-[highlighted]:bg-accent data-[highlighted]:text-accent-foreground [&_svg]:size-4';

/** The header's account menu: who is signed in, Settings and Sign out. */
export function UserMenu({ user }: { user: CurrentUser }) {
  const { signOut, signingOut } = useSignOut();
  const initials = initialsOf(user);
  return (
    <DropdownMenu.Root>
      <DropdownMenu.Trigger asChild>
        {/* The name starts with the initials it shows (WCAG 2.5.3, label in name). */}
        <Button variant="ghost" size="icon" aria-label={`${initials}, account menu`} className="rounded-full">
          <span
            aria-hidden="true"
            className="flex size-8 items-center justify-center rounded-full bg-primary text-xs font-semibold text-primary-foreground"
          >
            {initials}
          </span>
        </Button>
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content
          align="end"
          sideOffset={6}
          className="z-50 w-64 max-w-[calc(100vw-2rem)] rounded-md border bg-card p-1 text-card-foreground shadow-lg"
        >
          <DropdownMenu.Label className="px-2 py-1.5">
            <span className="block truncate text-sm font-semibold">{user.fullName || user.email}</span>
            {user.fullName ? (
              <span className="block truncate text-xs text-muted-foreground">{user.email}</span>
            ) : null}
          </DropdownMenu.Label>
          <DropdownMenu.Separator className="-mx-1 my-1 h-px bg-border" />
          <DropdownMenu.Item asChild className={itemClass}>
            <Link to="/settings/profile">
              <Settings aria-hidden="true" />
              Settings
            </Link>
          </DropdownMenu.Item>
          <DropdownMenu.Item
            className={itemClass}
            disabled={signingOut}
            onSelect={() => {
              void signOut();
            }}
          >
            <LogOut aria-hidden="true" />
            {signingOut ? 'Signing out...' : 'Sign out'}
          </DropdownMenu.Item>
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
