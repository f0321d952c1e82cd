import { SignedInOnly } from '../signed-in-only';
import { ApiKeysCard } from './api-keys-card';
import { DeveloperToolsCard } from './developer-tools-card';
import { WebhooksCard } from './webhooks-card';

/** Spec §2 developer section: API keys, webhooks and 'Run All Cron Jobs'. */
export function DeveloperSettings() {
  return (
    <SignedInOnly returnTo="/settings/developer">
      {() => (
        <div className="space-y-6">
          <ApiKeysCard />
          <WebhooksCard />
          <DeveloperToolsCard />
        </div>
      )}
    </SignedInOnly>
  );
}
