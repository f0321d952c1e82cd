import { Sparkles } from 'lucide-react';
import { Link } from 'react-router';
import { errorMessage } from '@/lib/api-client';
import { isUpgradeRequired } from '@/lib/billing';

/**
 * A refusal shown where it happened; when the plan caused it (403 UPGRADE_REQUIRED), with the way to
 * upgrade.
 */
export function RefusalMessage({ error }: { error: unknown }) {
  const upgrade = isUpgradeRequired(error);
  return (
    <div role="alert" className="space-y-1 text-sm">
      <p className="font-medium text-destructive">{errorMessage(error)}</p>
      {upgrade ? <UpgradeLink /> : null}
    </div>
  );
}

/** The way to the plans, under a refusal that the plan caused. */
export function UpgradeLink() {
  return (
    <p className="flex items-center gap-1.5 text-sm">
      <Sparkles aria-hidden="true" className="size-4 text-primary" />
      <Link to="/settings/billing" className="font-medium text-primary underline underline-offset-4">
        See plans and upgrade
      </Link>
    </p>
  );
}
