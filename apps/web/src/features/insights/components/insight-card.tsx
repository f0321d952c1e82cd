import type { DateFormat } from '@lodestar/domain';
import { AlertTriangle, ArrowRight, CheckCircle2, Info, type LucideIcon } from 'lucide-react';
import { useId } from 'react';
import { Link } from 'react-router';
import { MoneyText } from '@/components/money';
import { Badge } from '@/components/ui/badge';
import { Card } from '@/components/ui/card';
import type { Insight, InsightSeverity } from '../api';
import { explanationText, figureDisplay, isAppLink } from '../format';

/** Severity as an icon and a word, so it never rests on colour alone. */
const SEVERITY: Record<
  InsightSeverity,
  { label: string; icon: LucideIcon; variant: 'warning' | 'success' | 'secondary' }
> = {
  warning: { label: 'Warning', icon: AlertTriangle, variant: 'warning' },
  positive: { label: 'Good news', icon: CheckCircle2, variant: 'success' },
  info: { label: 'Info', icon: Info, variant: 'secondary' },
};

/** One insight: its severity, title, plain-language explanation, figures and links to the transactions. */
export function InsightCard({
  insight,
  masked,
  locale,
  dateFormat,
}: {
  insight: Insight;
  masked: boolean;
  locale: string;
  dateFormat: DateFormat;
}) {
  const severity = SEVERITY[insight.severity] ?? SEVERITY.info;
  const Icon = severity.icon;
  // Insight ids are the server's (any text); a React id is always a valid IDREF.
  const headingId = useId();
  const links = insight.links.filter((link) => isAppLink(link.href));
  return (
    // An article, not a region: two insights may share a title (two unusual payments at one merchant),
    // and landmarks must have names of their own.
    <Card
      role="article"
      aria-labelledby={headingId}
      className="flex h-full flex-col gap-3 p-5"
      data-severity={insight.severity}
    >
      <Badge variant={severity.variant}>
        <Icon aria-hidden="true" />
        {severity.label}
      </Badge>
      <h3 id={headingId} className="text-base font-semibold leading-tight">
        {insight.title}
      </h3>
      <p className="text-sm text-muted-foreground">{explanationText(insight.explanation, masked)}</p>
      {insight.figures.length > 0 ? (
        <dl className="grid grid-cols-2 gap-3">
          {insight.figures.map((figure) => {
            const display = figureDisplay(figure, { locale, dateFormat });
            return (
              <div key={figure.label} className="min-w-0">
                <dt className="text-xs text-muted-foreground">{figure.label}</dt>
                <dd className="font-semibold break-words">
                  {display.kind === 'money' ? (
                    <MoneyText amount={display.amount} tone="plain" masked={masked} locale={locale} />
                  ) : (
                    display.text
                  )}
                </dd>
              </div>
            );
          })}
        </dl>
      ) : null}
      {links.length > 0 ? (
        <ul className="mt-auto flex flex-wrap gap-x-4 gap-y-1 pt-1">
          {links.map((link) => (
            <li key={link.href}>
              <Link
                to={link.href}
                className="inline-flex items-center gap-1 rounded-sm text-sm font-medium text-primary underline-offset-4 hover:underline"
              >
                {link.label}
                <ArrowRight aria-hidden="true" className="size-3.5" />
              </Link>
            </li>
          ))}
        </ul>
      ) : null}
    </Card>
  );
}
