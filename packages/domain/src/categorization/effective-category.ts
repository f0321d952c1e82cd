import {
  CONFIDENCE_LEVEL_SCORES,
  type ConfidenceLevel,
  isConfidentCategory,
  isTransactionCategory,
  type TransactionCategory,
} from '../categories';

/** Confidence of a category the user chose by hand, or that one of their rules set: always trusted. */
export const USER_CATEGORY_CONFIDENCE = 1;

/** The category fields of a stored transaction that decide what its row shows. */
export type CategorizedTransaction = {
  /** Set by hand on this transaction; always wins. */
  userCategory?: string | null;
  /** Set by the provider mapping (mapProviderCategory), by a rule, or by the user (see categorySource). */
  category?: string | null;
  /**
   * Who set `category`, for storage that keeps one category column: 'user' counts as a hand-set category
   * and 'rule' as a rule's (both always trusted); anything else ('provider') needs the confidence.
   */
  categorySource?: string | null;
  /** 0..1 (or a level) for `category`; below 0.7 the row shows 'Uncategorized' (spec §5). */
  categoryConfidence?: number | ConfidenceLevel | null;
};

/** Where the shown category comes from: the user's hand, a rule, the provider, or nowhere. */
export type CategorySource = 'user' | 'rule' | 'provider' | 'none';

/** The category a row shows, with its confidence and source. */
export type ResolvedCategory = {
  category: TransactionCategory | null;
  confidence: number;
  source: CategorySource;
};

/**
 * Resolves a transaction's category: a user-set category (one of the twelve) always wins with confidence
 * 1; else a rule's category (confidence 1); else the stored category when it is one of the twelve and
 * its confidence reaches 0.7 (spec §5, inclusive; a missing or NaN confidence is not trusted); else none
 * ('Uncategorized'). A value outside the twelve never shows as a category.
 */
export function resolveCategory(tx: CategorizedTransaction): ResolvedCategory {
  const stored = tx.category?.trim() ?? '';
  const user = tx.userCategory?.trim() || (tx.categorySource === 'user' ? stored : '');
  if (isTransactionCategory(user)) {
    return { category: user, confidence: USER_CATEGORY_CONFIDENCE, source: 'user' };
  }
  if (tx.categorySource === 'rule' && isTransactionCategory(stored)) {
    return { category: stored, confidence: USER_CATEGORY_CONFIDENCE, source: 'rule' };
  }
  const confidence = tx.categoryConfidence;
  if (isTransactionCategory(stored) && confidence != null && isConfidentCategory(confidence)) {
    const score = typeof confidence === 'number' ? confidence : CONFIDENCE_LEVEL_SCORES[confidence];
    return { category: stored, confidence: Math.min(1, score), source: 'provider' };
  }
  return { category: null, confidence: 0, source: 'none' };
}

/** The category a row shows, or null for 'Uncategorized' (see resolveCategory). */
export function effectiveCategory(tx: CategorizedTransaction): TransactionCategory | null {
  return resolveCategory(tx).category;
}
