import { describe, expect, it } from 'vitest';
import { explanationText } from './format';

describe('insight explanations with balances hidden', () => {
  it('masks every amount the explanation names, and leaves the rest of the text alone', () => {
    const text =
      'You spent $1,234.56 on Travel, up from -€12.00; CA$5 and A$7.50 abroad, CHF 1,234.50 and CN¥9 in fees, ¥1,200 in Japan (2.5×, 12%).';
    expect(explanationText(text, true)).toBe(
      'You spent •••• on Travel, up from ••••; •••• and •••• abroad, •••• and •••• in fees, •••• in Japan (2.5×, 12%).',
    );
    expect(explanationText(text, false)).toBe(text);
  });
});
