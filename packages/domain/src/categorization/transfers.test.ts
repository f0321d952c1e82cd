import { describe, expect, it } from 'vitest';
import { looksLikeTransfer, pairTransfers, type TransferCandidate } from './transfers';

let next = 0;
const leg = (overrides: Partial<TransferCandidate>): TransferCandidate => ({
  id: `t${(next += 1)}`,
  accountId: 'checking',
  date: '2026-03-10',
  amountMinor: -10_000,
  currency: 'USD',
  name: 'Something',
  ...overrides,
});

describe('looksLikeTransfer', () => {
  it.each([
    ['ONLINE TRANSFER TO SAVINGS XXXXXX1234', true],
    ['Transfer from Checking', true],
    ['PAYMENT THANK YOU-MOBILE', true],
    ['CHASE CREDIT CRD AUTOPAY', true],
    ['AMEX EPAYMENT ACH PMT', true],
    ['Virement vers Livret A', true],
    ['Überweisung an Sparkonto', true],
    ['STARBUCKS STORE 123', false],
    ['Amazon refund', false],
  ])('%s → %s', (name, expected) => expect(looksLikeTransfer(name)).toBe(expected));
});

describe('pairTransfers: inferred', () => {
  it('pairs checking → savings as [out, in]', () => {
    const out = leg({ id: 'a', name: 'ONLINE TRANSFER TO SAVINGS' });
    const into = leg({
      id: 'b',
      accountId: 'savings',
      amountMinor: 10_000,
      date: '2026-03-11',
      name: 'TRANSFER FROM CHECKING',
    });
    expect(pairTransfers([into, out])).toEqual([['a', 'b']]);
  });

  it('pairs a card payment with the card account leg', () => {
    const out = leg({ id: 'pay', amountMinor: -52_345, name: 'CHASE CREDIT CRD EPAY' });
    const into = leg({
      id: 'card',
      accountId: 'visa',
      amountMinor: 52_345,
      date: '2026-03-12',
      name: 'PAYMENT THANK YOU',
    });
    expect(pairTransfers([out, into])).toEqual([['pay', 'card']]);
  });

  it.each<[string, Partial<TransferCandidate>, boolean]>([
    ['3 days apart (inclusive)', { date: '2026-03-13' }, true],
    ['3 days earlier', { date: '2026-03-07' }, true],
    ['4 days apart', { date: '2026-03-14' }, false],
    ['another currency, same minor units', { currency: 'EUR' }, false],
    ['the same account', { accountId: 'checking' }, false],
    ['a different amount', { amountMinor: 10_001 }, false],
    ['the same sign', { amountMinor: -10_000 }, false],
    ['currency case differs', { currency: 'usd' }, true],
  ])('%s → paired: %s', (_label, overrides, paired) => {
    const out = leg({ id: 'o' });
    const into = leg({ id: 'i', accountId: 'savings', amountMinor: 10_000, ...overrides });
    expect(pairTransfers([out, into])).toEqual(paired ? [['o', 'i']] : []);
  });

  it('never pairs zero amounts', () => {
    const a = leg({ id: 'z1', amountMinor: 0, name: 'TRANSFER' });
    const b = leg({ id: 'z2', accountId: 'savings', amountMinor: 0, name: 'TRANSFER' });
    expect(pairTransfers([a, b])).toEqual([]);
  });

  it('takes a custom window, and refuses a bad one', () => {
    const out = leg({ id: 'o' });
    const into = leg({ id: 'i', accountId: 'savings', amountMinor: 10_000, date: '2026-03-15' });
    expect(pairTransfers([out, into], { windowDays: 5 })).toEqual([['o', 'i']]);
    expect(pairTransfers([out, into], { windowDays: 0 })).toEqual([]);
    expect(() => pairTransfers([out, into], { windowDays: -1 })).toThrow(RangeError);
    expect(() => pairTransfers([out, into], { windowDays: 1.5 })).toThrow(RangeError);
  });

  it('puts transfer-looking names before closer dates', () => {
    const out = leg({ id: 'o', name: 'TRANSFER TO SAVINGS' });
    const refund = leg({ id: 'refund', accountId: 'card', amountMinor: 10_000, name: 'AMAZON REFUND' });
    const savings = leg({
      id: 'sav',
      accountId: 'savings',
      amountMinor: 10_000,
      date: '2026-03-12',
      name: 'TRANSFER FROM CHECKING',
    });
    expect(pairTransfers([out, refund, savings])).toEqual([['o', 'sav']]);
  });

  it('otherwise takes the closest date', () => {
    const out = leg({ id: 'o' });
    const far = leg({ id: 'far', accountId: 'savings', amountMinor: 10_000, date: '2026-03-13' });
    const near = leg({ id: 'near', accountId: 'brokerage', amountMinor: 10_000, date: '2026-03-11' });
    expect(pairTransfers([out, far, near])).toEqual([['o', 'near']]);
  });

  it('puts each transaction in at most one pair', () => {
    const out = leg({ id: 'o' });
    const in1 = leg({ id: 'i1', accountId: 'savings', amountMinor: 10_000 });
    const in2 = leg({ id: 'i2', accountId: 'brokerage', amountMinor: 10_000 });
    expect(pairTransfers([out, in1, in2])).toEqual([['o', 'i1']]);
  });

  it('breaks ties by the smallest ids, whatever the input order', () => {
    const legs = [
      leg({ id: 'o2' }),
      leg({ id: 'o1' }),
      leg({ id: 'i2', accountId: 'savings', amountMinor: 10_000 }),
      leg({ id: 'i1', accountId: 'savings', amountMinor: 10_000 }),
    ];
    const expected = [
      ['o1', 'i1'],
      ['o2', 'i2'],
    ];
    expect(pairTransfers(legs)).toEqual(expected);
    expect(pairTransfers([...legs].reverse())).toEqual(expected);
  });
});

describe('pairTransfers: explicit links', () => {
  it('pairs a transfer group first, even across currencies and amounts (FX)', () => {
    const out = leg({ id: 'usd', amountMinor: -10_000, transferGroup: 'g1', date: '2026-03-01' });
    const into = leg({
      id: 'eur',
      accountId: 'eur-savings',
      amountMinor: 9_150,
      currency: 'EUR',
      transferGroup: 'g1',
    });
    expect(pairTransfers([into, out])).toEqual([['usd', 'eur']]);
  });

  it('does not pair a group on one account, and lets its legs be inferred', () => {
    const a = leg({ id: 'a', transferGroup: 'g' });
    const b = leg({ id: 'b', amountMinor: 10_000, transferGroup: 'g' });
    const c = leg({ id: 'c', accountId: 'savings', amountMinor: 10_000 });
    expect(pairTransfers([a, b, c])).toEqual([['a', 'c']]);
  });

  it('matches legs inside a larger group by amount, without the window', () => {
    const legs = [
      leg({ id: 'o1', amountMinor: -500, transferGroup: 'batch', date: '2026-01-01' }),
      leg({ id: 'o2', amountMinor: -700, transferGroup: 'batch' }),
      leg({ id: 'i1', accountId: 's', amountMinor: 700, transferGroup: 'batch', date: '2026-02-20' }),
      leg({ id: 'i2', accountId: 's', amountMinor: 500, transferGroup: 'batch', date: '2026-02-20' }),
    ];
    expect(pairTransfers(legs)).toEqual([
      ['o2', 'i1'],
      ['o1', 'i2'],
    ]);
  });

  it('keeps existing pairings and never re-pairs their legs', () => {
    const a = leg({ id: 'a', pairedWith: 'b' });
    const b = leg({
      id: 'b',
      accountId: 'savings',
      amountMinor: 10_000,
      pairedWith: 'a',
      date: '2026-02-01',
    });
    const c = leg({ id: 'c', pairedWith: 'elsewhere' });
    const d = leg({ id: 'd', accountId: 'brokerage', amountMinor: 10_000 });
    expect(pairTransfers([d, c, b, a])).toEqual([['a', 'b']]);
  });

  it('ignores one-sided links that conflict', () => {
    const a = leg({ id: 'a', pairedWith: 'b' });
    const b = leg({ id: 'b', accountId: 'savings', amountMinor: 10_000, pairedWith: 'x' });
    const x = leg({ id: 'x', accountId: 'card', amountMinor: -10_000, pairedWith: 'b' });
    expect(pairTransfers([a, b, x])).toEqual([['x', 'b']]);
  });

  it('uses the first of duplicate ids', () => {
    const out = leg({ id: 'o' });
    const into = leg({ id: 'i', accountId: 'savings', amountMinor: 10_000 });
    expect(pairTransfers([out, into, { ...into, accountId: 'checking' }])).toEqual([['o', 'i']]);
  });
});
