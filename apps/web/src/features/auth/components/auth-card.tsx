import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { DocumentTitle } from '@/components/document-title';
import { cn } from '@/lib/utils';

/**
 * The card every authentication page sits in: an icon, the page's h1, a short description, the
 * content and an optional footer (links to the neighbouring pages).
 */
export function AuthCard({
  icon: Icon,
  title,
  documentTitle,
  description,
  children,
  footer,
  className,
}: {
  icon: LucideIcon;
  title: string;
  /** The browser tab's title, when it differs from the heading. */
  documentTitle?: string;
  description?: ReactNode;
  children?: ReactNode;
  footer?: ReactNode;
  className?: string;
}) {
  return (
    <section
      aria-labelledby="auth-title"
      className={cn(
        'w-full max-w-sm rounded-lg border bg-card p-6 text-card-foreground shadow-sm',
        className,
      )}
    >
      <DocumentTitle title={documentTitle ?? title} />
      <div className="text-center">
        <Icon aria-hidden="true" className="mx-auto size-8 text-primary" />
        <h1 id="auth-title" className="mt-3 text-2xl font-semibold">
          {title}
        </h1>
        {description ? <div className="mt-2 text-sm text-muted-foreground">{description}</div> : null}
      </div>
      {children ? <div className="mt-6">{children}</div> : null}
      {footer ? (
        <div className="mt-6 space-y-2 text-center text-sm text-muted-foreground">{footer}</div>
      ) : null}
    </section>
  );
}

/** A link styled for the card footer and inline text. */
export const authLinkClass = 'rounded-sm font-medium text-primary underline-offset-4 hover:underline';
