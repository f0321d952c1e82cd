import { useQuery } from '@tanstack/react-query';
import { Lightbulb } from 'lucide-react';
import { Link } from 'react-router';
import { EmptyState } from '@/components/empty-state';
import { LoadError } from '@/components/load-error';
import { PageHeader } from '@/components/page-header';
import { ListSkeleton } from '@/components/skeletons/list-skeleton';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { useMoneyDisplay, useUserPreferences } from '@/lib/user-preferences';
import { type Insight, insightsQuery } from '../api';
import { InsightCard } from '../components/insight-card';
import { RecurringPayments } from '../components/recurring-payments';
import { groupInsights } from '../format';
import { HelpLink } from '@/components/help-link';

function InsightGroup({
  id,
  title,
  insights,
  display,
}: {
  id: string;
  title: string;
  insights: Insight[];
  display: Omit<Parameters<typeof InsightCard>[0], 'insight'>;
}) {
  if (insights.length === 0) return null;
  return (
    <section aria-labelledby={id} className="space-y-3">
      <h2 id={id} className="text-lg font-semibold">
        {title}
      </h2>
      <ul className="grid gap-4 md:grid-cols-2 xl:grid-cols-3">
        {insights.map((insight) => (
          <li key={insight.id}>
            <InsightCard insight={insight} {...display} />
          </li>
        ))}
      </ul>
    </section>
  );
}

/**
 * Insights: what stands out in the user's money (warnings first), each with its numbers and a way to the
 * transactions behind it, and the recurring payments detected in the transactions.
 */
export function InsightsRoute() {
  const query = useQuery(insightsQuery());
  const { showBalances, locale } = useMoneyDisplay();
  const { preferences } = useUserPreferences();
  const display = { masked: !showBalances, locale, dateFormat: preferences.date_format };

  let body;
  if (query.isPending) {
    body = <ListSkeleton label="Loading insights…" />;
  } else if (query.isError) {
    body = (
      <Card>
        <LoadError
          title="Insights could not be loaded"
          error={query.error}
          onRetry={() => void query.refetch()}
          retrying={query.isFetching}
        />
      </Card>
    );
  } else if (query.data.insights.length === 0 && query.data.recurring.length === 0) {
    body = (
      <EmptyState icon={Lightbulb} title="No insights yet">
        They appear after about a month of transactions: your savings rate, categories that moved,
        subscriptions and unusual payments, each linked to the transactions behind it.{' '}
        <HelpLink slug="expenses-and-insights">What insights look for</HelpLink>
      </EmptyState>
    );
  } else {
    const { attention, others } = groupInsights(query.data.insights);
    body = (
      <div className="space-y-8">
        <InsightGroup
          id="needs-attention-heading"
          title="Needs attention"
          insights={attention}
          display={display}
        />
        <InsightGroup
          id="other-insights-heading"
          title={attention.length > 0 ? 'Other insights' : 'Insights'}
          insights={others}
          display={display}
        />
        {query.data.insights.length === 0 ? (
          <p className="text-sm text-muted-foreground">Nothing stands out in your recent transactions.</p>
        ) : null}
        {query.data.recurring.length > 0 ? (
          <RecurringPayments recurring={query.data.recurring} {...display} />
        ) : null}
      </div>
    );
  }

  return (
    <>
      <PageHeader
        title="Insights"
        description="Patterns in your money, with the numbers behind them."
        actions={
          <Button asChild variant="outline">
            <Link to="/reports">Custom reports</Link>
          </Button>
        }
      />
      {body}
    </>
  );
}
