import { mapProviderCategory, type ProviderCategoryResult } from '@lodestar/domain';
import type { ConnectorTransaction } from '../connectors/types';

/** The spec category, detailed code and confidence for what a provider says about a transaction. */
export function categorize(input: ConnectorTransaction['providerCategory']): ProviderCategoryResult {
  if (!input) return { category: null, detailed: null, confidence: 0 };
  return mapProviderCategory(input);
}
