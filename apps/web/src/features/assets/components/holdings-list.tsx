import {
  type DateFormat,
  formatIsoDate,
  formatPercentage,
  formatSignedPercentage,
  type Money,
} from '@lodestar/domain';
import type { ReactNode } from 'react';
import { MoneyText } from '@/components/money';
import { DAY_CHANGE_REASONS, type Holding, type InvestmentHolding } from '../api';
import {
  boughtAtText,
  formatPrice,
  formatQuantity,
  gainPercentText,
  gainUnknownText,
  VALUED_AT_BUY_PRICE,
} from '../format';

/**
 * How figures show: masked or not, the number locale, the date format, and the holdings of GET
 * /investments by id (day change, weight, price date; absent while it loads or when it failed).
 */
type Display = {
  masked: boolean;
  locale: string;
  dateFormat: DateFormat;
  investments?: ReadonlyMap<string, InvestmentHolding> | undefined;
};

/** Masked figures other than money (a quantity reveals the balance as much as its value does). */
function Hidden() {
  return (
    <span className="tabular-nums">
      <span aria-hidden="true">••••</span>
      <span className="sr-only">Hidden</span>
    </span>
  );
}

function Quantity({ holding, display }: { holding: Holding; display: Display }) {
  if (display.masked) return <Hidden />;
  return (
    <span className="tabular-nums whitespace-nowrap">
      {formatQuantity(holding.quantity, holding.quantityDecimals, display.locale)}
    </span>
  );
}

function Plain({ amount, display }: { amount: Money; display: Display }) {
  return <MoneyText amount={amount} tone="plain" masked={display.masked} locale={display.locale} />;
}

/** The value as held, and in the reporting currency when that differs. */
function Value({ holding, display }: { holding: Holding; display: Display }) {
  const { native, converted } = holding;
  const other = converted !== null && converted.currency !== native.currency;
  return (
    <span className="inline-grid justify-items-end">
      <Plain amount={native} display={display} />
      {other ? (
        <span className="text-xs text-muted-foreground">
          ≈ <Plain amount={converted} display={display} />
        </span>
      ) : null}
      {converted === null ? (
        <span className="text-xs text-muted-foreground">No {native.currency} rate</span>
      ) : null}
    </span>
  );
}

/** Gain in money ('+' or '-' in the text, colour only as a second cue) and as a percentage. */
function Gain({ holding, display }: { holding: Holding; display: Display }) {
  if (holding.unrealizedGain === null) {
    return (
      <span className="text-muted-foreground">
        {holding.valuedAtBuyPrice ? gainUnknownText(holding) : 'Not known'}
      </span>
    );
  }
  return (
    <span className="inline-grid justify-items-end">
      <MoneyText amount={holding.unrealizedGain} masked={display.masked} locale={display.locale} />
      <span className="text-xs tabular-nums text-muted-foreground">
        {gainPercentText(holding.unrealizedGainPercent, display.locale)}
      </span>
    </span>
  );
}

function CostBasis({ holding, display }: { holding: Holding; display: Display }) {
  return holding.costBasis === null ? (
    <span className="text-muted-foreground">Not known</span>
  ) : (
    <Plain amount={holding.costBasis} display={display} />
  );
}

function Title({ holding }: { holding: Holding }) {
  return (
    <span className="grid min-w-0">
      <span className="truncate font-medium">{holding.symbol ?? holding.name}</span>
      {holding.symbol ? <span className="truncate text-xs text-muted-foreground">{holding.name}</span> : null}
    </span>
  );
}

/**
 * The price and the day it is from; for a holding added by hand, the buy price beside it, or that the
 * buy price is what values it (no market price is known).
 */
function Price({ holding, display }: { holding: Holding; display: Display }) {
  return (
    <span className="inline-grid justify-items-end">
      <span className="tabular-nums whitespace-nowrap">{formatPrice(holding.price, display.locale)}</span>
      <span className="text-xs whitespace-nowrap text-muted-foreground">
        {holding.valuedAtBuyPrice
          ? VALUED_AT_BUY_PRICE
          : formatIsoDate(holding.priceAsOf.slice(0, 10), display.dateFormat)}
      </span>
      {holding.buyPrice && !holding.valuedAtBuyPrice ? (
        <span className="text-xs whitespace-nowrap text-muted-foreground tabular-nums">
          {boughtAtText(holding.buyPrice, display.locale)}
        </span>
      ) : null}
    </span>
  );
}

/** Today's change from the quote ('+' or '(…)' in the text, colour repeating it), else why there is none. */
function DayChange({ holding, display }: { holding: Holding; display: Display }) {
  const investment = display.investments?.get(holding.id);
  if (!investment) return <span className="text-muted-foreground">—</span>;
  const change = investment.dayChange;
  if (change === null) {
    const reason = investment.dayChangeUnavailable;
    return <span className="text-xs text-muted-foreground">{reason ? DAY_CHANGE_REASONS[reason] : '—'}</span>;
  }
  return (
    <span className="inline-grid justify-items-end">
      <MoneyText amount={change.amount} masked={display.masked} locale={display.locale} />
      <span className="text-xs tabular-nums whitespace-nowrap text-muted-foreground">
        {change.percent === null ? null : `${formatSignedPercentage(change.percent, display.locale)} · `}
        {formatIsoDate(change.priceDate, display.dateFormat)}
        {change.stale ? ' (last known)' : ''}
      </span>
    </span>
  );
}

function Weight({ holding, display }: { holding: Holding; display: Display }) {
  const weight = display.investments?.get(holding.id)?.weight;
  if (weight === undefined || weight === null) return <span className="text-muted-foreground">—</span>;
  return <span className="tabular-nums">{formatPercentage(weight, display.locale)}</span>;
}

const NUMERIC = 'px-3 py-2.5 compact:py-1 text-right align-top';

/** Desktop: one row per holding. */
export function HoldingsTable({ holdings, display }: { holdings: readonly Holding[]; display: Display }) {
  return (
    <div className="overflow-x-auto">
      <table className="w-full border-collapse text-sm">
        <caption className="sr-only">Holdings</caption>
        <thead className="text-left text-xs text-muted-foreground">
          <tr className="border-b border-border">
            <th scope="col" className="px-3 py-2 font-medium">
              Holding
            </th>
            <th scope="col" className="px-3 py-2 font-medium">
              Account
            </th>
            <th scope="col" className="px-3 py-2 text-right font-medium">
              Quantity
            </th>
            <th scope="col" className="px-3 py-2 text-right font-medium">
              Price
            </th>
            <th scope="col" className="px-3 py-2 text-right font-medium">
              Value
            </th>
            <th scope="col" className="px-3 py-2 text-right font-medium">
              Cost basis
            </th>
            <th scope="col" className="px-3 py-2 text-right font-medium">
              Unrealized gain
            </th>
            <th scope="col" className="px-3 py-2 text-right font-medium">
              Day change
            </th>
            <th scope="col" className="px-3 py-2 text-right font-medium">
              Weight
            </th>
          </tr>
        </thead>
        <tbody>
          {holdings.map((holding) => (
            <tr
              key={holding.id}
              data-holding-id={holding.id}
              className="border-b border-border last:border-0"
            >
              <th scope="row" className="max-w-64 px-3 py-2.5 compact:py-1 text-left align-top font-normal">
                <Title holding={holding} />
              </th>
              <td className="max-w-48 truncate px-3 py-2.5 compact:py-1 align-top text-muted-foreground">
                {holding.accountName}
              </td>
              <td className={NUMERIC}>
                <Quantity holding={holding} display={display} />
              </td>
              <td className={NUMERIC}>
                <Price holding={holding} display={display} />
              </td>
              <td className={NUMERIC}>
                <Value holding={holding} display={display} />
              </td>
              <td className={NUMERIC}>
                <CostBasis holding={holding} display={display} />
              </td>
              <td className={NUMERIC}>
                <Gain holding={holding} display={display} />
              </td>
              <td className={NUMERIC}>
                <DayChange holding={holding} display={display} />
              </td>
              <td className={NUMERIC}>
                <Weight holding={holding} display={display} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function Figure({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="flex items-start justify-between gap-3">
      <dt className="text-muted-foreground">{label}</dt>
      <dd className="text-right">{children}</dd>
    </div>
  );
}

/** Phones and tablets: one card per holding, label beside each figure. */
export function HoldingsCards({ holdings, display }: { holdings: readonly Holding[]; display: Display }) {
  return (
    <ul aria-label="Holdings" className="grid gap-3">
      {holdings.map((holding) => (
        <li
          key={holding.id}
          data-holding-id={holding.id}
          aria-label={holding.symbol ? `${holding.symbol} ${holding.name}` : holding.name}
          className="rounded-lg border border-border bg-card p-4 text-sm"
        >
          <div className="mb-3 flex items-start justify-between gap-3">
            <Title holding={holding} />
            <Value holding={holding} display={display} />
          </div>
          <dl className="grid gap-1.5">
            <Figure label="Account">{holding.accountName}</Figure>
            <Figure label="Quantity">
              <Quantity holding={holding} display={display} />
            </Figure>
            <Figure label="Price">
              <Price holding={holding} display={display} />
            </Figure>
            <Figure label="Cost basis">
              <CostBasis holding={holding} display={display} />
            </Figure>
            <Figure label="Unrealized gain">
              <Gain holding={holding} display={display} />
            </Figure>
            <Figure label="Day change">
              <DayChange holding={holding} display={display} />
            </Figure>
            <Figure label="Weight">
              <Weight holding={holding} display={display} />
            </Figure>
          </dl>
        </li>
      ))}
    </ul>
  );
}
