/**
 * Securities of holdings the user added by hand on a manual account (`external_id` is
 * `SYMBOL:CURRENCY`: the symbol priced in the account's currency). Such a holding counts from its
 * `as_of`, the purchase date (docs/domain.md "Manual holdings").
 */
export const MANUAL_SECURITY_PROVIDER = 'manual';
/** A manual holding's buy is a transaction with this external id prefix followed by the holding's id. */
export const MANUAL_HOLDING_TRADE_PREFIX = 'manual-holding:';
