// Amounts: currency parsing (spec 5 Currency). No messages here: the form's first load reaches this module
// (conditional questions compare amounts); the currency rule and its messages are currency-rule.ts.

const CURRENCY_PATTERN = /^(-?)\s*\$?\s*(-?)\s*(\d{1,3}(?:,\d{3})+|\d*)(?:\.(\d*))?$/;

/** An amount's parts: '-$1,234.50' → {negative: true, whole: '1234', fraction: '50'}. */
export interface CurrencyParts {
  negative: boolean;
  /** Digits only (grouping commas removed); '' for '.5'. */
  whole: string;
  /** The digits after the dot as typed; '' when none. */
  fraction: string;
}

/**
 * The parts of an amount typed with an optional leading minus (before or after the $), a $ sign
 * and correctly grouped thousands commas; null when the text is not an amount ('', 'abc', '1,23').
 */
export function currencyParts(text: string): CurrencyParts | null {
  const m = CURRENCY_PATTERN.exec(text.trim());
  if (!m) return null;
  const [, minusBefore = '', minusAfter = '', whole = '', fraction = ''] = m;
  if (minusBefore && minusAfter) return null;
  if (whole === '' && fraction === '') return null;
  return { negative: !!(minusBefore || minusAfter), whole: whole.replace(/,/g, ''), fraction };
}

/** '$1,234.50' → 1234.5; '-5' → -5; '12' → 12; '' / 'abc' / '1,23' → null. Numbers pass through. */
export function parseCurrency(text: string | number | null | undefined): number | null {
  if (typeof text === 'number') return Number.isFinite(text) ? text : null;
  if (typeof text !== 'string') return null;
  const parts = currencyParts(text);
  if (!parts) return null;
  const n = Number(`${parts.whole || '0'}.${parts.fraction || '0'}`);
  if (!Number.isFinite(n)) return null;
  return parts.negative ? (n === 0 ? 0 : -n) : n;
}

export const currencyDecimals = (text: string): number => currencyParts(text)?.fraction.length ?? 0;
