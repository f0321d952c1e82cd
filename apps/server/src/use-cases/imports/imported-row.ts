import type { ImportedTransactionRow } from '@lodestar/db';
import { mapProviderCategory, type ParsedTransaction } from '@lodestar/domain';

const NAME_MAX = 200;
const DESCRIPTION_MAX = 500;

const clean = (text: string | undefined) => text?.replace(/\s+/g, ' ').trim() ?? '';

/** The name a row is stored and shown under: the statement's text, else its payee or memo. */
export function importedName(row: Pick<ParsedTransaction, 'name' | 'payee' | 'memo'>): string {
  const text = clean(row.name) || clean(row.payee) || clean(row.memo);
  return (text || 'Unnamed transaction').slice(0, NAME_MAX);
}

type MappedCategory = ReturnType<typeof mapProviderCategory>;

/**
 * Turns parsed rows into stored ones: the name (also kept as the original name, which rules read and
 * a rename leaves alone), the memo as description when it adds something, and the file's own category
 * mapped to the spec's twelve with its confidence (the raw text kept as provider category). A file has
 * a handful of distinct categories, so each is mapped once.
 */
export function importedRowMapper(): (row: ParsedTransaction, externalId: string) => ImportedTransactionRow {
  const categories = new Map<string, MappedCategory>();
  const categoryOf = (text: string) => {
    let mapped = categories.get(text);
    if (!mapped) {
      mapped = mapProviderCategory({ qifCategory: text });
      categories.set(text, mapped);
    }
    return mapped;
  };
  return (row, externalId) => {
    const name = importedName(row);
    const memo = clean(row.memo);
    const mapped = row.providerCategory ? categoryOf(row.providerCategory) : undefined;
    return {
      externalId,
      date: row.date,
      amountMinor: row.amountMinor,
      name,
      originalName: name,
      description: memo && memo !== name ? memo.slice(0, DESCRIPTION_MAX) : null,
      category: mapped?.category ?? null,
      detailedCategory: mapped?.detailed ?? null,
      categoryConfidence: mapped?.confidence ?? 0,
      providerCategory: row.providerCategory?.slice(0, NAME_MAX) ?? null,
      foreign: row.foreign
        ? {
            amountMinor: row.foreign.amountMinor,
            currency: row.foreign.currency,
            rate: row.foreign.rate ?? null,
          }
        : null,
    };
  };
}
