import {
  TRANSACTION_CATEGORIES,
  TRANSACTION_CATEGORY_VALUES,
  type TransactionCategory,
  truncateAccountName,
} from '@lodestar/domain';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Star } from 'lucide-react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { apiFetch, type ApiData } from '@/lib/api-client';
import { usePreferences } from '@/lib/preferences';
import { Highlight } from '../search';
import { CardEmpty, CardError, CardLoading } from './card-states';
import { NewsSettings } from './news-settings';
import { PreferencesState } from './preferences-state';
import { CheckboxGroupRow, SettingsGroup } from './settings-form-kit';

type AccountName = Pick<ApiData<'/accounts'>['accounts'][number], 'id' | 'name'>;

/** Query key under the accounts feature's prefix, so its changes (rename, delete) refresh the names. */
const ACCOUNT_NAMES_KEY = ['accounts', 'names'] as const;

export const FAVORITES_EMPTY_TEXT = 'Star accounts from the Accounts page';

const CATEGORY_OPTIONS = TRANSACTION_CATEGORY_VALUES.map((value) => ({
  value,
  label: TRANSACTION_CATEGORIES[value],
}));

/** An account's name (truncated, spec §9), or 'Account {id}' when it is not in the list (spec §2). */
function favoriteLabel(id: string, accounts: readonly AccountName[] | undefined): string {
  const account = accounts?.find((candidate) => candidate.id === id);
  return account ? truncateAccountName(account.name) : `Account ${id}`;
}

function Favorites() {
  const { preferences, updatePreference } = usePreferences();
  const queryClient = useQueryClient();
  const favorites = preferences.favorite_accounts;
  const accounts = useQuery({
    queryKey: ACCOUNT_NAMES_KEY,
    queryFn: () =>
      apiFetch<ApiData<'/accounts'>>('/accounts?tab=all').then((data) =>
        data.accounts.map(({ id, name }) => ({ id, name })),
      ),
    enabled: favorites.length > 0,
    // Names are a nicety here (ids stand in) and the card has its own Retry: fail fast.
    retry: false,
  });
  if (favorites.length === 0)
    return (
      <CardEmpty icon={Star}>
        <Highlight text={FAVORITES_EMPTY_TEXT} />
      </CardEmpty>
    );
  if (accounts.isPending) return <CardLoading label="Loading favorite accounts…" rows={favorites.length} />;
  const remove = (id: string) => {
    void updatePreference(
      'favorite_accounts',
      favorites.filter((favorite) => favorite !== id),
    ).then((saved) => {
      // The Accounts page shows the star from the account list: read it again once the change is stored.
      if (saved) void queryClient.invalidateQueries({ queryKey: ['accounts'] });
    });
  };
  return (
    <>
      {accounts.isError ? (
        <CardError
          title="Failed to load account names"
          error={accounts.error}
          onRetry={() => void accounts.refetch()}
          retrying={accounts.isFetching}
        />
      ) : null}
      <ul aria-label="Favorite accounts" className="divide-y">
        {favorites.map((id) => {
          const label = favoriteLabel(id, accounts.data);
          return (
            <li key={id} className="flex items-center justify-between gap-3 px-5 py-3">
              <span className="flex min-w-0 items-center gap-2 text-sm">
                <Star aria-hidden="true" className="size-4 shrink-0 fill-current text-brand" />
                <span className="truncate">
                  <Highlight text={label} />
                </span>
              </span>
              <Button variant="outline" size="sm" aria-label={`Remove ${label}`} onClick={() => remove(id)}>
                Remove
              </Button>
            </li>
          );
        })}
      </ul>
    </>
  );
}

/** Spec §2 financial section: favorites list, a way to the rules, category visibility, and market news. */
export function FinancialSettings() {
  const { preferences, updatePreference } = usePreferences();
  const hidden = new Set<string>(preferences.hidden_categories);
  const visible = TRANSACTION_CATEGORY_VALUES.filter((value) => !hidden.has(value));
  return (
    <PreferencesState label="financial settings">
      <SettingsGroup title="Favorites" description="Accounts you starred on the Accounts page.">
        <Favorites />
      </SettingsGroup>
      <SettingsGroup
        title="Rules"
        description="Rules set the category, name or totals of transactions that match them, first match first."
      >
        <div className="flex flex-wrap items-center justify-between gap-3 px-5 py-4">
          <p className="text-sm text-muted-foreground">
            <Highlight text="See, edit, reorder and run your categorization rules." />
          </p>
          <Button asChild variant="outline" size="sm">
            <Link to="/activity/rules">
              <Highlight text="Manage rules" />
            </Link>
          </Button>
        </div>
      </SettingsGroup>
      <SettingsGroup title="Category Visibility" description="Choose which transaction categories are shown.">
        <CheckboxGroupRow<TransactionCategory>
          label="Visible Categories"
          options={CATEGORY_OPTIONS}
          values={visible}
          onValuesChange={(values) =>
            void updatePreference(
              'hidden_categories',
              TRANSACTION_CATEGORY_VALUES.filter((value) => !values.includes(value)),
            )
          }
        />
      </SettingsGroup>
      <NewsSettings />
    </PreferencesState>
  );
}
