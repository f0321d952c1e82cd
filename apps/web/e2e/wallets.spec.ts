import { startFakeCoinGecko, type FakeCoinGecko } from '@lodestar/server/testing/fake-coingecko';
import { startFakeEsplora, type FakeEsplora } from '@lodestar/server/testing/fake-esplora';
import { startFakeEvmRpc, type FakeEvmRpc } from '@lodestar/server/testing/fake-evm-rpc';
import { EVM_CHAIN_IDS, EVM_CHAINS } from '@lodestar/server/connectors/blockchain/evm/chains';
import { snap } from './auth-helpers';
import { expect, signUpAndSignIn, test as base, uniqueEmail } from './fixtures';
import { fakeForWorker, forEachView } from './journey-helpers';

// Wallets: follow a Bitcoin wallet by its zpub (BIP84's test vector) through a fake Esplora and a fake
// CoinGecko on 127.0.0.1, see its holding valued on Wallets, on Assets and in the dashboard's crypto share.
const ZPUB =
  'zpub6rFR7y4Q2AijBEqTUquhVz398htDFrtymD9xYYfG1m4wAcvPhXNfE3EfH1r1ADqtfSdVCToUG868RvUUkgDKf31mGDtKsAYz2oz2AGutZYs';
/** m/84'/0'/0'/0/1 and m/84'/0'/0'/1/0 of that zpub (BIP84). */
const RECEIVE_1 = 'bc1qnjg0jd8228aq7egyzacy8cys3knf9xvrerkf9g';
const CHANGE_0 = 'bc1q8c6fshw2dlwun7ekn9qwf37cu2rn755upcp6el';
const EXTERNAL = '1BvBMSEYstWetqTFn5Au4m4GFg7xJaNVN2';

const test = base.extend<object, { esplora: FakeEsplora; gecko: FakeCoinGecko; evm: FakeEvmRpc }>({
  esplora: fakeForWorker(startFakeEsplora),
  gecko: fakeForWorker(startFakeCoinGecko),
  evm: fakeForWorker(startFakeEvmRpc),
  serverEnv: [
    async ({ esplora, gecko, evm }, use) =>
      use({
        BTC_ESPLORA_URL: esplora.url,
        CRYPTO_PRICES_URL: gecko.url,
        // Every EVM chain's node is the loopback fake, which only OUTBOUND_ALLOW_PRIVATE lets it reach.
        EVM_RPC_URLS: JSON.stringify(
          Object.fromEntries(EVM_CHAIN_IDS.map((chain) => [chain, evm.chainUrl(chain)])),
        ),
        OUTBOUND_ALLOW_PRIVATE: '127.0.0.1',
      }),
    { scope: 'worker' },
  ],
});

test.use({ storageState: { cookies: [], origins: [] } });

const daysAgo = (days: number) => Math.floor(Date.now() / 1000) - days * 86_400;

test('wallets: add a zpub, see its bitcoin valued on Wallets, Assets and the dashboard', async ({
  page,
  server,
  esplora,
  gecko,
  checkA11y,
}) => {
  test.setTimeout(180_000);
  esplora.txs = [
    {
      txid: 'a1'.padStart(64, '0'),
      blockTime: daysAgo(20),
      inputs: [{ address: EXTERNAL, value: 50_000_000 }],
      outputs: [{ address: RECEIVE_1, value: 20_000_000 }],
    },
    {
      txid: 'b2'.padStart(64, '0'),
      blockTime: daysAgo(4),
      inputs: [{ address: EXTERNAL, value: 9_000_000 }],
      outputs: [{ address: CHANGE_0, value: 5_432_100 }],
    },
  ];
  gecko.coins.set('bitcoin', {
    prices: { usd: 64_250.5, eur: 59_000 },
    change24h: 2.35,
    lastUpdatedAt: daysAgo(0),
    history: {
      usd: Array.from({ length: 30 }, (_, index) => [
        new Date(Date.now() - (30 - index) * 86_400_000).toISOString().slice(0, 10),
        60_000 + index * 100,
      ]),
    },
  });
  await page.setViewportSize({ width: 1440, height: 900 });
  await signUpAndSignIn(page.request, server.url, { email: uniqueEmail('wallets'), name: 'Satoshi Wallets' });

  await page.goto('/wallets');
  await expect(page.getByRole('heading', { name: 'No wallets yet' })).toBeVisible();
  await checkA11y(page);
  await snap(page, 'wallets-empty-1440-light');

  const field = page.getByLabel('Public address or extended public key');
  // A recovery phrase is refused as it is typed, before anything is sent.
  await field.fill('legal winner thank year wave sausage worth useful legal winner thank yellow');
  await expect(page.getByRole('alert')).toHaveText('Lodestar only needs your public address');
  // A typo breaks the checksum: the server says so at the field.
  await field.fill('bc1qcr8te4kr609gcawutmrza0j4xv80jy8z306fyv');
  await page.getByRole('button', { name: 'Add wallet' }).click();
  await expect(page.getByRole('alert')).toContainText('This is not a Bitcoin address');

  await field.fill(ZPUB);
  await page.getByLabel('Name (optional)').fill('Cold storage');
  await checkA11y(page);
  await page.getByRole('button', { name: 'Add wallet' }).click();

  const card = page.getByRole('region', { name: 'Cold storage' });
  const holdings = card.getByRole('list', { name: 'Holdings of Cold storage' });
  await expect(holdings.getByText('0.254321 BTC')).toBeVisible({ timeout: 60_000 });
  await expect(holdings.getByText('$64,250.50')).toBeVisible();
  await expect(holdings.getByText('+2.35%')).toBeVisible();
  // 0.254321 × 64,250.50 = 16,340.25
  await expect(card.getByText('$16,340.25').first()).toBeVisible();
  await expect(card.getByText(/^Synced/)).toBeVisible();
  await checkA11y(page);
  await snap(page, 'wallets-1440-light');

  await page.goto('/assets');
  await expect(page.getByText('Bitcoin').first()).toBeVisible({ timeout: 30_000 });
  await page.goto('/dashboard');
  await expect(page.getByTestId('crypto-share')).toContainText('Crypto is 100.00% of your assets');

  await forEachView(page, async ({ name }) => {
    await page.goto('/wallets');
    await expect(page.getByText('0.254321 BTC')).toBeVisible();
    await checkA11y(page);
    await snap(page, `wallets-${name}`);
  });

  // Remove, after confirming.
  await page.getByRole('button', { name: 'Remove Cold storage' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Remove wallet' }).click();
  await expect(page.getByRole('heading', { name: 'No wallets yet' })).toBeVisible();
});

// An EVM address, given by its ENS name, followed on every EVM chain at once: ether and USDC on Ethereum, POL on Polygon, through a
// fake JSON-RPC node per chain (Multicall3 answered with viem's own ABI encoding) on 127.0.0.1.
test('wallets: follow an EVM address on every EVM chain, see its ether and stablecoins', async ({
  page,
  server,
  evm,
  gecko,
  checkA11y,
}) => {
  test.setTimeout(180_000);
  const owner = '0x52908400098527886E0F7030069857D2E4169EE7';
  for (const chain of EVM_CHAIN_IDS)
    for (const token of EVM_CHAINS[chain].tokens)
      evm.chain(chain).tokens.set(token.address.toLowerCase(), {
        symbol: token.symbol,
        decimals: token.decimals,
        balances: new Map(),
      });
  evm.chain('ethereum').balances.set(owner.toLowerCase(), 1_500_000_000_000_000_001n); // 1.5 ETH and 1 wei
  evm
    .chain('ethereum')
    .tokens.get('0xa0b86991c6218b36c1d19d4a2e9eb0ce3606eb48')!
    .balances.set(owner.toLowerCase(), 2_500_120_000n); // 2,500.12 USDC
  evm.chain('polygon').balances.set(owner.toLowerCase(), 40n * 10n ** 18n); // 40 POL
  evm.ensNames.set('ledger-test.eth', owner);
  const now = daysAgo(0);
  gecko.coins.set('ethereum', { prices: { usd: 3_200, eur: 2_950 }, change24h: -1.1, lastUpdatedAt: now });
  gecko.coins.set('usd-coin', { prices: { usd: 1, eur: 0.92 }, lastUpdatedAt: now });
  gecko.coins.set('polygon-ecosystem-token', { prices: { usd: 0.25, eur: 0.23 }, lastUpdatedAt: now });

  await page.setViewportSize({ width: 1440, height: 900 });
  await signUpAndSignIn(page.request, server.url, { email: uniqueEmail('evm'), name: 'Vitalik Wallets' });
  await page.goto('/wallets');
  await expect(page.getByRole('heading', { name: 'No wallets yet' })).toBeVisible();

  await page.getByRole('radio', { name: 'Ethereum & EVM' }).check();
  await expect(page.getByRole('combobox', { name: 'Networks' })).toHaveText('All EVM chains');
  const field = page.getByLabel('Public address or extended public key');
  // One capital letter changed: the server checks the EIP-55 checksum.
  await field.fill('0x52908400098527886E0F7030069857D2E4169Ee7');
  await page.getByRole('button', { name: 'Add wallet' }).click();
  await expect(page.getByRole('alert')).toContainText('do not match its checksum (EIP-55)');
  // By its ENS name, looked up on Ethereum's node (the fake answers the ENS Universal Resolver).
  await field.fill('ledger-test.eth');
  await expect(page.getByRole('alert')).toHaveCount(0);
  await page.getByLabel('Name (optional)').fill('Ledger');
  await checkA11y(page);
  await snap(page, 'wallets-evm-form-1440-light');
  await page.getByRole('button', { name: 'Add wallet' }).click();

  const ethereum = page.getByRole('region', { name: 'Ledger (Ethereum)' });
  const holdings = ethereum.getByRole('list', { name: 'Holdings of Ledger (Ethereum)' });
  await expect(holdings.getByText('1.5 ETH')).toBeVisible({ timeout: 60_000 });
  await expect(holdings.getByText('2,500.12 USDC')).toBeVisible();
  // 1.5 × 3,200 + 2,500.12 = 7,300.12
  await expect(ethereum.getByText('$7,300.12').first()).toBeVisible();
  await expect(ethereum.getByText('Ethereum · 0x5290840009…E4169EE7')).toBeVisible();
  const polygon = page.getByRole('region', { name: 'Ledger (Polygon)' });
  await expect(polygon.getByText('40 POL')).toBeVisible();
  for (const name of ['Arbitrum', 'Optimism', 'Base', 'BNB Chain'])
    await expect(
      page.getByRole('region', { name: `Ledger (${name})` }).getByText('Nothing held at this address.'),
    ).toBeVisible();
  await checkA11y(page);

  await forEachView(page, async ({ name }) => {
    await page.goto('/wallets');
    await expect(page.getByText('1.5 ETH')).toBeVisible();
    await checkA11y(page);
    await snap(page, `wallets-evm-${name}`);
  });
});
