import { AccountsView } from '../components/accounts-view';

/** The Crypto Exchanges tab: linking exchanges arrives in a later release, so it says so. */
export function CexesRoute() {
  return (
    <AccountsView
      title="CEXes"
      description="Centralised crypto exchanges, connected with read-only API keys."
      only="exchanges"
    />
  );
}
