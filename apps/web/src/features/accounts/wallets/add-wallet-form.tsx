import { looksLikeWalletSecret, PUBLIC_ADDRESS_ONLY } from '@lodestar/domain';
import { type FormEvent, useId, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { ApiError, errorMessage } from '@/lib/api-client';
import {
  addressProblem,
  CHAIN_KINDS,
  type ChainKind,
  EVM_NETWORKS,
  type EvmNetwork,
  isExtendedKey,
} from './model';
import { useAddWallet } from './queries';

/** The server's message for a field of the form (a 400 names it), else its general message. */
function serverProblem(error: unknown, field: string): string | null {
  if (error instanceof ApiError) {
    const item = error.items.find((entry) => entry.field === field);
    if (item) return item.message;
    if (error.items.length) return null;
  }
  return errorMessage(error);
}

const HELP: Record<ChainKind, string> = {
  bitcoin:
    'An address (1…, 3… or bc1…), or your wallet’s xpub, ypub, zpub or output descriptor (for Taproot and multisig wallets) to follow every address it uses.',
  solana: 'The wallet’s address: its SOL and every token it holds are read.',
  evm: 'The wallet’s 0x address or ENS name (name.eth): its ETH, POL or BNB and the listed stablecoins are read on each network.',
};

/**
 * Add a wallet: a chain (for an EVM address, on every EVM network or one), its public address (or
 * extended public key) checked as you type, and a name. A private key or recovery phrase is refused
 * before anything is sent.
 */
export function AddWalletForm({ onDone }: { onDone?: () => void }) {
  const [kind, setKind] = useState<ChainKind>('bitcoin');
  const [network, setNetwork] = useState<EvmNetwork>('evm');
  const chain = kind === 'evm' ? network : kind;
  const [address, setAddress] = useState('');
  const [label, setLabel] = useState('');
  const [addressError, setAddressError] = useState<string | null>(null);
  const [labelError, setLabelError] = useState<string | null>(null);
  const add = useAddWallet();
  const ids = {
    chain: useId(),
    network: useId(),
    address: useId(),
    addressHelp: useId(),
    addressError: useId(),
    label: useId(),
    labelError: useId(),
  };
  const typed = addressProblem(chain, address);
  const shownAddressError = typed ?? addressError;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (add.isPending) return;
    const problem = addressProblem(chain, address, true);
    const labelProblem = looksLikeWalletSecret(label) ? PUBLIC_ADDRESS_ONLY : null;
    setAddressError(problem);
    setLabelError(labelProblem);
    if (problem || labelProblem) return;
    const value = address.trim();
    add.mutate(
      {
        chain,
        ...(isExtendedKey(value) ? { xpub: value } : { address: value }),
        ...(label.trim() ? { label: label.trim() } : {}),
      },
      {
        onSuccess: () => {
          setAddress('');
          setLabel('');
          onDone?.();
        },
        onError: (error) => {
          setAddressError(serverProblem(error, isExtendedKey(value) ? 'xpub' : 'address'));
          if (error instanceof ApiError)
            setLabelError(error.items.find((item) => item.field === 'label')?.message ?? null);
        },
      },
    );
  };

  return (
    <form className="grid grid-cols-1 gap-4" onSubmit={submit} noValidate aria-label="Add a wallet">
      <fieldset className="grid grid-cols-1 gap-1.5">
        <legend className="mb-1.5 text-sm font-medium">Chain</legend>
        <div className="flex flex-wrap gap-2">
          {CHAIN_KINDS.map((option) => (
            <label
              key={option.value}
              className="flex items-center gap-2 rounded-md border px-3 py-2 text-sm has-[:checked]:border-primary has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-ring"
            >
              <input
                type="radio"
                name={ids.chain}
                value={option.value}
                checked={kind === option.value}
                onChange={() => setKind(option.value)}
                className="accent-primary"
              />
              {option.label}
            </label>
          ))}
        </div>
      </fieldset>
      {kind === 'evm' ? (
        <div className="grid grid-cols-1 gap-1.5">
          <Label htmlFor={ids.network}>Networks</Label>
          <Select value={network} onValueChange={(next) => setNetwork(next as EvmNetwork)}>
            <SelectTrigger id={ids.network} className="sm:w-64">
              <SelectValue />
            </SelectTrigger>
            <SelectContent>
              {EVM_NETWORKS.map((option) => (
                <SelectItem key={option.value} value={option.value}>
                  {option.label}
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
          <p className="text-sm text-muted-foreground">
            {network === 'evm'
              ? 'One address is the same wallet on Ethereum, Polygon, Arbitrum, Optimism, Base and BNB Chain: it is added once for each.'
              : 'Only this network is read.'}
          </p>
        </div>
      ) : null}
      <div className="grid grid-cols-1 gap-1.5">
        <Label htmlFor={ids.address}>Public address or extended public key</Label>
        <Input
          id={ids.address}
          value={address}
          onChange={(event) => {
            setAddress(event.target.value);
            setAddressError(null);
          }}
          spellCheck={false}
          autoComplete="off"
          className="font-mono text-sm"
          aria-describedby={shownAddressError ? `${ids.addressHelp} ${ids.addressError}` : ids.addressHelp}
          aria-invalid={shownAddressError ? true : undefined}
        />
        <p id={ids.addressHelp} className="text-sm text-muted-foreground">
          {HELP[kind]} Lodestar only reads public data: never paste a private key or recovery phrase.
        </p>
        {shownAddressError ? (
          <p id={ids.addressError} role="alert" className="text-sm text-destructive">
            {shownAddressError}
          </p>
        ) : null}
      </div>
      <div className="grid grid-cols-1 gap-1.5">
        <Label htmlFor={ids.label}>Name (optional)</Label>
        <Input
          id={ids.label}
          value={label}
          maxLength={100}
          onChange={(event) => {
            setLabel(event.target.value);
            setLabelError(looksLikeWalletSecret(event.target.value) ? PUBLIC_ADDRESS_ONLY : null);
          }}
          autoComplete="off"
          aria-describedby={labelError ? ids.labelError : undefined}
          aria-invalid={labelError ? true : undefined}
        />
        {labelError ? (
          <p id={ids.labelError} role="alert" className="text-sm text-destructive">
            {labelError}
          </p>
        ) : null}
      </div>
      <div className="flex justify-end">
        <Button type="submit" disabled={add.isPending}>
          {add.isPending ? 'Adding…' : 'Add wallet'}
        </Button>
      </div>
    </form>
  );
}
