import { NavLink, useMatch } from 'react-router';
import { Separator } from '@/components/ui/separator';
import { Tooltip } from '@/components/ui/tooltip';
import { cn } from '@/lib/utils';
import { useUserPreferences } from '@/lib/user-preferences';
import { BOTTOM_NAV, type NavItem, orderedMainNav } from '../navigation';

type SideNavProps = {
  /** Icons only with labels in tooltips (tablet); the labels stay in the accessible name. */
  compact?: boolean;
  onNavigate?: () => void;
};

type EntryProps = { item: NavItem; compact: boolean; nested?: boolean; onNavigate?: () => void };

function NavEntry({ item, compact, nested = false, onNavigate }: EntryProps) {
  const Icon = item.icon;
  // A string className, not NavLink's function form: the tooltip trigger (a Radix Slot) merges class
  // names as strings and would turn a function into garbage.
  const isActive = useMatch({ path: item.to, end: false }) !== null;
  const link = (
    <NavLink
      to={item.to}
      onClick={onNavigate}
      className={cn(
        'flex items-center gap-3 rounded-md px-3 py-2 text-sm font-medium text-sidebar-foreground transition-colors hover:bg-sidebar-active',
        compact && 'size-10 justify-center px-0 py-0',
        nested && !compact && 'py-1.5 pl-10 text-[0.8125rem]',
        nested && compact && 'size-9',
        isActive && 'bg-sidebar-active font-semibold',
      )}
    >
      <Icon aria-hidden="true" className={cn('size-5 shrink-0', nested && 'size-4')} />
      <span className={cn(compact && 'sr-only')}>{item.label}</span>
    </NavLink>
  );
  return compact ? <Tooltip label={item.label}>{link}</Tooltip> : link;
}

function NavList({
  items,
  compact,
  onNavigate,
}: {
  items: NavItem[];
  compact: boolean;
  onNavigate?: () => void;
}) {
  return (
    <ul className={cn('flex flex-col gap-0.5', compact && 'items-center')}>
      {items.map((item, index) => (
        <li key={item.to} className={cn(compact && 'flex flex-col items-center')}>
          {item.dividerBefore && index > 0 ? <Separator className="my-2" data-nav-divider="" /> : null}
          <NavEntry item={item} compact={compact} onNavigate={onNavigate} />
          {item.children ? (
            <ul className={cn('mt-0.5 flex flex-col gap-0.5', compact && 'items-center')}>
              {item.children.map((child) => (
                <li key={child.to}>
                  <NavEntry item={child} compact={compact} nested onNavigate={onNavigate} />
                </li>
              ))}
            </ul>
          ) : null}
        </li>
      ))}
    </ul>
  );
}

/** The product's navigation: the main list (Accounts' children, the divider before Expenses), then the bottom list. */
export function SideNav({ compact = false, onNavigate }: SideNavProps) {
  const order = useUserPreferences().preferences.sidebar_section_order;
  return (
    <div
      className={cn(
        'flex min-h-0 flex-1 flex-col justify-between gap-4 overflow-y-auto p-3',
        compact && 'px-2',
      )}
    >
      <nav aria-label="Main">
        <NavList items={orderedMainNav(order)} compact={compact} onNavigate={onNavigate} />
      </nav>
      <nav aria-label="More">
        <NavList items={BOTTOM_NAV} compact={compact} onNavigate={onNavigate} />
      </nav>
    </div>
  );
}
