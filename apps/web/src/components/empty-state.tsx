import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { cn } from '@/lib/utils';

type EmptyStateProps = {
  icon: LucideIcon;
  title: string;
  /** What will appear here, and what makes it appear. */
  children: ReactNode;
  action?: ReactNode;
  /** Keeps headings in order: 2 under a page's h1, 3 inside a titled section. */
  headingLevel?: 2 | 3;
  className?: string;
};

/** An honest empty state: what this place is for, while there is nothing to show yet. */
export function EmptyState({
  icon: Icon,
  title,
  children,
  action,
  headingLevel = 2,
  className,
}: EmptyStateProps) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  return (
    <div
      className={cn(
        'flex flex-col items-center gap-3 rounded-lg border border-dashed bg-card px-6 py-12 text-center text-card-foreground',
        className,
      )}
    >
      <span className="flex size-12 items-center justify-center rounded-full bg-accent text-accent-foreground">
        <Icon aria-hidden="true" className="size-6" />
      </span>
      <Heading className="text-lg font-semibold">{title}</Heading>
      <div className="max-w-md text-sm text-muted-foreground">{children}</div>
      {action ? <div className="mt-2">{action}</div> : null}
    </div>
  );
}
