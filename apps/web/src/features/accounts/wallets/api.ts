import { apiFetch, type ApiBody, type ApiData, type ApiSchema } from '@/lib/api-client';

/** The Wallets screen's calls to `/api/v1/blockchain/*` (docs/crypto.md), typed by the OpenAPI document. */

export type Wallet = ApiSchema<'Wallet'>;
export type WalletHolding = ApiSchema<'WalletHolding'>;
export type WalletChain = Wallet['chain'];
export type NewWallet = ApiBody<'/blockchain/wallets', 'post'>;
export type WalletList = ApiData<'/blockchain/wallets'>;

export const walletsQueryKeys = {
  wallets: ['blockchain', 'wallets'] as const,
  /** Other features' data a wallet changes (invalidated by prefix). */
  affected: [['accounts'], ['dashboard'], ['holdings'], ['analytics']] as const,
};

export const walletsApi = {
  list: () => apiFetch<WalletList>('/blockchain/wallets'),
  add: (body: NewWallet) =>
    apiFetch<ApiData<'/blockchain/wallets', 'post'>>('/blockchain/wallets', { method: 'POST', body }).then(
      // Every wallet added: one, or one per EVM chain for `evm`.
      (data) => data.wallets,
    ),
  remove: (id: string) =>
    apiFetch<ApiData<'/blockchain/wallets/{id}', 'delete'>>(`/blockchain/wallets/${encodeURIComponent(id)}`, {
      method: 'DELETE',
    }),
  syncAll: () => apiFetch<ApiData<'/blockchain/sync', 'post'>>('/blockchain/sync', { method: 'POST' }),
};
