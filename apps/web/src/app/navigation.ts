import { arrangeInOrder, SIDEBAR_SECTION_IDS } from '@lodestar/domain';
import {
  ArrowLeftRight,
  Building2,
  Calculator,
  Home,
  Landmark,
  LayoutDashboard,
  Lightbulb,
  LifeBuoy,
  ListOrdered,
  type LucideIcon,
  Newspaper,
  PieChart,
  Receipt,
  Settings,
  Wallet,
} from 'lucide-react';

export type NavItem = {
  to: string;
  label: string;
  icon: LucideIcon;
  children?: NavItem[];
  /** Draw a divider before this item (spec §2: before Expenses). */
  dividerBefore?: boolean;
};

/** Main navigation in the order of spec §2. */
export const MAIN_NAV: NavItem[] = [
  { to: '/dashboard', label: 'Dashboard', icon: LayoutDashboard },
  {
    to: '/accounts',
    label: 'Accounts',
    icon: Landmark,
    children: [
      { to: '/wallets', label: 'Wallets', icon: Wallet },
      { to: '/banks', label: 'Banks', icon: Building2 },
      { to: '/cexes', label: 'CEXes', icon: ArrowLeftRight },
    ],
  },
  { to: '/activity', label: 'Activity', icon: ListOrdered },
  { to: '/expenses', label: 'Expenses', icon: Receipt, dividerBefore: true },
  { to: '/insights', label: 'Insights', icon: Lightbulb },
  { to: '/assets', label: 'Assets', icon: PieChart },
  { to: '/real-estate', label: 'Real Estate', icon: Home },
];

/**
 * The main navigation in the user's order (the `sidebar_section_order` preference, set in Settings →
 * Display): the sections it names first, the others after in the order of spec §2.
 */
export function orderedMainNav(order: readonly string[]): NavItem[] {
  const byId = new Map(MAIN_NAV.map((item) => [item.to.slice(1), item]));
  return arrangeInOrder(SIDEBAR_SECTION_IDS, order).flatMap((id) => byId.get(id) ?? []);
}

/** Bottom navigation (spec §2: Blog, Tools, Help), then Settings. */
export const BOTTOM_NAV: NavItem[] = [
  { to: '/blog', label: 'Blog', icon: Newspaper },
  { to: '/tools', label: 'Tools', icon: Calculator },
  { to: '/help', label: 'Help', icon: LifeBuoy },
  { to: '/settings', label: 'Settings', icon: Settings },
];
