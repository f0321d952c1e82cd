import { NavLink } from 'react-router';
import { Tooltip } from '@/components/ui/tooltip';
import { Separator } from '@/components/ui/separator';
import { cn } from '@/lib/utils';
import { MAIN_NAV, type NavItem, SECONDARY_NAV } from '../navigation';

type SideNavProps = {
  /** Icons only, labels in tooltips (tablet). */
  compact?: boolean;
  onNavigate?: () => void;
};

function NavEntry({
  item,
  compact,
  nested,
  onNavigate,
}: {
  item: NavItem;
  compact: boolean;
  nested?: boolean;
  onNavigate?: () => void;
}) {
  const Icon = item.icon;
  const link = (
    <NavLink
      to={item.to}
      onClick={onNavigate}
      className={({ isActive }) =>
        cn(
          'flex items-center gap-3 rounded-md px-3 py-2 text-sm font-medium text-sidebar-foreground transition-colors hover:bg-sidebar-active',
          compact && 'justify-center px-0',
          nested && !compact && 'py-1.5 pl-10 text-[0.8125rem]',
          isActive && 'bg-sidebar-active font-semibold',
        )
      }
    >
      <Icon aria-hidden="true" className={cn('size-5 shrink-0', nested && !compact && 'size-4')} />
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
    <ul className="flex flex-col gap-0.5">
      {items.map((item) => (
        <li key={item.to}>
          {item.dividerBefore ? <Separator className="my-2" /> : null}
          <NavEntry item={item} compact={compact} onNavigate={onNavigate} />
          {item.children ? (
            <ul className="mt-0.5 flex flex-col gap-0.5">
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

/** The product's navigation: main list (with Accounts' children and the divider), then the bottom list. */
export function SideNav({ compact = false, onNavigate }: SideNavProps) {
  return (
    <div className="flex min-h-0 flex-1 flex-col justify-between gap-4 overflow-y-auto p-3">
      <nav aria-label="Main">
        <NavList items={MAIN_NAV} compact={compact} onNavigate={onNavigate} />
      </nav>
      <nav aria-label="More">
        <NavList items={SECONDARY_NAV} compact={compact} onNavigate={onNavigate} />
      </nav>
    </div>
  );
}
