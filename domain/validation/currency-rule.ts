// The currency rule (spec 5 Currency, Table input types: at least 0, step 0.01).
import { currencyDecimals, parseCurrency } from './amounts';
import { VALIDATION_MSG } from './messages';

/** Currency rule: a number >= 0 with at most 2 decimals ($ and thousands commas allowed). */
export function currencyError(text: string): string | null {
  const n = parseCurrency(text);
  if (n === null) return VALIDATION_MSG.currency;
  if (n < 0) return VALIDATION_MSG.currencyNegative;
  if (currencyDecimals(text) > 2) return VALIDATION_MSG.currencyDecimals;
  return null;
}
