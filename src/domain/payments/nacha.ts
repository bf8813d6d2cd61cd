import type { IsoDate } from '../dates';
import { type Cents, sum } from '../money';
import { type BankAccountType, isValidAbaRouting } from './bank-details';
import { effectiveEntryDate } from './business-days';
import { BLOCKING_FACTOR, FILL_RECORD, numeric } from './nacha-fields';
import {
  type Batch,
  type BatchTotals,
  batchControl,
  batchHeader,
  batchTotals,
  type Entry,
  entryRecord,
  fileControl,
  fileHeader,
} from './nacha-records';
import { toNachaText } from './transliterate';

/**
 * The NACHA (ACH) file of a payment batch (decision 31, docs/decisions.md; docs/payments.md says what
 * each record holds). One PPD batch for individuals (missionaries' personal accounts) and one CCD
 * batch for organisations; each balanced by an offset debit to the organisation's own account when
 * one is set; prenotes (zero-dollar entries) for payees whose details are new.
 */

/** Organisation payment settings, as `GET /api/settings/payments` names them (decision 38). */
export interface NachaSettings {
  company_name: string;
  /** 10 characters, often "1" followed by the EIN. */
  company_id: string;
  /** The originating bank (ODFI): the organisation's bank, whose routing prefixes every trace. */
  origin_routing_number: string;
  origin_bank_name: string;
  /** Where the file goes (the immediate destination, usually the same bank or its ACH operator). */
  destination_routing_number: string;
  destination_bank_name: string;
  /** The organisation's own account at the originating bank: set, each batch gets a balancing debit. */
  offset_account_number: string | null;
  offset_account_type: BankAccountType | null;
}

export interface NachaEntry {
  /** Who is paid: the missionary's or organisation's id (in the 15-character identification field). */
  payee_id: string;
  payee_name: string;
  /** Individuals go in the PPD batch, organisations in the CCD batch. */
  payee_kind: 'individual' | 'organisation';
  routing_number: string;
  account_number: string;
  account_type: BankAccountType;
  /** Cents paid; ignored for a prenote, which is written as $0 (the amount is paid in a later file). */
  amount: Cents;
  prenote: boolean;
}

export interface NachaInput {
  settings: NachaSettings;
  /** The batch's MAT date; entries take effect on it or the next business day. */
  mat_date: IsoDate;
  /** When the file is made (the caller's clock): the date and "HHMM". */
  created_on: IsoDate;
  created_at_time: string;
  /** "A" for the first file of the day, then B, C … (a bank refuses two identical file headers). */
  file_id_modifier?: string;
  /** Up to 8 characters printed in the file header's reference code, e.g. the batch id. */
  reference?: string;
  entries: readonly NachaEntry[];
}

const PPD_DESCRIPTION = 'PAYROLL';
const CCD_DESCRIPTION = 'PAYMENT';
const CREDIT_CODE = { checking: '22', savings: '32' } as const;
const PRENOTE_CODE = { checking: '23', savings: '33' } as const;
const DEBIT_CODE = { checking: '27', savings: '37' } as const;
const MAX_ENTRY_CENTS = 9_999_999_999;

interface TracedBatch extends Batch {
  entries: Array<Entry & { trace: string }>;
}

/** The file: header, a PPD and/or a CCD batch, control, filled with all-9 records to a block of 10. */
export function writeNachaFile(input: NachaInput): string {
  checkInput(input);
  const { settings } = input;
  const effective = effectiveEntryDate(input.mat_date);
  const batches = tracedBatchesOf(input);
  const records = [fileHeader(input)];
  const controls: BatchTotals[] = [];
  batches.forEach((batch, index) => {
    const number = index + 1;
    records.push(batchHeader(settings, batch, input.mat_date, effective, number));
    for (const entry of batch.entries) records.push(entryRecord(entry, entry.trace));
    const totals = batchTotals(batch);
    controls.push(totals);
    records.push(batchControl(settings, batch, totals, number));
  });
  records.push(fileControl(controls, records.length + 1));
  while (records.length % BLOCKING_FACTOR !== 0) records.push(FILL_RECORD);
  return `${records.join('\n')}\n`;
}

function checkInput(input: NachaInput): void {
  const { settings } = input;
  for (const routing of [settings.origin_routing_number, settings.destination_routing_number]) {
    if (!isValidAbaRouting(routing)) throw new RangeError(`not an ABA routing number: ${routing}`);
  }
  if (!/^[A-Za-z0-9 ]{10}$/.test(settings.company_id)) throw new RangeError('company id must be 10 characters');
  if (input.entries.length === 0) throw new RangeError('a NACHA file needs at least one entry');
  for (const entry of input.entries) {
    if (!isValidAbaRouting(entry.routing_number))
      throw new RangeError(`not an ABA routing number: ${entry.routing_number}`);
    if (!/^\d{4,17}$/.test(entry.account_number)) throw new RangeError('an account number is 4 to 17 digits');
    if (entry.prenote) continue;
    if (!Number.isSafeInteger(entry.amount) || entry.amount <= 0 || entry.amount > MAX_ENTRY_CENTS) {
      throw new RangeError(`an entry pays 1 cent to $99,999,999.99, not ${entry.amount}`);
    }
  }
}

function batchesOf(input: NachaInput): Batch[] {
  const batches: Batch[] = [];
  for (const [kind, sec, description] of [
    ['individual', 'PPD', PPD_DESCRIPTION],
    ['organisation', 'CCD', CCD_DESCRIPTION],
  ] as const) {
    const entries = input.entries.filter((entry) => entry.payee_kind === kind).map(entryOf);
    if (entries.length === 0) continue;
    const offset = offsetEntry(input.settings, entries);
    batches.push({ sec, description, entries: offset ? [...entries, offset] : entries });
  }
  return batches;
}

/**
 * Trace numbers: the originating bank's 8 digits and a sequence through the file, in the order the
 * entries are written (the PPD batch, its offset, then the CCD batch and its offset).
 */
function tracedBatchesOf(input: NachaInput): TracedBatch[] {
  const odfi = input.settings.origin_routing_number.slice(0, 8);
  let sequence = 0;
  return batchesOf(input).map((batch) => ({
    ...batch,
    entries: batch.entries.map((entry) => ({ ...entry, trace: `${odfi}${numeric(++sequence, 7)}` })),
  }));
}

/**
 * The trace number each payee's entry gets in the file `writeNachaFile(input)` writes, by payee id
 * (offset entries left out). A batch line keeps it: a return names the entry by its trace number.
 */
export function nachaTraceNumbers(input: NachaInput): Array<{ payee_id: string; trace: string }> {
  checkInput(input);
  return tracedBatchesOf(input).flatMap((batch) =>
    batch.entries.flatMap((entry) =>
      entry.payee_id === null ? [] : [{ payee_id: entry.payee_id, trace: entry.trace }],
    ),
  );
}

function entryOf(entry: NachaEntry): Entry {
  return {
    payee_id: entry.payee_id,
    code: (entry.prenote ? PRENOTE_CODE : CREDIT_CODE)[entry.account_type],
    routing: entry.routing_number,
    account: entry.account_number,
    amount: entry.prenote ? 0 : entry.amount,
    id: toNachaText(entry.payee_id),
    name: toNachaText(entry.payee_name, `PAYEE ${entry.payee_id}`),
  };
}

/**
 * The balancing debit: the batch's credits taken from the organisation's own account at the
 * originating bank, so the batch nets to zero. None when no offset account is set (the bank then
 * offsets the file itself) or when the batch holds only prenotes.
 */
function offsetEntry(settings: NachaSettings, entries: Entry[]): Entry | null {
  const { offset_account_number: account, offset_account_type: type } = settings;
  const credits = sum(entries.map((entry) => entry.amount));
  if (!account || !type || credits === 0) return null;
  return {
    payee_id: null,
    code: DEBIT_CODE[type],
    routing: settings.origin_routing_number,
    account,
    amount: credits,
    id: 'OFFSET',
    name: toNachaText(settings.company_name, 'OFFSET'),
  };
}
