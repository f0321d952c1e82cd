import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { Toaster } from 'sonner';
import { TooltipProvider } from '@/components/ui/tooltip';
import { envelopeError, json, server } from '@/test/fake-server';
import type {
  LoanAccount,
  NewProperty,
  NewValuation,
  Property,
  PropertyChanges,
  PropertyDetail,
  Valuation,
} from './api';
import { RealEstateRoute } from './routes/real-estate';

/**
 * Test helpers for the Real Estate page: the shared fake server of src/test keeps properties in memory
 * and answers the real-estate endpoints like the server does (docs/analytics-api.md): figures worked out
 * from the valuations and the linked loan, one currency (USD). Nothing of ours is mocked.
 */

export const ok = (data: unknown, status = 200): Response => json(status, { success: true, data });
export const fail = (status: number, error: string, code = 'ERROR', items?: unknown[]): Response =>
  envelopeError(status, code, error, items ? { items } : {});
export const usd = (amountMinor: number) => ({ amountMinor, currency: 'USD' });

export const LOANS: (LoanAccount & { balanceMinor: number })[] = [
  {
    id: 'acc_mortgage',
    name: 'Home Loan',
    type: 'loan',
    currency: 'USD',
    hidden: false,
    balanceMinor: 30000000,
  },
  {
    id: 'acc_heloc',
    name: 'Cabin Loan',
    type: 'loan',
    currency: 'USD',
    hidden: false,
    balanceMinor: 5000000,
  },
];
const CHECKING = { id: 'acc_checking', name: 'Everyday Checking', type: 'depository', currency: 'USD' };

type Stored = {
  property: Omit<
    Property,
    'currentValue' | 'valuationDate' | 'mortgage' | 'equity' | 'loanToValue' | 'appreciation'
  >;
  mortgageId: string | null;
  valuations: Valuation[];
};

const round2 = (value: number) => Math.round(value * 100) / 100;

function detailOf(stored: Stored): PropertyDetail {
  const valuations = [...stored.valuations].sort((a, b) => (a.date < b.date ? 1 : -1));
  const latest = valuations[0]!;
  const value = latest.value.amountMinor;
  const loan = LOANS.find((candidate) => candidate.id === stored.mortgageId);
  const owed = loan?.balanceMinor ?? 0;
  const gain = value - stored.property.purchasePrice.amountMinor;
  return {
    ...stored.property,
    currentValue: usd(value),
    valuationDate: latest.date,
    mortgage: loan ? { accountId: loan.id, name: loan.name, balance: usd(owed) } : null,
    equity: usd(value - owed),
    loanToValue: loan ? round2((owed / value) * 100) : null,
    appreciation: {
      amount: usd(gain),
      percent: round2((gain / stored.property.purchasePrice.amountMinor) * 100),
    },
    valuations,
  };
}

/** The properties of the fake server and the routes that read and change them. */
export class FakeRealEstate {
  private stored = new Map<string, Stored>();
  private nextId = 1;

  constructor(preferences: Record<string, unknown> = {}) {
    server
      .on('GET', '/api/v1/user/preferences', () => ok(preferences))
      .on('GET', '/api/v1/accounts', () => ok({ accounts: [CHECKING, ...LOANS] }))
      .on('GET', '/api/v1/real-estate', () => ok(this.list()))
      .on('POST', '/api/v1/real-estate', (request) => {
        const detail = this.add(request.body as NewProperty);
        return ok(detail, 201);
      });
  }

  list() {
    const properties = [...this.stored.values()].map(detailOf);
    const value = properties.reduce((sum, property) => sum + property.currentValue.amountMinor, 0);
    const debt = properties.reduce((sum, property) => sum + (property.mortgage?.balance.amountMinor ?? 0), 0);
    return {
      currency: 'USD',
      properties: properties.map(({ valuations: _valuations, ...property }) => property),
      totals: { value: usd(value), debt: usd(debt), equity: usd(value - debt) },
    };
  }

  detail(id: string): PropertyDetail {
    return detailOf(this.stored.get(id)!);
  }

  /** Stores a property as POST /real-estate does, with the purchase (and current) valuation. */
  add(body: NewProperty, extra: NewValuation[] = []): PropertyDetail {
    const id = `prop_${this.nextId++}`;
    const price = Math.round(body.purchasePrice * 100);
    const valuations: Valuation[] = [
      { id: `${id}_purchase`, date: body.purchaseDate, value: usd(price), source: 'purchase', note: null },
    ];
    const stored: Stored = {
      property: {
        id,
        accountId: `acc_${id}`,
        name: body.name,
        address: {
          line1: body.address.line1,
          line2: body.address.line2 ?? null,
          city: body.address.city,
          state: body.address.state ?? null,
          postalCode: body.address.postalCode ?? null,
          country: body.address.country,
        },
        purchasePrice: usd(price),
        purchaseDate: body.purchaseDate,
      },
      mortgageId: body.mortgageAccountId ?? null,
      valuations,
    };
    this.stored.set(id, stored);
    if (body.currentValue !== undefined) {
      this.addValuation(id, { date: body.valuationDate ?? '2026-01-01', value: body.currentValue });
    }
    for (const valuation of extra) this.addValuation(id, valuation);
    this.route(id);
    return this.detail(id);
  }

  private addValuation(id: string, body: NewValuation) {
    const stored = this.stored.get(id)!;
    stored.valuations.push({
      id: `${id}_v${stored.valuations.length}`,
      date: body.date,
      value: usd(Math.round(body.value * 100)),
      source: 'manual',
      note: body.note ?? null,
    });
  }

  private route(id: string) {
    const path = `/api/v1/real-estate/${id}`;
    server
      .on('GET', path, () =>
        this.stored.has(id) ? ok(this.detail(id)) : fail(404, 'No such property', 'NOT_FOUND'),
      )
      .on('PATCH', path, (request) => {
        const stored = this.stored.get(id)!;
        const body = request.body as PropertyChanges;
        if (body.name !== undefined) stored.property.name = body.name;
        if (body.address) {
          stored.property.address = {
            line1: body.address.line1,
            line2: body.address.line2 ?? null,
            city: body.address.city,
            state: body.address.state ?? null,
            postalCode: body.address.postalCode ?? null,
            country: body.address.country,
          };
        }
        if (body.mortgageAccountId !== undefined) stored.mortgageId = body.mortgageAccountId;
        return ok(this.detail(id));
      })
      .on('DELETE', path, () => {
        this.stored.delete(id);
        return ok({ id });
      })
      .on('POST', `${path}/valuations`, (request) => {
        this.addValuation(id, request.body as NewValuation);
        this.routeValuations(id);
        return ok(this.detail(id), 201);
      });
    this.routeValuations(id);
  }

  private routeValuations(id: string) {
    for (const valuation of this.stored.get(id)?.valuations ?? []) {
      server.on('DELETE', `/api/v1/real-estate/${id}/valuations/${valuation.id}`, () => {
        const stored = this.stored.get(id)!;
        stored.valuations = stored.valuations.filter((item) => item.id !== valuation.id);
        return ok(this.detail(id));
      });
    }
  }
}

/**
 * "Maple House", bought 2020-06-15 for $450,000.00, valued $500,000.00 on 2025-03-01, with the
 * $300,000.00 Home Loan against it.
 */
export function mapleHouse(): NewProperty {
  return {
    name: 'Maple House',
    address: {
      line1: '12 Maple Street',
      city: 'Springfield',
      state: 'IL',
      postalCode: '62701',
      country: 'US',
    },
    purchasePrice: 450000,
    purchaseDate: '2020-06-15',
    currency: 'USD',
    currentValue: 500000,
    valuationDate: '2025-03-01',
    mortgageAccountId: 'acc_mortgage',
  };
}

/** Renders the Real Estate page at `path` with a fresh query client (no retries) and a toaster. */
export function renderRealEstate(path = '/real-estate') {
  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
  const router = createMemoryRouter([{ path: '/real-estate', element: <RealEstateRoute /> }], {
    initialEntries: [path],
  });
  const result = render(
    <QueryClientProvider client={queryClient}>
      <TooltipProvider>
        <main>
          <RouterProvider router={router} />
        </main>
        <Toaster />
      </TooltipProvider>
    </QueryClientProvider>,
  );
  return { ...result, queryClient, router };
}
