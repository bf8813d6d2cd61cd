import { formatUSD, fromDollars, sum } from '../../../domain/money';
import type { PayoutMethod } from '../../../domain/payments/bank-details';
import type { TPaymentBatch, TPaymentLine } from '../../../domain/payments/contract';
import { date, money } from '../../format';

export const METHOD_NAMES: Record<PayoutMethod, string> = { ach: 'ACH', wire: 'Wire', check: 'Check', none: 'None' };

const STATUS_LABELS: Record<TPaymentLine['status'], string> = {
  pending: 'To pay',
  held: 'Held',
  prenote: 'Prenote',
  paid: 'Paid',
  returned: 'Returned',
};

/**
 * Chip colours with white text at 4.5:1 or more (MUI's own warning and info fall short of axe's
 * contrast rule); the words say the status, the colour only helps the eye.
 */
export const STATUS_COLORS: Record<TPaymentLine['status'], string> = {
  pending: '#5f6368',
  held: '#8a4b00',
  prenote: '#01579b',
  paid: '#2e6b34',
  returned: '#b71c1c',
};

export const statusLabel = (status: TPaymentLine['status']) => STATUS_LABELS[status];

const plural = (count: number, one: string, many = `${one}s`) => `${count} ${count === 1 ? one : many}`;

/** The files a release makes for these totals, by name, as the Files card lists them afterwards. */
function filesOf(batch: TPaymentBatch): string[] {
  const methods = new Set(batch.totals.map((total) => total.method));
  const files: string[] = [];
  if (methods.has('ach') || batch.prenote_count > 0) files.push('a NACHA file for the bank (ACH)');
  if (methods.has('wire')) files.push('an ISO 20022 pain.001 file (wires)');
  if (methods.has('check')) files.push('a check register (CSV)');
  return files;
}

/** Wires go in US dollars whatever the account's currency (docs/payments.md "Release"). */
function wireNote(total: TPaymentBatch['totals'][number]): string {
  if (total.method !== 'wire') return '';
  return total.currency === 'USD' ? ', sent in US dollars' : `, accounts in ${total.currency}, sent in US dollars`;
}

/**
 * What releasing the batch does, in money: the total and the payees, each method's part, the prenotes
 * (which move no money), and the files it makes. The release dialog says it before the click.
 */
export function releaseSummary(batch: TPaymentBatch): string[] {
  const payees = batch.totals.reduce((sum, total) => sum + total.count, 0);
  const parts = batch.totals.map(
    (total) =>
      `${METHOD_NAMES[total.method]} ${money(total.amount)} (${plural(total.count, 'payee')}${wireNote(total)})`,
  );
  const sentences = [
    `Pays ${money(batch.total)} to ${plural(payees, 'payee')}${parts.length ? `: ${parts.join('; ')}` : ''}.`,
  ];
  if (batch.prenote_count > 0)
    sentences.push(
      `${plural(batch.prenote_count, 'prenote')} of $0.00 test new ACH accounts; what those payees are owed waits for a later batch.`,
    );
  const files = filesOf(batch);
  if (files.length) sentences.push(`Makes ${files.join(', ')}. Nothing is sent to a bank: you upload the files.`);
  sentences.push(
    'The batch is then frozen: its lines cannot change, and a payment that comes back is recorded as a return.',
  );
  return sentences;
}

/** Why Release cannot be pressed yet, or null when it can. */
export function releaseBlocker(batch: TPaymentBatch): string | null {
  if (batch.status !== 'draft') return null;
  if (batch.held_count > 0)
    return `${plural(batch.held_count, 'line is', 'lines are')} held: clear ${batch.held_count === 1 ? 'it' : 'them'} or leave ${batch.held_count === 1 ? 'it' : 'them'} out before releasing.`;
  if (batch.lines.length === 0) return 'This batch has no lines left: discard it.';
  return null;
}

/** What recording a return does, for its confirmation. */
export function returnSentence(line: TPaymentLine): string {
  return `${money(line.amount)} goes back to ${line.user_name}'s fund, with a journal row. ${line.user_name} is mailed and held in later batches until their bank details change.`;
}

/** What the batch's lines owe, held or not, in dollars as the page shows them. */
export function owedTotal(batch: TPaymentBatch): string {
  return formatUSD(sum(batch.lines.map((line) => fromDollars(line.amount))));
}

/** The page's one-line summary: what the lines owe, what a release pays as it stands, and what is held. */
export function batchHeadline(batch: TPaymentBatch): string {
  const owed = owedTotal(batch);
  const lines = plural(batch.lines.length, 'payee');
  if (batch.status === 'released') return `MAT date ${date(batch.mat_date)} · ${lines} · paid ${money(batch.total)}`;
  const held = batch.held_count > 0 ? ` · ${batch.held_count} held` : '';
  return `MAT date ${date(batch.mat_date)} · ${lines} owed ${owed} · release pays ${money(batch.total)}${held}`;
}

/**
 * When to upload the files: before the bank's cut-off on the banking day before the effective date,
 * or at once when the batch was released too late for that (the entries then settle at the next chance).
 */
export function uploadAdvice(batch: TPaymentBatch): string {
  const effective = batch.effective_date;
  const released = batch.released_at?.slice(0, 10);
  if (!effective || !released) return 'Upload each file to your bank.';
  if (effective > released)
    return `Upload each file to your bank before its cut-off on the banking day before ${date(effective)}, when the entries take effect.`;
  return `Upload each file to your bank today: the entries ask to take effect on ${date(effective)}, so the bank settles them at its next opportunity.`;
}
