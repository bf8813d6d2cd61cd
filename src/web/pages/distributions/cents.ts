import type { Cents } from '../../../domain/money';
import { fromDollars, parseDollars, toDollars } from '../../../domain/money';
import { money } from '../../format';

/** Engine amounts are integer cents; the screen shows them through the app's one money format. */
export function usd(cents: Cents | null | undefined): string {
  return cents === null || cents === undefined ? '' : money(toDollars(cents));
}

/** Typed text ("1234.5", "$1,234.50") to cents; null when blank or not an exact dollar amount. */
export function typedCents(text: string): Cents | null {
  const plain = text.trim().replace(/^\$/, '').replaceAll(',', '');
  if (plain === '') return null;
  return parseDollars(plain);
}

/** Cents to the JSON number of dollars the API takes. */
export { fromDollars, toDollars };
