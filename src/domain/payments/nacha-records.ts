import type { IsoDate } from '../dates';
import { type Cents, sum } from '../money';
import type { NachaInput, NachaSettings } from './nacha';
import { alpha, BLOCKING_FACTOR, numeric, record, yymmdd } from './nacha-fields';
import { toNachaText } from './transliterate';

/**
 * The five NACHA record types Sheepfold writes, field by field at the positions of the published
 * layout (docs/payments.md "The NACHA file"), and the batch totals their control records carry.
 */
/** One entry as written: its transaction code, amount and the fields around them. */
export interface Entry {
  /** The payee's id as given, or null for the offset entry. */
  payee_id: string | null;
  code: string;
  routing: string;
  account: string;
  amount: Cents;
  id: string;
  name: string;
}

export interface Batch {
  sec: 'PPD' | 'CCD';
  description: string;
  entries: Entry[];
}

const isDebit = (code: string) => code === '27' || code === '37';

export interface BatchTotals {
  count: number;
  hash: bigint;
  debits: Cents;
  credits: Cents;
}

export function batchTotals(batch: Batch): BatchTotals {
  const debits = sum(batch.entries.filter((entry) => isDebit(entry.code)).map((entry) => entry.amount));
  const credits = sum(batch.entries.filter((entry) => !isDebit(entry.code)).map((entry) => entry.amount));
  const hash = batch.entries.reduce((total, entry) => total + BigInt(entry.routing.slice(0, 8)), 0n);
  return { count: batch.entries.length, hash, debits, credits };
}

/** 200 mixed debits and credits (a balanced batch), 220 credits only. */
export const serviceClass = (batch: Batch) => (batch.entries.some((entry) => isDebit(entry.code)) ? '200' : '220');
const lowTen = (hash: bigint) => numeric(hash % 10_000_000_000n, 10);

export function fileHeader(input: NachaInput): string {
  const { settings } = input;
  const modifier = input.file_id_modifier ?? 'A';
  if (!/^[A-Z0-9]$/.test(modifier)) throw new RangeError('the file id modifier is one of A-Z, 0-9');
  if (!/^\d{4}$/.test(input.created_at_time)) throw new RangeError('the creation time is HHMM');
  return record(
    '1',
    '01',
    ` ${settings.destination_routing_number}`,
    ` ${settings.origin_routing_number}`,
    yymmdd(input.created_on),
    input.created_at_time,
    modifier,
    '094',
    numeric(BLOCKING_FACTOR, 2),
    '1',
    alpha(toNachaText(settings.destination_bank_name), 23),
    alpha(toNachaText(settings.company_name), 23),
    alpha(toNachaText(input.reference ?? ''), 8),
  );
}

const MONTHS = ['JAN', 'FEB', 'MAR', 'APR', 'MAY', 'JUN', 'JUL', 'AUG', 'SEP', 'OCT', 'NOV', 'DEC'];

export function batchHeader(
  settings: NachaSettings,
  batch: Batch,
  mat: IsoDate,
  effective: IsoDate,
  number: number,
): string {
  // The descriptive date is what the payee's statement shows beside the description: "NOV 26".
  const descriptive = `${MONTHS[Number(mat.slice(5, 7)) - 1] ?? ''} ${mat.slice(2, 4)}`;
  return record(
    '5',
    serviceClass(batch),
    alpha(toNachaText(settings.company_name), 16),
    alpha('', 20),
    alpha(settings.company_id, 10),
    batch.sec,
    alpha(batch.description, 10),
    alpha(descriptive, 6),
    yymmdd(effective),
    alpha('', 3),
    '1',
    settings.origin_routing_number.slice(0, 8),
    numeric(number, 7),
  );
}

export function entryRecord(entry: Entry, trace: string): string {
  return record(
    '6',
    entry.code,
    entry.routing,
    alpha(entry.account, 17),
    numeric(entry.amount, 10),
    alpha(entry.id, 15),
    alpha(entry.name, 22),
    '  ',
    '0',
    trace,
  );
}

export function batchControl(settings: NachaSettings, batch: Batch, totals: BatchTotals, number: number): string {
  return record(
    '8',
    serviceClass(batch),
    numeric(totals.count, 6),
    lowTen(totals.hash),
    numeric(totals.debits, 12),
    numeric(totals.credits, 12),
    alpha(settings.company_id, 10),
    alpha('', 19),
    alpha('', 6),
    settings.origin_routing_number.slice(0, 8),
    numeric(number, 7),
  );
}

/** `recordsBeforeFill`: every record up to and including this one, before the 9-fill. */
export function fileControl(batches: BatchTotals[], recordsBeforeFill: number): string {
  const blocks = Math.ceil(recordsBeforeFill / BLOCKING_FACTOR);
  return record(
    '9',
    numeric(batches.length, 6),
    numeric(blocks, 6),
    numeric(sum(batches.map((batch) => batch.count)), 8),
    lowTen(batches.reduce((total, batch) => total + batch.hash, 0n)),
    numeric(sum(batches.map((batch) => batch.debits)), 12),
    numeric(sum(batches.map((batch) => batch.credits)), 12),
    alpha('', 39),
  );
}
