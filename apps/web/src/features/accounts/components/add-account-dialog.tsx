import { Building2, FileUp, Info, Landmark, Link2, PenLine, Plus } from 'lucide-react';
import { type ReactNode, useId } from 'react';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { cn } from '@/lib/utils';
import { ACCOUNTS_TEXT } from '../messages';
import { useConnectDemo, useProviders } from '../queries';
import { Badge } from '@/components/ui/badge';
import { Skeleton } from '@/components/ui/skeleton';
import type { Provider } from '../api';
import { SimplefinConnectForm } from './simplefin-connect-form';
import { ImportFlow } from './import-flow';
import { ManualAccountForm } from './manual-account-form';
import { usePlaidLinkControl } from './plaid-link';

export type AddView = 'choose' | 'import' | 'manual' | 'simplefin';

function Choice({
  icon,
  title,
  description,
  extra,
  children,
}: {
  icon: ReactNode;
  title: string;
  description: string;
  extra?: ReactNode;
  children: ReactNode;
}) {
  return (
    <li className="grid grid-cols-1 gap-3 rounded-lg border bg-card p-4 sm:flex sm:items-center">
      <div className="flex min-w-0 flex-1 gap-3">
        <span className="flex size-10 shrink-0 items-center justify-center rounded-full bg-accent text-accent-foreground">
          {icon}
        </span>
        <div className="min-w-0 flex-1">
          <p className="font-medium">{title}</p>
          <p className="text-sm text-muted-foreground">{description}</p>
          {extra}
        </div>
      </div>
      <div className="flex shrink-0 flex-col gap-2">{children}</div>
    </li>
  );
}

/** Plaid's state on this server: what to set when it is not configured; never a value. */
function PlaidState({
  plaid,
  loading,
  failed,
  onRetry,
}: {
  plaid: Provider | undefined;
  loading: boolean;
  failed: boolean;
  onRetry: () => void;
}) {
  if (loading)
    return (
      <span role="status" aria-label="Checking the server's Plaid settings" className="mt-2 block">
        <Skeleton className="h-3 w-48" />
      </span>
    );
  if (failed || !plaid)
    return (
      <p className="mt-1 text-xs text-destructive">
        Could not check the server&apos;s settings.{' '}
        <button type="button" className="font-medium underline underline-offset-4" onClick={onRetry}>
          Try again
        </button>
      </p>
    );
  return (
    <p className="mt-1 text-xs text-muted-foreground">
      {plaid.configured ? (
        'PLAID_CLIENT_ID and PLAID_SECRET are set on this server.'
      ) : (
        <>
          To use Plaid, set{' '}
          {plaid.missing.map((name, index) => (
            <span key={name}>
              {index > 0 ? ' and ' : ''}
              <code className="rounded bg-muted px-1 font-mono text-foreground">{name}</code>
            </span>
          ))}{' '}
          on the server and restart it.
        </>
      )}
    </p>
  );
}

/** Where crypto exchanges and wallets are connected. */
export function LaterReleaseNote({ className }: { className?: string }) {
  return (
    <p
      className={cn(
        'flex items-start gap-2 rounded-md border border-dashed px-3 py-2 text-sm text-muted-foreground',
        className,
      )}
    >
      <Info aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
      {ACCOUNTS_TEXT.cryptoSources}
    </p>
  );
}

/**
 * The ways to add accounts: Plaid (with whether the server is set up for it), SimpleFIN Bridge, the demo
 * bank (and its re-auth variant), a file import, a manual account. Used in the Add account dialog and as the page's call to action while there are none.
 */
export function AddAccountChoices({
  onChoose,
  onConnected,
}: {
  onChoose: (view: Exclude<AddView, 'choose'>) => void;
  onConnected?: () => void;
}) {
  const demo = useConnectDemo();
  const connect = (variant: 'standard' | 'needs_reauth') =>
    demo.mutate(variant, { onSuccess: () => onConnected?.() });
  const pending = demo.isPending ? demo.variables : undefined;
  const reauthId = useId();
  const providers = useProviders();
  const plaid = providers.data?.find((item) => item.id === 'plaid');
  const plaidLink = usePlaidLinkControl();
  const linking = plaidLink.pending?.mode === 'new';
  return (
    <div className="grid grid-cols-1 gap-3">
      <ul className="grid grid-cols-1 gap-3">
        <Choice
          icon={<Landmark aria-hidden="true" className="size-5" />}
          title="Bank (Plaid)"
          description="Link a bank in the US, Canada or Europe through Plaid."
          extra={
            <PlaidState
              plaid={plaid}
              loading={providers.isPending}
              failed={providers.isError}
              onRetry={() => void providers.refetch()}
            />
          }
        >
          <Badge variant={plaid?.configured ? 'success' : 'secondary'} className="justify-self-start">
            {providers.isPending ? 'Checking...' : plaid?.configured ? 'Configured' : 'Not configured'}
          </Badge>
          {plaid?.configured ? (
            <Button
              onClick={() => {
                // Link opens over the page: this dialog closes first so Link's frame can take the focus.
                onConnected?.();
                plaidLink.start({ mode: 'new' });
              }}
              disabled={plaidLink.pending !== null}
            >
              {linking ? 'Opening Plaid...' : 'Link with Plaid'}
            </Button>
          ) : null}
        </Choice>
        <Choice
          icon={<Link2 aria-hidden="true" className="size-5" />}
          title="SimpleFIN Bridge"
          description="Link the banks you connected in SimpleFIN Bridge (US and Canada) with a setup token. No server settings needed."
        >
          <Button onClick={() => onChoose('simplefin')}>Connect with SimpleFIN</Button>
        </Choice>
        <Choice
          icon={<Building2 aria-hidden="true" className="size-5" />}
          title="Connect a demo bank"
          description="A made-up bank with checking, savings, a card and a loan, to try syncing without real data."
          extra={
            <p id={reauthId} className="mt-1 text-xs text-muted-foreground">
              Demo bank (re-auth needed): {ACCOUNTS_TEXT.demoReauthDescription}
            </p>
          }
        >
          <Button onClick={() => connect('standard')} disabled={demo.isPending}>
            {pending === 'standard' ? 'Connecting...' : 'Connect a demo bank'}
          </Button>
          <Button
            variant="outline"
            size="sm"
            onClick={() => connect('needs_reauth')}
            disabled={demo.isPending}
            aria-describedby={reauthId}
          >
            {pending === 'needs_reauth' ? 'Connecting...' : 'Demo bank (re-auth needed)'}
          </Button>
        </Choice>
        <Choice
          icon={<FileUp aria-hidden="true" className="size-5" />}
          title="Import a file"
          description="A CSV, OFX/QFX, QIF, CAMT.053 or MT940 export from your bank, previewed before anything is saved."
        >
          <Button variant="outline" onClick={() => onChoose('import')}>
            Import a file
          </Button>
        </Choice>
        <Choice
          icon={<PenLine aria-hidden="true" className="size-5" />}
          title="Add a manual account"
          description="Cash, property, a loan or anything else whose balance you keep up to date yourself."
        >
          <Button variant="outline" onClick={() => onChoose('manual')}>
            Add a manual account
          </Button>
        </Choice>
      </ul>
      <LaterReleaseNote />
    </div>
  );
}

function SimplefinSetup({ onCancel, onConnected }: { onCancel: () => void; onConnected: () => void }) {
  const providers = useProviders();
  const setupUrl = providers.data?.find((item) => item.id === 'simplefin')?.setupUrl ?? null;
  return <SimplefinConnectForm setupUrl={setupUrl} onCancel={onCancel} onConnected={onConnected} />;
}

/** The Add account dialog, its view controlled by the page (the empty state opens it at a view). */
export function AddAccountDialog({
  open,
  view,
  onOpenChange,
  onViewChange,
}: {
  open: boolean;
  view: AddView;
  onOpenChange: (open: boolean) => void;
  onViewChange: (view: AddView) => void;
}) {
  const close = () => onOpenChange(false);
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className={view === 'import' ? 'max-w-3xl' : 'max-w-xl'}>
        {view === 'choose' ? (
          <>
            <DialogHeader>
              <DialogTitle>Add account</DialogTitle>
              <DialogDescription>Choose how the account gets into Lodestar.</DialogDescription>
            </DialogHeader>
            <AddAccountChoices onChoose={onViewChange} onConnected={close} />
          </>
        ) : null}
        {view === 'simplefin' ? (
          <>
            <DialogHeader>
              <DialogTitle>Connect with SimpleFIN</DialogTitle>
              <DialogDescription>
                Your banks' accounts and about 90 days of transactions arrive in the first sync.
              </DialogDescription>
            </DialogHeader>
            <SimplefinSetup onCancel={() => onViewChange('choose')} onConnected={close} />
          </>
        ) : null}
        {view === 'import' ? <ImportFlow onBack={() => onViewChange('choose')} onDone={close} /> : null}
        {view === 'manual' ? (
          <>
            <DialogHeader>
              <DialogTitle>Add a manual account</DialogTitle>
              <DialogDescription>
                Its balance is what you enter; update it from the account&apos;s menu.
              </DialogDescription>
            </DialogHeader>
            <ManualAccountForm onCancel={() => onViewChange('choose')} onCreated={close} />
          </>
        ) : null}
      </DialogContent>
    </Dialog>
  );
}

/** The page's 'Add account' button. */
export function AddAccountButton({ onClick }: { onClick: () => void }) {
  return (
    <Button onClick={onClick}>
      <Plus aria-hidden="true" />
      Add account
    </Button>
  );
}
