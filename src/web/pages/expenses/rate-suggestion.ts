import { monthLabel } from '../../../domain/dates';
import { formatRate, looksInverted, rateBothWays, suggestRate } from '../../../domain/exchange-rates/rates';
import { readDecimalComma } from '../../../domain/money';

/**
 * The expense form's exchange rate (decision 37): which rate to suggest for a currency and a date,
 * what to say about it, and when a suggestion may replace what the field holds. Pure, so the
 * dialog's behaviour is tested without it.
 */
export interface RateSuggestion {
  rate: number;
  source: 'office' | 'last';
  /** The month of the expense's date (YYYY-MM). */
  month: string;
}

type OfficeRates = ReadonlyArray<{ month: string; currency: string; rate: number }>;

/** The month of a typed date, or null while the date is not a whole YYYY-MM-DD. */
export function monthOf(date: unknown): string | null {
  return typeof date === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(date) ? date.slice(0, 7) : null;
}

/** That month's office rate for the currency, else the missionary's last; none for US dollars. */
export function suggestionFor(
  office: OfficeRates | undefined,
  date: unknown,
  currency: unknown,
  lastUsed: number | null,
): RateSuggestion | null {
  const month = monthOf(date);
  if (!month || typeof currency !== 'string' || currency === '' || currency === 'USD') return null;
  const found = suggestRate(office ?? [], month, currency, lastUsed);
  return found && { ...found, month };
}

/**
 * Said under the rate field: where the suggestion comes from while the field holds it, the
 * suggestion beside a rate the missionary typed, or that no rate is known yet.
 */
export function suggestionNote(suggestion: RateSuggestion | null, currency: string, typed: unknown): string {
  if (!suggestion) return `No ${currency} rate known yet: type the rate on your receipt or bank slip.`;
  const office = suggestion.source === 'office';
  if (typedRate(typed) === suggestion.rate) {
    return office
      ? `The office’s rate for ${monthLabel(suggestion.month)}. Change it if you paid at another rate.`
      : `Your last ${currency} rate: the office has none for ${monthLabel(suggestion.month)}.`;
  }
  const rate = formatRate(suggestion.rate);
  return office
    ? `Your rate. The office’s for ${monthLabel(suggestion.month)} is ${rate}.`
    : `Your rate. Your last ${currency} rate was ${rate}.`;
}

/**
 * What the rate field should hold after the currency, the date or the known rates changed; null to
 * leave it. A suggestion replaces only an empty field or the last suggestion the form put there —
 * never a rate the missionary typed — and a field left holding another currency's suggestion is
 * emptied when the new one has none.
 */
export function rateAfterChange(typed: string, lastFilled: string | null, suggestion: number | null): string | null {
  if (typed !== '' && typed !== lastFilled) return null;
  const next = suggestion === null ? '' : String(suggestion);
  return next === typed ? null : next;
}

/** A typed rate as a number (a decimal comma read as a point), or null while it is not one. */
export function typedRate(value: unknown): number | null {
  const read = readDecimalComma(String(value ?? ''));
  const rate = 'text' in read && read.text !== '' ? Number(read.text) : Number.NaN;
  return Number.isFinite(rate) && rate > 0 ? rate : null;
}

/** The rate both ways for the preview, or null while no rate is typed. */
export function bothWays(value: unknown, currency: string): string | null {
  const rate = typedRate(value);
  if (rate === null) return null;
  const { perDollar, perUnit } = rateBothWays(rate, currency);
  return `${perDollar} · ${perUnit}`;
}

/** "This looks turned around" when the typed rate is the suggestion's inverse. */
export function invertedWarning(value: unknown, suggestion: RateSuggestion | null, currency: string): string | null {
  const rate = typedRate(value);
  if (rate === null || !suggestion || !looksInverted(rate, suggestion.rate)) return null;
  return `This looks turned around: 1 US$ buys about ${formatRate(suggestion.rate)} ${currency}. Type how many ${currency} one US dollar buys, not US$ per ${currency}.`;
}
