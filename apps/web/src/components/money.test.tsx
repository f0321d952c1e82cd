import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { MoneyText, moneyText } from './money';

describe('MoneyText', () => {
  it("marks money in as income with a '+' as well as colour, in tabular figures", () => {
    render(<MoneyText amount={{ amountMinor: 1250, currency: 'USD' }} />);
    const text = screen.getByText('+$12.50');
    expect(text).toHaveAttribute('data-income');
    expect(text.className).toContain('text-green-700');
    expect(text.className).toContain('tabular-nums');
  });

  it('keeps the minus of money out and shows zero plainly', () => {
    render(
      <>
        <MoneyText amount={{ amountMinor: -399, currency: 'USD' }} />
        <MoneyText amount={{ amountMinor: 0, currency: 'USD' }} />
      </>,
    );
    expect(screen.getByText('-$3.99')).not.toHaveAttribute('data-income');
    expect(screen.getByText('$0.00')).not.toHaveAttribute('data-income');
  });

  it("uses the currency's own decimals, and no sign or colour for a plain balance", () => {
    expect(moneyText({ amountMinor: 1200, currency: 'JPY' })).toBe('+¥1,200');
    expect(moneyText({ amountMinor: 123456, currency: 'EUR' }, 'plain')).toBe('€1,234.56');
    render(<MoneyText amount={{ amountMinor: 500000, currency: 'USD' }} tone="plain" />);
    expect(screen.getByText('$5,000.00')).not.toHaveAttribute('data-income');
  });
});
