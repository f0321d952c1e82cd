/**
 * ISO-4217 currency codes with their minor-unit exponents (digits after the decimal point), from the
 * ISO list (not CLDR's display digits: ISO gives IQD 3 and IDR 2 where CLDR shows 0). Active codes,
 * the fund codes with an exponent, and a few recently withdrawn codes (ANG, CUC, HRK, SLL, ZWL) so
 * historical transactions stay readable. Metals and XDR have no minor unit and are not money here.
 */
const BY_EXPONENT: Record<0 | 2 | 3 | 4, string> = {
  0: 'BIF CLP DJF GNF ISK JPY KMF KRW PYG RWF UGX UYI VND VUV XAF XOF XPF',
  2:
    'AED AFN ALL AMD AOA ARS AUD AWG AZN BAM BBD BDT BGN BMD BND BOB BOV BRL BSD BTN BWP BYN BZD CAD ' +
    'CDF CHE CHF CHW CNY COP COU CRC CUP CVE CZK DKK DOP DZD EGP ERN ETB EUR FJD FKP GBP GEL GHS GIP ' +
    'GMD GTQ GYD HKD HNL HTG HUF IDR ILS INR IRR JMD KES KGS KHR KPW KYD KZT LAK LBP LKR LRD LSL MAD ' +
    'MDL MGA MKD MMK MNT MOP MRU MUR MVR MWK MXN MXV MYR MZN NAD NGN NIO NOK NPR NZD PAB PEN PGK PHP ' +
    'PKR PLN QAR RON RSD RUB SAR SBD SCR SDG SEK SGD SHP SLE SOS SRD SSP STN SVC SYP SZL THB TJS TMT ' +
    'TOP TRY TTD TWD TZS UAH USD USN UYU UZS VED VES WST XCD XCG YER ZAR ZMW ZWG ' +
    // Withdrawn since 2023 (replaced by XCG, CUP, EUR, SLE, ZWG); kept for historical data.
    'ANG CUC HRK SLL ZWL',
  3: 'BHD IQD JOD KWD LYD OMR TND',
  4: 'CLF UYW',
};

const EXPONENTS: ReadonlyMap<string, number> = new Map(
  Object.entries(BY_EXPONENT).flatMap(([exponent, codes]) =>
    codes.split(' ').map((code) => [code, Number(exponent)] as const),
  ),
);

/** Every known ISO-4217 code, sorted. */
export const CURRENCY_CODES: readonly string[] = [...EXPONENTS.keys()].sort();

/** Whether `code` is a known ISO-4217 currency (upper-case, as stored). */
export function isCurrencyCode(code: string): boolean {
  return EXPONENTS.has(code);
}

/** Digits after the decimal point for `code` (USD 2, JPY 0, KWD 3). Throws for an unknown code. */
export function currencyExponent(code: string): number {
  const exponent = EXPONENTS.get(code);
  if (exponent === undefined) throw new RangeError(`Unknown currency code: ${code}`);
  return exponent;
}

/** Currencies a user may choose as their default (spec §3 `default_currency`). */
export const DISPLAY_CURRENCIES = ['USD', 'EUR', 'GBP', 'JPY', 'AUD', 'CAD', 'CHF', 'CNY'] as const;
export type DisplayCurrency = (typeof DISPLAY_CURRENCIES)[number];
