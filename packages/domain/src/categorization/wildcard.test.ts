import { describe, expect, it } from 'vitest';
import { hasWildcardText, matchesWildcard } from './wildcard';

describe('matchesWildcard', () => {
  it.each<[string, string, boolean]>([
    ['AMZN Mktp US*2K4', 'amzn*', true],
    ['AMZN Mktp US*2K4', 'AMZN', false],
    ['SQ *BLUE BOTTLE COFFEE', '*blue bottle*', true],
    ['SQ *BLUE BOTTLE COFFEE', '*coffee', true],
    ['SQ *BLUE BOTTLE COFFEE', '*bottle', false],
    ['SQ *BLUE BOTTLE COFFEE', 'sq *blue*coffee', true],
    ['SQ *BLUE BOTTLE COFFEE', 'sq*coffee*blue', false],
    ['abc', 'a*b*c', true],
    ['abc', 'ab*bc', false],
    ['aXbXc', 'a*x*c', true],
    ['Café Crème', 'cafe*', true],
    ['netflix   com', 'netflix com', true],
    ['', '*', true],
    ['anything', '*', true],
    ['aaa', 'a*a*a*a', false],
    ['(a+)+$ literal', '(a+)+$*', true],
    ['a.b', 'a?b', false],
  ])('%j ~ %j → %s', (text, pattern, expected) => expect(matchesWildcard(text, pattern)).toBe(expected));

  it('handles patterns that would make a backtracking regex explode (no regex involved)', () => {
    const text = `${'a'.repeat(50_000)}b`;
    const pattern = `${'*a'.repeat(100)}*c`;
    expect(matchesWildcard(text, pattern)).toBe(false);
    expect(matchesWildcard(`${text}c`, pattern)).toBe(true);
  });

  it.each([
    ['*', false],
    [' * * ', false],
    ['', false],
    ['a*', true],
  ])('hasWildcardText(%j) → %s', (pattern, expected) => expect(hasWildcardText(pattern)).toBe(expected));
});
