import { describe, expect, it } from 'vitest';
import { OFX_INVESTMENT, QIF_INVESTMENT, QIF_INVESTMENT_HISTORY } from './fixtures/investment-exports';
import { parseOfx } from './ofx';
import { parseQif } from './qif';
import { ImportParseError } from './types';

const lineOf = (text: string, needle: string) => text.slice(0, text.indexOf(needle)).split('\n').length;
const view = (rows: { name: string; amountMinor: number; providerCategory?: string; memo?: string }[]) =>
  rows.map(({ name, amountMinor, providerCategory, memo }) => ({
    name,
    amountMinor,
    providerCategory,
    memo,
  }));

describe('investment OFX (INVSTMTRS)', () => {
  it('reads trades, income and reinvestments as rows that never count as spending, and the positions', () => {
    const [statement, ...others] = parseOfx(OFX_INVESTMENT);
    expect(others).toEqual([]);
    expect(statement?.account).toEqual({
      currency: 'USD',
      externalId: 'Z12345678',
      type: 'INVESTMENT',
      // Cash 3,789.47 + positions 24,761.00 + 7,241.45.
      balance: { amountMinor: 3_579_192, currency: 'USD', asOf: '2024-01-31' },
      institution: 'Example Brokerage',
    });
    expect(view(statement?.transactions ?? [])).toEqual([
      {
        name: 'ELECTRONIC FUNDS TRANSFER RCVD',
        amountMinor: 500_000,
        providerCategory: undefined,
        memo: undefined,
      },
      {
        name: 'Buy VTI',
        amountMinor: -220_500,
        providerCategory: 'INVESTMENT_BUY',
        memo: '10 at 220.50 · YOU BOUGHT',
      },
      { name: 'Sell FZROX', amountMinor: 98_605, providerCategory: 'INVESTMENT_SELL', memo: '20.5 at 48.10' },
      {
        name: 'Dividend VTI',
        amountMinor: 842,
        providerCategory: 'INVESTMENT_DIVIDEND',
        memo: 'DIVIDEND RECEIVED',
      },
      {
        name: 'Dividend FZROX',
        amountMinor: 2_500,
        providerCategory: 'INVESTMENT_DIVIDEND',
        memo: undefined,
      },
      {
        name: 'Reinvest FZROX',
        amountMinor: -2_500,
        providerCategory: 'INVESTMENT_REINVEST',
        memo: '0.5188 at 48.19',
      },
    ]);
    expect(statement?.transactions.map((row) => row.externalId)).toEqual([
      'CASH-0102',
      'T-0105-1',
      'T-0112-1',
      'D-0125-1',
      'R-0130-1',
      'R-0130-1:reinvest',
    ]);
    expect(statement?.transactions[1]?.line).toBe(lineOf(OFX_INVESTMENT, '<BUYSTOCK>'));
    expect(statement?.positions).toEqual([
      {
        line: lineOf(OFX_INVESTMENT, '<POSSTOCK>'),
        securityId: 'CUSIP:922908769',
        name: 'Vanguard Total Stock Market ETF',
        ticker: 'VTI',
        kind: 'equity',
        units: '110',
        unitPrice: '225.10',
        marketValueMinor: 2_476_100,
        currency: 'USD',
        asOf: '2024-01-31',
      },
      {
        line: lineOf(OFX_INVESTMENT, '<POSMF>'),
        securityId: 'CUSIP:31635T708',
        name: 'Fidelity Zero Total Market Index Fund',
        ticker: 'FZROX',
        kind: 'mutual_fund',
        units: '150.2688',
        unitPrice: '48.19',
        marketValueMinor: 724_145,
        currency: 'USD',
        asOf: '2024-01-31',
      },
    ]);
  });

  it('refuses a trade without units, naming its line', () => {
    const broken = OFX_INVESTMENT.replace('<UNITS>10\r\n', '');
    expect(() => parseOfx(broken)).toThrow(ImportParseError);
    try {
      parseOfx(broken);
    } catch (error) {
      expect((error as ImportParseError).message).toBe(
        `Line ${lineOf(broken, '<INVBUY>')}: <INVBUY> has no <UNITS>`,
      );
    }
  });
});

describe('investment QIF (!Type:Invst)', () => {
  it('reads each action as rows signed on the account cash, with INVESTMENT categories for trades', () => {
    const statement = parseQif(QIF_INVESTMENT, { currency: 'USD' });
    expect(statement.account?.type).toBe('Invst');
    expect(view(statement.transactions)).toEqual([
      { name: 'Transfer from checking', amountMinor: 500_000, providerCategory: undefined, memo: undefined },
      {
        name: 'Buy VTI',
        amountMinor: -220_500,
        providerCategory: 'INVESTMENT_BUY',
        memo: '10 at 220.50 · YOU BOUGHT',
      },
      { name: 'Sell FZROX', amountMinor: 98_605, providerCategory: 'INVESTMENT_SELL', memo: '20.5 at 48.10' },
      { name: 'Dividend VTI', amountMinor: 842, providerCategory: 'INVESTMENT_DIVIDEND', memo: undefined },
      {
        name: 'Dividend FZROX',
        amountMinor: 2_500,
        providerCategory: 'INVESTMENT_DIVIDEND',
        memo: undefined,
      },
      {
        name: 'Reinvest FZROX',
        amountMinor: -2_500,
        providerCategory: 'INVESTMENT_REINVEST',
        memo: '0.5188 at 48.19',
      },
      { name: 'Shares in AAPL', amountMinor: 0, providerCategory: 'INVESTMENT_TRANSFER', memo: '5 units' },
    ]);
    expect(statement.transactions.map((row) => row.date)).toEqual([
      '2024-01-02',
      '2024-01-05',
      '2024-01-12',
      '2024-01-25',
      '2024-01-30',
      '2024-01-30',
      '2024-01-31',
    ]);
    expect(new Set(statement.transactions.map((row) => row.fingerprint)).size).toBe(7);
  });

  it('works out a total from units and price, and refuses an unknown action with its line', () => {
    const [buy] = parseQif('!Type:Invst\nD1/05/2024\nNBuy\nYVTI\nI220.50\nQ10\nO4.95\n^\n', {
      currency: 'USD',
    }).transactions;
    expect(buy?.amountMinor).toBe(-220_995);
    expect(() => parseQif('!Type:Invst\nD1/05/2024\nNBorrow\nYVTI\nT1\n^\n', { currency: 'USD' })).toThrow(
      'Line 3: "Borrow" is not a QIF investment action (expected one like Buy, Sell, Div or ReinvDiv)',
    );
  });
});

describe('QIF investment holdings', () => {
  it('are the net units of the trades per security, at its last price, as of the last trade', () => {
    const statement = parseQif(QIF_INVESTMENT_HISTORY, { currency: 'USD' });
    expect(
      statement.positions?.map(({ securityId, name, ticker, units, unitPrice, asOf }) => ({
        securityId,
        name,
        ticker,
        units,
        unitPrice,
        asOf,
      })),
    ).toEqual([
      {
        securityId: 'QIF:VTI',
        name: 'VTI',
        ticker: 'VTI',
        units: '13.5372',
        unitPrice: '226.40',
        asOf: '2024-01-31',
      },
      {
        securityId: 'QIF:FZROX',
        name: 'FZROX',
        ticker: 'FZROX',
        units: '146.2688',
        unitPrice: '48.19',
        asOf: '2024-01-31',
      },
      {
        securityId: 'QIF:Apple Inc',
        name: 'Apple Inc',
        ticker: undefined,
        units: '12',
        unitPrice: '189.95',
        asOf: '2024-01-31',
      },
    ]);
    expect(statement.warnings).toEqual([]);
  });

  it('warns about a split, and about trades that net below zero (a file that starts late)', () => {
    const qif =
      '!Type:Invst\nD1/05/2024\nNSell\nYVTI\nI220.50\nQ2\nT441.00\n^\nD1/06/2024\nNStkSplit\nYVTI\nQ20\n^\n';
    const statement = parseQif(qif, { currency: 'USD' });
    expect(statement.positions?.map((position) => position.units)).toEqual(['-2']);
    expect(statement.warnings).toEqual([
      'Line 9: the split of VTI was not applied to its units; check the holding after the import.',
      'The trades of VTI in the file come to -2 units: the file may not begin when the account opened.',
    ]);
    expect(
      parseQif('!Type:Invst\nD1/05/2024\nNBuy\nYVTI\nT441.00\n^\n', { currency: 'USD' }).warnings,
    ).toEqual(['Line 2: the buy of VTI gives no number of units (a Q line), so the holding leaves it out.']);
  });
});
