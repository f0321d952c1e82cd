import { foldText } from './text';

/** Longest wildcard pattern a rule may hold. */
export const WILDCARD_PATTERN_MAX_LENGTH = 200;

/**
 * Whether `text` matches a safe wildcard `pattern`: plain text where each '*' stands for any run of
 * characters (also none). No other character is special — no regular expressions, so a user pattern
 * can never cause catastrophic backtracking (ReDoS); matching is linear in practice. The whole text must
 * match ('AMZN*' = starts with AMZN, '*coffee*' = contains coffee). Case- and accent-insensitive,
 * whitespace runs count as one space.
 */
export function matchesWildcard(text: string, pattern: string): boolean {
  const parts = foldText(pattern).split('*');
  const subject = foldText(text);
  if (parts.length === 1) return subject === parts[0];

  const first = parts[0] ?? '';
  const last = parts.at(-1) ?? '';
  if (!subject.startsWith(first)) return false;
  let position = first.length;
  for (const middle of parts.slice(1, -1)) {
    if (!middle) continue;
    const found = subject.indexOf(middle, position);
    if (found === -1) return false;
    position = found + middle.length;
  }
  return subject.length - last.length >= position && subject.endsWith(last);
}

/** Whether a wildcard pattern has some text besides '*' and spaces (a bare '*' would match everything). */
export function hasWildcardText(pattern: string): boolean {
  return foldText(pattern).replace(/[*\s]/g, '').length > 0;
}
