import { AccountsView } from '../components/accounts-view';

/** The Crypto Exchanges tab: linking exchanges is not available yet, and it says so. */
export function CexesRoute() {
  return (
    <AccountsView
      title="CEXes"
      description="Centralised crypto exchanges, connected with read-only API keys."
      only="exchanges"
    />
  );
}
