/**
 * Money is integer cents. Every amount that comes from a rate, a percentage or a division goes
 * through `divRound`, the one rounding function (half away from zero), computed on bigints so no
 * binary fraction ever decides a cent.
 */

/**
 * Cents and dollars are distinct types: each carries a unit tag, and an amount tagged in
 * one unit is refused by the type checker where the other is expected — dollars from the wire
 * (`ZDollars`, every response's money) passed to a function of cents, or cents to `toDollars`'s
 * readers, fail `tsc`. The tag is optional, so a plain number (a literal, the result of `+`, a
 * database value) is accepted as either: arithmetic stays arithmetic, and the conversions below
 * (`fromDollars`, `toDollars`, `parseDollars`) are where a value changes unit. A number's unit is
 * only as good as its declared type: what comes back from `a + b` is a plain number again.
 */
type UnitTag<Unit extends string> = { readonly __unit?: Unit };
/** Integer cents: what the code computes with. */
export type Cents = number & UnitTag<'cents'>;
/** Dollars as a JSON number with at most 2 decimals: what the API sends and receives. */
export type Dollars = number & UnitTag<'dollars'>;

export const ZERO: Cents = 0;

/** The largest amount a money column (numeric(14,2)) holds: ±999,999,999.99 (decision 17, docs/decisions.md). */
export const MAX_MONEY_CENTS: Cents = 99_999_999_999;

export function isMoneyInRange(cents: Cents): boolean {
  return Math.abs(cents) <= MAX_MONEY_CENTS;
}

function assertCents(value: number, what = 'amount'): void {
  if (!Number.isSafeInteger(value)) throw new RangeError(`${what} is not a whole number of cents: ${value}`);
}

/** numerator / denominator rounded half away from zero to a whole number of cents. */
export function divRound(numerator: bigint, denominator: bigint): Cents {
  if (denominator === 0n) throw new RangeError('division by zero');
  const negative = numerator < 0n !== denominator < 0n;
  const n = numerator < 0n ? -numerator : numerator;
  const d = denominator < 0n ? -denominator : denominator;
  const quotient = (n * 2n + d) / (d * 2n);
  const result = Number(negative ? -quotient : quotient);
  return result === 0 ? 0 : result;
}

/** An exact decimal number: value × 10^-scale (e.g. 6.2 is {value: 62n, scale: 1}). */
export interface Decimal {
  value: bigint;
  scale: number;
}

const DECIMAL_PATTERN = /^([+-])?(\d+)(?:\.(\d+))?$/;

export function parseDecimal(text: string | number): Decimal | null {
  const source = typeof text === 'number' ? numberToPlainString(text) : text.trim();
  if (source === null) return null;
  const match = DECIMAL_PATTERN.exec(source);
  if (!match) return null;
  const fraction = match[3] ?? '';
  const digits = BigInt(match[2] + fraction);
  return { value: match[1] === '-' ? -digits : digits, scale: fraction.length };
}

function numberToPlainString(value: number): string | null {
  if (!Number.isFinite(value)) return null;
  // toString never uses exponent notation between 1e-7 and 1e21, which covers every amount here.
  const text = value.toString();
  return /e/i.test(text) ? null : text;
}

export function decimalToString(decimal: Decimal): string {
  const negative = decimal.value < 0n;
  const digits = (negative ? -decimal.value : decimal.value).toString().padStart(decimal.scale + 1, '0');
  const whole = digits.slice(0, digits.length - decimal.scale);
  const fraction = decimal.scale > 0 ? `.${digits.slice(digits.length - decimal.scale)}` : '';
  return `${negative ? '-' : ''}${whole}${fraction}`;
}

export function pow10(exponent: number): bigint {
  return 10n ** BigInt(exponent);
}

/** cents × decimal, rounded once. */
export function multiply(amount: Cents, factor: Decimal): Cents {
  assertCents(amount);
  return divRound(BigInt(amount) * factor.value, pow10(factor.scale));
}

/** cents × percent / 100, rounded once (6.2 percent of $100.00 is $6.20). */
export function percentOf(amount: Cents, percent: Decimal): Cents {
  assertCents(amount);
  return divRound(BigInt(amount) * percent.value, pow10(percent.scale) * 100n);
}

/** Sum of cents; throws on anything that is not whole cents so a float can never sneak in. */
export function sum(amounts: readonly Cents[]): Cents {
  let total = 0;
  for (const amount of amounts) {
    assertCents(amount);
    total += amount;
  }
  assertCents(total, 'total');
  return total;
}

export function min(...amounts: Cents[]): Cents {
  return Math.min(...amounts);
}

export function max(...amounts: Cents[]): Cents {
  return Math.max(...amounts);
}

/** Clamp to [0, limit]; a negative limit gives 0. */
export function clamp(amount: Cents, limit: Cents): Cents {
  return Math.max(0, Math.min(amount, Math.max(0, limit)));
}

const STRICT_DOLLARS = /^-?\d{1,12}(\.\d{1,2})?$/;

/** Strict wire form: "12", "12.3", "-12.34" (no separators, at most 2 decimals). */
export function parseDollars(text: string | Dollars): Cents | null {
  const source = typeof text === 'number' ? numberToPlainString(text) : text.trim();
  if (source === null || !STRICT_DOLLARS.test(source)) return null;
  const decimal = parseDecimal(source);
  if (!decimal) return null;
  return Number(decimal.value * pow10(2 - decimal.scale));
}

/**
 * Lenient form found in spreadsheets and exports: "1,234.50", "$12", "(3.45)", "-$3.45", " 7 ".
 * Returns null for anything it cannot read exactly (more than 2 decimals, stray characters).
 */
export function parseLooseDollars(text: string): Cents | null {
  let source = text.trim();
  if (source === '') return null;
  let negative = false;
  if (/^\(.*\)$/.test(source)) {
    negative = true;
    source = source.slice(1, -1).trim();
  }
  if (source.startsWith('-')) {
    if (negative) return null;
    negative = true;
    source = source.slice(1).trim();
  }
  if (source.startsWith('$')) source = source.slice(1).trim();
  if (source.startsWith('-')) {
    if (negative) return null;
    negative = true;
    source = source.slice(1).trim();
  }
  if (!/^(\d{1,3}(,\d{3})+|\d+)(\.\d{1,2})?$|^\.\d{1,2}$/.test(source)) return null;
  const cents = parseDollars(source.replaceAll(',', '').replace(/^\./, '0.'));
  if (cents === null) return null;
  return negative && cents !== 0 ? -cents : cents;
}

/** A JSON number of dollars from the API (at most 2 decimals) to cents. */
export function fromDollars(amount: Dollars): Cents {
  const cents = parseDollars(amount);
  if (cents === null) throw new RangeError(`not a dollar amount with at most 2 decimals: ${amount}`);
  return cents;
}

/** Cents to a JSON number of dollars; exact for every amount with at most 2 decimals. */
export function toDollars(amount: Cents): Dollars {
  assertCents(amount);
  return amount / 100;
}

/** Cents to "1234.50" (no separators), for CSV cells and database numeric columns. */
export function toDecimalString(amount: Cents): string {
  assertCents(amount);
  // A safe integer splits exactly into whole dollars and cents with number arithmetic; no BigInt per
  // amount (a year's journal export writes a million of them).
  const negative = amount < 0;
  const whole = negative ? -amount : amount;
  const cents = whole % 100;
  return `${negative ? '-' : ''}${(whole - cents) / 100}.${cents < 10 ? '0' : ''}${cents}`;
}

/** Cents to "$1,234.50" / "-$3.45". */
export function formatUSD(amount: Cents): string {
  const plain = toDecimalString(Math.abs(amount));
  const [whole = '0', fraction = '00'] = plain.split('.');
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return `${amount < 0 ? '-' : ''}$${grouped}.${fraction}`;
}

/**
 * Decision 23 (docs/decisions.md): an amount typed with a decimal comma ("12,50") reads as "12.50" where that
 * is unambiguous: one comma, no point, one or two digits after it. Text without a comma is returned
 * as it is. Otherwise the reason it cannot be read, to follow the field's label.
 */
export function readDecimalComma(text: string): { text: string } | { error: string } {
  const source = text.trim();
  if (!source.includes(',')) return { text: source };
  if (/^[+-]?\d+,\d{1,2}$/.test(source)) return { text: source.replace(',', '.') };
  if (source.includes('.')) {
    return {
      error:
        'has both a point and a comma, so it is unclear which one is the decimal separator: write it without a thousands separator, e.g. 1234.50 or 1234,50',
    };
  }
  return {
    error:
      'has a comma that is not a decimal comma (at most 2 digits may follow it): write it without a thousands separator, e.g. 1234 or 1234,50',
  };
}
