import { formatPercentage } from '@lodestar/domain';
import type { ReactNode } from 'react';
import { MoneyText } from '@/components/money';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import type { Properties, Property } from '../api';
import { addressText, changePercentText } from '../model';
import { Amount, type RealEstateDisplay } from './display';

function Figure({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="flex items-start justify-between gap-3">
      <dt className="text-muted-foreground">{label}</dt>
      <dd className="grid justify-items-end text-right">{children}</dd>
    </div>
  );
}

/** Appreciation since the purchase: '+$50,000.00' and '+10.00%' (the sign in the text). */
export function Appreciation({ property, display }: { property: Property; display: RealEstateDisplay }) {
  return (
    <span className="inline-flex flex-wrap items-baseline justify-end gap-x-2">
      <MoneyText amount={property.appreciation.amount} masked={display.masked} locale={display.locale} />
      {property.appreciation.percent === null ? null : (
        <span className="text-xs tabular-nums text-muted-foreground">
          {changePercentText(property.appreciation.percent, display.locale)}
        </span>
      )}
    </span>
  );
}

/** Every figure of a property: value, purchase, appreciation, mortgage, equity and loan-to-value. */
export function PropertyFigures({ property, display }: { property: Property; display: RealEstateDisplay }) {
  return (
    <dl className="grid gap-2 text-sm">
      <Figure label="Current value">
        <Amount amount={property.currentValue} display={display} className="font-medium" />
        <span className="text-xs text-muted-foreground">
          as of {display.formatDate(property.valuationDate)}
        </span>
      </Figure>
      <Figure label="Purchase price">
        <Amount amount={property.purchasePrice} display={display} />
        <span className="text-xs text-muted-foreground">on {display.formatDate(property.purchaseDate)}</span>
      </Figure>
      <Figure label="Appreciation">
        <Appreciation property={property} display={display} />
      </Figure>
      <Figure label="Mortgage">
        {property.mortgage ? (
          <>
            <Amount amount={property.mortgage.balance} display={display} />
            <span className="text-xs text-muted-foreground">{property.mortgage.name}</span>
          </>
        ) : (
          <span className="text-muted-foreground">None</span>
        )}
      </Figure>
      <Figure label="Equity">
        <Amount amount={property.equity} display={display} className="font-medium" />
      </Figure>
      <Figure label="Loan-to-value">
        <span className="tabular-nums">
          {property.loanToValue === null ? '—' : formatPercentage(property.loanToValue, display.locale)}
        </span>
      </Figure>
    </dl>
  );
}

export function PropertyCard({
  property,
  display,
  onOpen,
}: {
  property: Property;
  display: RealEstateDisplay;
  onOpen: () => void;
}) {
  const headingId = `property-${property.id}`;
  return (
    <Card aria-labelledby={headingId} className="grid content-start gap-4 p-5">
      <div className="min-w-0">
        <h2 id={headingId} className="truncate text-base font-semibold">
          {property.name}
        </h2>
        <p className="text-sm text-muted-foreground">{addressText(property.address)}</p>
      </div>
      <PropertyFigures property={property} display={display} />
      <Button variant="outline" size="sm" className="justify-self-start" onClick={onOpen}>
        Details<span className="sr-only"> of {property.name}</span>
      </Button>
    </Card>
  );
}

/** Value, debt and equity of every property, in the reporting currency. */
export function PropertyTotals({
  totals,
  display,
}: {
  totals: Properties['totals'];
  display: RealEstateDisplay;
}) {
  return (
    <Card aria-label="Real estate totals" className="mb-4 p-5">
      <dl className="grid gap-4 sm:grid-cols-3">
        {(
          [
            ['Total value', totals.value],
            ['Mortgage debt', totals.debt],
            ['Equity', totals.equity],
          ] as const
        ).map(([label, amount]) => (
          <div key={label} className="grid gap-1">
            <dt className="text-sm text-muted-foreground">{label}</dt>
            <dd className="text-2xl font-semibold">
              <Amount amount={amount} display={display} />
            </dd>
          </div>
        ))}
      </dl>
    </Card>
  );
}
