import { describe, expect, it } from 'vitest';
import { normalizeMerchant } from './merchant';

/** [raw card descriptor, clean merchant name, the key both must give]. */
const PAIRS: ReadonlyArray<readonly [string, string, string]> = [
  ['SQ *BLUE BOTTLE COFFEE #123 SAN FRANCISCO CA', 'Blue Bottle Coffee', 'blue bottle coffee'],
  ['TST* SHAKE SHACK 1234 NEW YORK NY', 'Shake Shack', 'shake shack'],
  ['PAYPAL *NETFLIX.COM', 'Netflix', 'netflix'],
  ['DEBIT CARD PURCHASE - STARBUCKS STORE 12345 SEATTLE WA', 'Starbucks', 'starbucks'],
  ['POS DEBIT WALGREENS #1234', 'Walgreens', 'walgreens'],
  ['AMZN Mktp US*2K4AB1CD0', 'Amazon', 'amazon'],
  ['AMAZON.COM*MK1AB2CD3 AMZN.COM/BILL WA', 'Amazon Marketplace', 'amazon'],
  ['UBER *TRIP HELP.UBER.COM', 'Uber Trip', 'uber trip'],
  ['UBER   *EATS PENDING', 'Uber Eats', 'uber eats'],
  ['Uber 063015 SF**POOL**', 'Uber', 'uber'],
  ['SPOTIFY*P1A2B3C4D5', 'Spotify', 'spotify'],
  ["TRADER JOE'S #552 QPS PORTLAND OR", 'Trader Joes', 'trader joes'],
  ['WHOLEFDS MKT 10234 AUSTIN TX', 'Whole Foods Market', 'whole foods'],
  ['WM SUPERCENTER #1234 BENTONVILLE AR', 'Walmart', 'walmart'],
  ['WAL-MART #5678', 'Walmart', 'walmart'],
  ['SHELL OIL 57444212 HOUSTON TX', 'Shell Oil', 'shell oil'],
  ['CHECKCARD 0315 CHIPOTLE 1234 DENVER CO', 'Chipotle', 'chipotle'],
  ['PURCHASE AUTHORIZED ON 03/14 TARGET T-1234 MINNEAPOLIS MN S581234567890 CARD 1234', 'Target', 'target'],
  ['APPLE.COM/BILL 866-712-7753 CA', 'Apple', 'apple'],
  ['NETFLIX.COM 866-579-7172 CA', 'NETFLIX.COM', 'netflix'],
  ["McDonald's F12345 Chicago IL", 'MCDONALDS', 'mcdonalds'],
  ['THE HOME DEPOT #6543 ATLANTA GA', 'Home Depot', 'home depot'],
  ['COSTCO WHSE #0123 ISSAQUAH WA', 'Costco', 'costco'],
  ['7-ELEVEN 35261 DALLAS TX', '7-Eleven', '7eleven'],
  ['CVS/PHARMACY #08245 BOSTON MA', 'CVS Pharmacy', 'cvs pharmacy'],
  ['TESCO STORES 3012 LONDON GB', 'Tesco', 'tesco'],
  ['CARREFOUR MARKET PARIS 15 FR', 'Carrefour Market', 'carrefour market'],
  ['REWE Markt GmbH Berlin DE', 'REWE Markt', 'rewe markt'],
  ['CAFÉ DU MONDE NEW ORLEANS LA', 'Cafe du Monde', 'cafe du monde'],
  ['Recurring Payment authorized on 03/01 Spotify USA 877-778-1161 NY', 'SPOTIFY USA', 'spotify'],
  ["WENDY'S #1234 COLUMBUS OH", 'Wendys', 'wendys'],
  ['TARGET.COM *', 'Target', 'target'],
  ['PY *CITY PARKING 0012', 'City Parking', 'city parking'],
  ['DD *DOORDASH BURGERKING 855-973-1040 CA', 'DOORDASH*BURGERKING', 'doordash burgerking'],
  ['GOOGLE *YouTubePremium g.co/helppay#', 'Google YouTubePremium', 'google youtubepremium'],
  ['SP * GYMSHARK', 'Gymshark', 'gymshark'],
  ['IC* INSTACART', 'Instacart', 'instacart'],
  ['BLUE BOTTLE COFFEE    SAN FRANCISCO CA', 'Blue Bottle Coffee Oakland CA', 'blue bottle coffee'],
  ['STARBUCKS SEATTLE WA', 'STARBUCKS STORE 00123', 'starbucks'],
  ['TRADER JOES SALT LAKE CITY UT', 'Trader Joe’s', 'trader joes'],
  ['POS PURCHASE XXXX1234 12/31 BED BATH & BEYOND #44', 'Bed Bath and Beyond', 'bed bath and beyond'],
  ['AT&T *PAYMENT 800-331-0500 TX', 'AT&T Payment', 'att payment'],
];

describe('normalizeMerchant: descriptor pairs', () => {
  it('covers at least 25 real-looking pairs', () => expect(PAIRS.length).toBeGreaterThanOrEqual(25));

  it.each(PAIRS)('%s ≡ %s → %s', (raw, clean, key) => {
    expect(normalizeMerchant(raw)).toBe(key);
    expect(normalizeMerchant(clean)).toBe(key);
  });

  it.each(PAIRS)('is idempotent on the key of %s', (_raw, _clean, key) => {
    expect(normalizeMerchant(key)).toBe(key);
  });
});

describe('normalizeMerchant: keeps different merchants apart', () => {
  it.each([
    ['UBER *TRIP', 'UBER *EATS'],
    ['SQ *BLUE BOTTLE COFFEE', 'SQ *RITUAL COFFEE'],
    ['STARBUCKS #123 SEATTLE WA', 'PEETS COFFEE #123 SEATTLE WA'],
    ['SHELL OIL 123', 'CHEVRON 123'],
  ])('%s ≠ %s', (a, b) => expect(normalizeMerchant(a)).not.toBe(normalizeMerchant(b)));
});

describe('normalizeMerchant: edge cases', () => {
  it.each([
    ['', ''],
    ['   ', ''],
    [null, ''],
    [undefined, ''],
    ['***', ''],
    ['12345', '12345'],
    ['NETFLIX CA', 'netflix'],
    ['99 RANCH MARKET #123', '99 ranch market'],
    ['1800FLOWERS.COM', '1800flowers'],
    ['Café Crème', 'cafe creme'],
    ['ZELLE PAYMENT TO JOHN SMITH', 'zelle payment to john smith'],
    ['  Blue   Bottle  Coffee ', 'blue bottle coffee'],
    ['Наш Магазин', 'наш магазин'],
  ])('%j → %j', (raw, key) => expect(normalizeMerchant(raw)).toBe(key));
});
