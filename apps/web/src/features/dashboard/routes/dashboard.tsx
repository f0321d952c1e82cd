import { LayoutDashboard } from 'lucide-react';
import { Link } from 'react-router';
import { EmptyState } from '@/components/empty-state';
import { PageHeader } from '@/components/page-header';
import { Button } from '@/components/ui/button';

export function DashboardRoute() {
  return (
    <>
      <PageHeader
        title="Dashboard"
        description="Net worth, cash, investments and what changed, at a glance."
      />
      <EmptyState
        icon={LayoutDashboard}
        title="Your net worth will appear here"
        action={
          <Button asChild variant="outline">
            <Link to="/help">How Lodestar works</Link>
          </Button>
        }
      >
        Once you link an account or import a file, balances, cash flow and net-worth history show up on this
        page.
      </EmptyState>
    </>
  );
}
