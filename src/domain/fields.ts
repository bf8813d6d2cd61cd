import { z } from 'zod';
import { isIsoDate } from './dates';
import { type Cents, MAX_MONEY_CENTS, parseDecimal, parseDollars, readDecimalComma } from './money';

/**
 * Bounds of decision 17 (docs/decisions.md): bad input is a 422 naming the field, never a database error.
 * Ids are positive 32-bit integers (the `serial` columns); dates lie in 1900..2100; text holds no
 * NUL (PostgreSQL text cannot store it).
 */
export const MAX_ID = 2_147_483_647;
export const MIN_DATE = '1900-01-01';
export const MAX_DATE = '2100-12-31';

export function hasNul(value: string): boolean {
  return value.includes('\u0000');
}

const noNul = (label: string) =>
  [(value: string) => !hasNul(value), `${label} cannot contain NUL characters.`] as const;

/**
 * Field schemas shared by API requests and web forms. Inputs arrive as JSON values or as form
 * strings; each helper accepts both and yields the domain value (cents, booleans, ISO dates).
 */
const blankToUndefined = (value: unknown) =>
  value === '' || value === null || (typeof value === 'string' && value.trim() === '') ? undefined : value;

const trimmed = (value: unknown) =>
  typeof value === 'string' ? value.trim() : typeof value === 'number' ? String(value) : value;

export function requiredText(label: string, max = 255) {
  return z.preprocess(
    (value) => trimmed(value) ?? '',
    z
      .string({ error: `${label} must be text.` })
      .min(1, `${label} is required.`)
      .max(max, `${label} must be at most ${max} characters.`)
      .refine(...noNul(label)),
  );
}

export function optionalText(label: string, max = 255) {
  return z.preprocess(
    (value) => blankToUndefined(trimmed(value)),
    z
      .string({ error: `${label} must be text.` })
      .max(max, `${label} must be at most ${max} characters.`)
      .refine(...noNul(label))
      .optional(),
  );
}

export function emailField(label = 'Email') {
  return z.preprocess(
    (value) => (typeof value === 'string' ? value.trim().toLowerCase() : (value ?? '')),
    z
      .string({ error: `${label} must be text.` })
      .min(1, `${label} is required.`)
      .max(255, `${label} must be at most 255 characters.`)
      .pipe(z.email(`${label} must be a valid email address.`)),
  );
}

function moneyCore(label: string, allowNegative: boolean) {
  // One custom check instead of a union: form resolvers report a union's inner issues ("expected
  // string"), not its own message, so a blank field would not say "… is required.".
  return z.unknown().transform((value, ctx): Cents => {
    if (value === undefined) {
      ctx.addIssue({ code: 'custom', message: `${label} is required.` });
      return z.NEVER;
    }
    if (typeof value !== 'string' && typeof value !== 'number') {
      ctx.addIssue({ code: 'custom', message: `${label} must be an amount.` });
      return z.NEVER;
    }
    const read = typeof value === 'string' ? readDecimalComma(value) : { text: value };
    if ('error' in read) {
      ctx.addIssue({ code: 'custom', message: `${label} ${read.error}.` });
      return z.NEVER;
    }
    const cents = parseDollars(read.text);
    if (cents === null) {
      ctx.addIssue({ code: 'custom', message: `${label} must be a dollar amount with at most 2 decimals.` });
      return z.NEVER;
    }
    if (!allowNegative && cents < 0) {
      ctx.addIssue({ code: 'custom', message: `${label} cannot be negative.` });
      return z.NEVER;
    }
    if (Math.abs(cents) > MAX_MONEY_CENTS) {
      ctx.addIssue({ code: 'custom', message: `${label} must be between -999,999,999.99 and 999,999,999.99.` });
      return z.NEVER;
    }
    return cents;
  });
}

/** A required dollar amount ("12.34" or 12.34) as cents. */
/**
 * How a money input looks in the API document (GET /api/openapi.json): zod cannot describe the custom
 * check above, so its JSON Schema is written here, once, beside it — dollars as a number or as text.
 */
function moneyJsonSchema(label: string, allowNegative: boolean) {
  const max = MAX_MONEY_CENTS / 100;
  return {
    description: `${label}: US dollars with at most 2 decimals, as a JSON number (1234.5) or as text ("1234.50"; a decimal comma "12,50" is read, "1.234,50" is refused)${allowNegative ? '' : '; not negative'}.`,
    anyOf: [
      { type: 'number', multipleOf: 0.01, minimum: allowNegative ? -max : 0, maximum: max },
      {
        type: 'string',
        pattern: allowNegative ? '^\\s*-?[0-9]*([.,][0-9]{0,2})?\\s*$' : '^\\s*[0-9]*([.,][0-9]{0,2})?\\s*$',
      },
    ],
  };
}

export function moneyField(label: string, options: { allowNegative?: boolean } = {}) {
  const allowNegative = options.allowNegative ?? false;
  return z.preprocess(blankToUndefined, moneyCore(label, allowNegative)).meta(moneyJsonSchema(label, allowNegative));
}

export function optionalMoney(label: string, options: { allowNegative?: boolean } = {}) {
  const allowNegative = options.allowNegative ?? false;
  return z
    .preprocess(blankToUndefined, moneyCore(label, allowNegative).optional())
    .meta(moneyJsonSchema(label, allowNegative));
}

/** A decimal number kept as its exact text (rates, odometers, percentages), e.g. "6.2". */
export function decimalField(label: string, options: { min?: number; max?: number; scale?: number } = {}) {
  const scale = options.scale ?? 6;
  return z.preprocess(
    (value) => blankToUndefined(trimmed(value)),
    z
      .string({
        error: (issue) => (issue.input === undefined ? `${label} is required.` : `${label} must be a number.`),
      })
      .transform((typed, ctx) => {
        const read = readDecimalComma(typed);
        if ('error' in read) {
          ctx.addIssue({ code: 'custom', message: `${label} ${read.error}.` });
          return z.NEVER;
        }
        const value = read.text;
        const decimal = parseDecimal(value);
        if (!decimal) {
          ctx.addIssue({ code: 'custom', message: `${label} must be a number.` });
          return z.NEVER;
        }
        if (decimal.scale > scale) {
          ctx.addIssue({ code: 'custom', message: `${label} can have at most ${scale} decimals.` });
          return z.NEVER;
        }
        const numeric = Number(value);
        if (options.min !== undefined && numeric < options.min) {
          ctx.addIssue({ code: 'custom', message: `${label} must be at least ${options.min}.` });
          return z.NEVER;
        }
        if (options.max !== undefined && numeric > options.max) {
          ctx.addIssue({ code: 'custom', message: `${label} must be at most ${options.max}.` });
          return z.NEVER;
        }
        return value.replace(/^\+/, '');
      }),
  );
}

export function optionalDecimal(label: string, options: { min?: number; max?: number; scale?: number } = {}) {
  return decimalField(label, options).optional();
}

/** A percentage entered in percent (6.2 means 6.2 %), decision 9 (docs/decisions.md). */
export function percentField(label: string) {
  return decimalField(label, { min: 0, max: 100, scale: 4 });
}

/** 0/1 flags (docs/product.md keeps them as 0/1 on the wire); true/false are accepted too. */
export function flag01(label: string) {
  return z.preprocess(
    (value) => {
      if (value === true || value === 1 || value === '1' || value === 'true' || value === 'on') return true;
      if (value === false || value === 0 || value === '0' || value === 'false' || value === '' || value === undefined)
        return false;
      return value;
    },
    z.boolean({ error: `${label} must be 0 or 1.` }),
  );
}

export function optionalFlag01(label: string) {
  return z.preprocess((value) => (value === undefined || value === null ? undefined : value), flag01(label).optional());
}

export function dateField(label = 'Date') {
  return z.preprocess(
    (value) => blankToUndefined(trimmed(value)),
    z
      .string({ error: (issue) => (issue.input === undefined ? `${label} is required.` : `${label} must be a date.`) })
      .refine(isIsoDate, `${label} must be a date (YYYY-MM-DD).`)
      .refine(isDateInRange, dateRangeMessage(label)),
  );
}

/** Only said of real dates: a malformed one already has its own message. */
function isDateInRange(value: string): boolean {
  return !isIsoDate(value) || (value >= MIN_DATE && value <= MAX_DATE);
}

const dateRangeMessage = (label: string) => `${label} must lie between 1900-01-01 and 2100-12-31.`;

export function optionalDate(label = 'Date') {
  return z.preprocess(
    (value) => blankToUndefined(trimmed(value)),
    z
      .string({ error: `${label} must be a date.` })
      .refine(isIsoDate, `${label} must be a date (YYYY-MM-DD).`)
      .refine(isDateInRange, dateRangeMessage(label))
      .optional(),
  );
}

/** Text or number to a number for id fields; anything else stays as it is so zod names it. */
const toNumber = (value: unknown) =>
  typeof value === 'string' && /^[+-]?(\d+(\.\d*)?|\.\d+)$/.test(value) ? Number(value) : value;

/** A database id in a path, query or form field. */
export function idField(label = 'Id') {
  return z.preprocess(
    (value) => {
      const blank = blankToUndefined(trimmed(value));
      return blank === undefined ? undefined : toNumber(blank);
    },
    z
      .number({
        error: (issue) => (issue.input === undefined ? `${label} is required.` : `${label} must be a number.`),
      })
      .int(`${label} must be a whole number.`)
      .positive(`${label} must be a positive number.`)
      .max(MAX_ID, `${label} does not exist.`),
  );
}

export function optionalId(label = 'Id') {
  return z.preprocess(
    (value) => {
      if (value === 'null' || value === 0 || value === '0') return undefined;
      const blank = blankToUndefined(trimmed(value));
      return blank === undefined ? undefined : toNumber(blank);
    },
    z
      .number({ error: `${label} must be a number.` })
      .int(`${label} must be a whole number.`)
      .positive(`${label} must be a positive number.`)
      .max(MAX_ID, `${label} does not exist.`)
      .optional(),
  );
}

export function optionalEnum<T extends string>(label: string, values: readonly [T, ...T[]]) {
  return z.preprocess(
    (value) => blankToUndefined(trimmed(value)),
    z.enum(values, { error: `${label} must be one of: ${values.join(', ')}.` }).optional(),
  );
}

export function enumField<T extends string>(label: string, values: readonly [T, ...T[]]) {
  return z.preprocess(
    (value) => blankToUndefined(trimmed(value)),
    z.enum(values, {
      error: (issue) =>
        issue.input === undefined ? `${label} is required.` : `${label} must be one of: ${values.join(', ')}.`,
    }),
  );
}
