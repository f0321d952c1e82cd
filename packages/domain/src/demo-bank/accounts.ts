/** The demo bank's account list. */
import { isoOf } from './calendar';
import {
  ACCOUNT_KEYS,
  ACCOUNT_SPECS,
  createProfile,
  DEMO_BANK_INSTITUTION_NAME,
  type Profile,
} from './profile';
import type { DemoBankAccount, DemoBankVariant } from './types';

/**
 * The six accounts of the demo household for `seed`: checking, savings, a credit card, a brokerage
 * account, a mortgage (all USD) and a euro checking account for the flat in Lisbon. The list, ids,
 * names and masks are the same on every call with the same seed.
 */
export function demoBankAccounts(seed: string, variant: DemoBankVariant = 'standard'): DemoBankAccount[] {
  if (variant !== 'standard') throw new RangeError(`Unknown demo bank variant: ${String(variant)}`);
  return accountsOf(createProfile(seed));
}

/** The account list of an existing profile. */
export function accountsOf(profile: Profile): DemoBankAccount[] {
  return ACCOUNT_KEYS.map((key) => {
    const spec = ACCOUNT_SPECS[key];
    const account: DemoBankAccount = {
      externalId: `demo-${profile.tag}-${key}`,
      name: spec.name,
      officialName: spec.officialName,
      mask: profile.masks[key],
      type: spec.type,
      subtype: spec.subtype,
      currency: spec.currency,
      institutionName: DEMO_BANK_INSTITUTION_NAME,
    };
    if (key === 'card') account.creditLimitMinor = profile.creditLimitMinor;
    if (key === 'mortgage') {
      const { mortgage } = profile;
      account.loan = {
        originalPrincipalMinor: mortgage.principalMinor,
        interestRatePercent: mortgage.ratePercent,
        originationDate: isoOf(mortgage.originationDay),
        maturityDate: isoOf(mortgage.originationDay + Math.round((mortgage.termMonths / 12) * 365.25)),
        monthlyPaymentMinor: mortgage.paymentMinor,
      };
    }
    return account;
  });
}
