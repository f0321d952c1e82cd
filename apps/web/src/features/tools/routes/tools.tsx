import { useSearchParams } from 'react-router';
import { PageHeader } from '@/components/page-header';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { useUserPreferences } from '@/lib/user-preferences';
import { CompoundGrowthCalculator } from '../components/compound-growth-calculator';
import { FireCalculator } from '../components/fire-calculator';
import { LoanCalculator } from '../components/loan-calculator';

const TOOLS = [
  { value: 'compound-growth', label: 'Compound growth' },
  { value: 'loan', label: 'Loan and mortgage' },
  { value: 'fire', label: 'Financial independence' },
] as const;
type Tool = (typeof TOOLS)[number]['value'];

const isTool = (value: string | null): value is Tool => TOOLS.some((tool) => tool.value === value);

/**
 * /tools: planning calculators. The open calculator is kept in `?tool=` so it can be linked to and
 * survives a reload; amounts use the user's currency and number format.
 */
export function ToolsRoute() {
  const [params, setParams] = useSearchParams();
  const requested = params.get('tool');
  const tool: Tool = isTool(requested) ? requested : 'compound-growth';
  const { preferences } = useUserPreferences();
  const currency = preferences.default_currency;
  const locale = preferences.number_format;

  return (
    <>
      <PageHeader title="Tools" description="Calculators for planning ahead." />
      <Tabs
        value={tool}
        onValueChange={(next) => {
          if (isTool(next)) setParams({ tool: next }, { replace: true });
        }}
      >
        <TabsList aria-label="Calculators">
          {TOOLS.map((entry) => (
            <TabsTrigger key={entry.value} value={entry.value}>
              {entry.label}
            </TabsTrigger>
          ))}
        </TabsList>
        <TabsContent value="compound-growth">
          <CompoundGrowthCalculator currency={currency} locale={locale} />
        </TabsContent>
        <TabsContent value="loan">
          <LoanCalculator currency={currency} locale={locale} dateFormat={preferences.date_format} />
        </TabsContent>
        <TabsContent value="fire">
          <FireCalculator currency={currency} locale={locale} />
        </TabsContent>
      </Tabs>
    </>
  );
}
