import { describe, expect, it } from 'vitest';
import { ccxtLibrary, overrideApiUrls } from './client';
import { EXCHANGE_IDS, EXCHANGES } from './exchanges';

describe('supported exchanges', () => {
  it.each(EXCHANGE_IDS)('%s asks for exactly the credentials ccxt requires', (id) => {
    const library = ccxtLibrary() as unknown as Record<
      string,
      new () => { requiredCredentials: Record<string, boolean> }
    >;
    const required = Object.entries(new library[id]!().requiredCredentials)
      .filter(([, needed]) => needed)
      .map(([name]) => name)
      .sort();
    expect([...EXCHANGES[id].credentials].sort()).toEqual(required);
  });

  it('replaces the origin of every API URL, keeping the path', () => {
    expect(
      overrideApiUrls(
        {
          public: 'https://api.kraken.com/0/public',
          nested: { sapi: 'https://api.binance.com/sapi/v1' },
          n: 1,
        },
        'http://127.0.0.1:4000/',
      ),
    ).toEqual({
      public: 'http://127.0.0.1:4000/0/public',
      nested: { sapi: 'http://127.0.0.1:4000/sapi/v1' },
      n: 1,
    });
  });
});
