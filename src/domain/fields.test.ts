import type { z } from 'zod';
import {
  dateField,
  decimalField,
  emailField,
  enumField,
  flag01,
  idField,
  moneyField,
  optionalDate,
  optionalEnum,
  optionalFlag01,
  optionalId,
  optionalMoney,
  optionalText,
  percentField,
  requiredText,
} from './fields';

/** `{value}` on success, `{error}` with the first message on failure. */
function run(schema: z.ZodType, input: unknown): { value: unknown } | { error: string } {
  const result = schema.safeParse(input);
  return result.success ? { value: result.data } : { error: result.error.issues[0].message };
}

const ok = (value: unknown) => ({ value });
const fails = (error: string) => ({ error });

describe('requiredText and optionalText', () => {
  it.each([
    ['  Ruth  ', ok('Ruth')], // trimmed
    [42, ok('42')], // numbers from JSON become text
    ['', fails('Name is required.')],
    ['   ', fails('Name is required.')],
    [undefined, fails('Name is required.')],
    [null, fails('Name is required.')],
    [{}, fails('Name must be text.')],
    ['x'.repeat(11), fails('Name must be at most 10 characters.')],
  ])('requiredText(%j)', (input, expected) => {
    expect(run(requiredText('Name', 10), input)).toEqual(expected);
  });

  it.each([
    [' M-1001 ', ok('M-1001')],
    ['', ok(undefined)], // blank means "not given"
    ['  ', ok(undefined)],
    [null, ok(undefined)],
    [undefined, ok(undefined)],
    ['x'.repeat(11), fails('Account # must be at most 10 characters.')],
    [[], fails('Account # must be text.')],
  ])('optionalText(%j)', (input, expected) => {
    expect(run(optionalText('Account #', 10), input)).toEqual(expected);
  });
});

describe('emailField', () => {
  it.each([
    ['  Ruth@Field.Example ', ok('ruth@field.example')], // trimmed and lower-cased
    ['a@b.org', ok('a@b.org')],
    ['', fails('Email is required.')],
    [undefined, fails('Email is required.')],
    ['not-an-email', fails('Email must be a valid email address.')],
    ['two@@at.org', fails('Email must be a valid email address.')],
    [7, fails('Email must be text.')],
    [`${'x'.repeat(250)}@b.org`, fails('Email must be at most 255 characters.')],
  ])('%j', (input, expected) => {
    expect(run(emailField(), input)).toEqual(expected);
  });
});

describe('moneyField and optionalMoney: dollars in, cents out', () => {
  it.each([
    ['12.34', ok(1234)],
    [12.34, ok(1234)],
    ['2500.5', ok(250050)], // one decimal: 2500.50
    [' 800 ', ok(80000)],
    ['0', ok(0)],
    ['', fails('Net Salary is required.')],
    [undefined, fails('Net Salary is required.')],
    [null, fails('Net Salary is required.')],
    ['abc', fails('Net Salary must be a dollar amount with at most 2 decimals.')],
    // Decision 23: a comma followed by three digits may be a thousands separator, so it is refused.
    [
      '1,000',
      fails(
        'Net Salary has a comma that is not a decimal comma (at most 2 digits may follow it): write it without a thousands separator, e.g. 1234 or 1234,50.',
      ),
    ],
    ['12,50', ok(1250)], // decision 23: a decimal comma
    ['12.345', fails('Net Salary must be a dollar amount with at most 2 decimals.')],
    [1.005, fails('Net Salary must be a dollar amount with at most 2 decimals.')],
    ['-1', fails('Net Salary cannot be negative.')],
    [true, fails('Net Salary must be an amount.')],
  ])('moneyField(%j)', (input, expected) => {
    expect(run(moneyField('Net Salary'), input)).toEqual(expected);
  });

  it.each([
    ['-250.75', ok(-25075)],
    [-3, ok(-300)],
  ])('moneyField with allowNegative(%j)', (input, expected) => {
    expect(run(moneyField('Fund Balance', { allowNegative: true }), input)).toEqual(expected);
  });

  it.each([
    ['', ok(undefined)],
    [undefined, ok(undefined)],
    [null, ok(undefined)],
    ['7.5', ok(750)],
    ['x', fails('Wire Fee must be a dollar amount with at most 2 decimals.')],
    ['-7', fails('Wire Fee cannot be negative.')],
  ])('optionalMoney(%j)', (input, expected) => {
    expect(run(optionalMoney('Wire Fee'), input)).toEqual(expected);
  });
});

describe('decimalField and percentField: exact text', () => {
  it.each([
    ['6.2', ok('6.2')],
    [6.2, ok('6.2')],
    ['+0.70', ok('0.70')],
    [' 1.45 ', ok('1.45')],
    ['0.621371', ok('0.621371')],
    ['0.6213711', fails('Rate can have at most 6 decimals.')],
    ['abc', fails('Rate must be a number.')],
    ['1e3', fails('Rate must be a number.')],
    ['1,5', ok('1.5')], // decision 23: a decimal comma
    ['', fails('Rate is required.')],
    [undefined, fails('Rate is required.')],
    [true, fails('Rate must be a number.')],
  ])('decimalField(%j)', (input, expected) => {
    expect(run(decimalField('Rate'), input)).toEqual(expected);
  });

  it.each([
    ['-1', fails('Rate must be at least 0.')],
    ['10.01', fails('Rate must be at most 10.')],
    ['10', ok('10')],
    ['0', ok('0')],
    ['1.123', fails('Rate can have at most 2 decimals.')],
  ])('decimalField with bounds(%j)', (input, expected) => {
    expect(run(decimalField('Rate', { min: 0, max: 10, scale: 2 }), input)).toEqual(expected);
  });

  it.each([
    ['6.2', ok('6.2')],
    ['100', ok('100')],
    ['100.0001', fails('Admin Fee % must be at most 100.')],
    ['-0.5', fails('Admin Fee % must be at least 0.')],
    ['6.12345', fails('Admin Fee % can have at most 4 decimals.')],
    ['ten', fails('Admin Fee % must be a number.')],
  ])('percentField(%j)', (input, expected) => {
    expect(run(percentField('Admin Fee %'), input)).toEqual(expected);
  });
});

describe('flag01 and optionalFlag01 (docs/product.md keeps flags as 0/1)', () => {
  it.each([
    [1, ok(true)],
    ['1', ok(true)],
    [true, ok(true)],
    ['true', ok(true)],
    ['on', ok(true)], // an HTML checkbox
    [0, ok(false)],
    ['0', ok(false)],
    [false, ok(false)],
    ['false', ok(false)],
    ['', ok(false)],
    [undefined, ok(false)],
    ['yes', fails('FICA Tax must be 0 or 1.')],
    [2, fails('FICA Tax must be 0 or 1.')],
  ])('flag01(%j)', (input, expected) => {
    expect(run(flag01('FICA Tax'), input)).toEqual(expected);
  });

  it.each([
    [undefined, ok(undefined)], // absent: leave as it is
    [null, ok(undefined)],
    ['1', ok(true)],
    ['0', ok(false)],
    ['maybe', fails('Mileage must be 0 or 1.')],
  ])('optionalFlag01(%j)', (input, expected) => {
    expect(run(optionalFlag01('Mileage'), input)).toEqual(expected);
  });
});

describe('dateField and optionalDate', () => {
  it.each([
    ['2026-11-21', ok('2026-11-21')],
    [' 2024-02-29 ', ok('2024-02-29')],
    ['2026-02-29', fails('Date must be a date (YYYY-MM-DD).')],
    ['11/21/2026', fails('Date must be a date (YYYY-MM-DD).')],
    ['', fails('Date is required.')],
    [undefined, fails('Date is required.')],
  ])('dateField(%j)', (input, expected) => {
    expect(run(dateField(), input)).toEqual(expected);
  });

  it.each([
    ['', ok(undefined)],
    [undefined, ok(undefined)],
    ['2026-01-31', ok('2026-01-31')],
    ['2026-01-32', fails('MAT Date must be a date (YYYY-MM-DD).')],
  ])('optionalDate(%j)', (input, expected) => {
    expect(run(optionalDate('MAT Date'), input)).toEqual(expected);
  });
});

describe('idField and optionalId', () => {
  it.each([
    ['12', ok(12)],
    [12, ok(12)],
    [' 7 ', ok(7)],
    ['0', fails('User id must be a positive number.')],
    ['-3', fails('User id must be a positive number.')],
    ['1.5', fails('User id must be a whole number.')],
    ['abc', fails('User id must be a number.')],
    ['', fails('User id is required.')],
    [undefined, fails('User id is required.')],
  ])('idField(%j)', (input, expected) => {
    expect(run(idField('User id'), input)).toEqual(expected);
  });

  it.each([
    ['', ok(undefined)],
    ['null', ok(undefined)], // what form clients send for "none"
    [0, ok(undefined)],
    ['0', ok(undefined)],
    [undefined, ok(undefined)],
    ['9', ok(9)],
    ['-9', fails('Hold account must be a positive number.')],
    ['x', fails('Hold account must be a number.')],
  ])('optionalId(%j)', (input, expected) => {
    expect(run(optionalId('Hold account'), input)).toEqual(expected);
  });
});

describe('enumField and optionalEnum', () => {
  const roles = ['admin', 'employee', 'missionary'] as const;

  it.each([
    ['missionary', ok('missionary')],
    [' admin ', ok('admin')],
    ['', fails('Role is required.')],
    [undefined, fails('Role is required.')],
    ['superuser', fails('Role must be one of: admin, employee, missionary.')],
    ['Admin', fails('Role must be one of: admin, employee, missionary.')], // exact values only
  ])('enumField(%j)', (input, expected) => {
    expect(run(enumField('Role', roles), input)).toEqual(expected);
  });

  it.each([
    ['', ok(undefined)],
    [undefined, ok(undefined)],
    ['W2 Exempt', ok('W2 Exempt')],
    ['W3', fails('Tax Status must be one of: W2, 1099, W2 Exempt.')],
  ])('optionalEnum(%j)', (input, expected) => {
    expect(run(optionalEnum('Tax Status', ['W2', '1099', 'W2 Exempt'] as const), input)).toEqual(expected);
  });
});
