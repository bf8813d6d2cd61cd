import { formatUSDate, type IsoDate } from '../../domain/dates';
import type { Cents } from '../../domain/money';
import type { BankAccountType, BankDetails } from '../../domain/payments/bank-details';
import { effectiveEntryDate } from '../../domain/payments/business-days';
import { checkRegisterTable } from '../../domain/payments/check-register';
import { type NachaEntry, writeNachaFile } from '../../domain/payments/nacha';
import { type Pain001Transfer, writePain001 } from '../../domain/payments/pain001';
import type { PaymentSettings } from '../../domain/payments/payment-settings';
import { writeCsv } from '../reports/write-csv';
import type { BatchFiles } from './sealed';

/** A line as the files need it: who, how much, and the payee's details opened for this one use. */
export interface FileLine {
  lineId: number;
  userId: number;
  userName: string;
  missionaryNumber: string | null;
  amount: Cents;
  status: 'paid' | 'prenote';
  details: BankDetails;
}

/**
 * The files of a release (docs/payments.md "Release"), written by the domain's writers: NACHA for
 * ACH payments and prenotes, pain.001 for wires, a check register for checks; null where the batch
 * has no such line. Entries take effect on `payDate` (the MAT date, or today when released later) or
 * the next business day.
 */
export function buildBatchFiles(
  batch: { id: number; matDate: IsoDate },
  payDate: IsoDate,
  settings: PaymentSettings,
  lines: readonly FileLine[],
  now: Date,
  fileIdModifier: string,
): BatchFiles {
  const ach = lines.filter((l) => l.details.payout_method === 'ach');
  const wires = lines.filter((l) => l.details.payout_method === 'wire' && l.status === 'paid');
  const checks = lines.filter((l) => l.details.payout_method === 'check' && l.status === 'paid');
  const iso = now.toISOString();
  return {
    nacha: ach.length === 0 ? null : nachaOf(batch, payDate, settings, ach, iso, fileIdModifier),
    pain001: wires.length === 0 ? null : painOf(batch, payDate, settings, wires, iso),
    checks: checks.length === 0 ? null : checkRegisterOf(batch, payDate, checks),
  };
}

function nachaOf(
  batch: { id: number },
  payDate: IsoDate,
  settings: PaymentSettings,
  lines: readonly FileLine[],
  iso: string,
  fileIdModifier: string,
): string {
  const origin = settings.origin_routing_number ?? '';
  const entries: NachaEntry[] = lines.map((line) => ({
    payee_id: line.missionaryNumber ?? String(line.userId),
    payee_name: line.userName,
    payee_kind: 'individual',
    routing_number: line.details.bank_routing_number ?? '',
    account_number: line.details.bank_account_number ?? '',
    account_type: (line.details.bank_account_type ?? 'checking') as BankAccountType,
    amount: line.status === 'prenote' ? 0 : line.amount,
    prenote: line.status === 'prenote',
  }));
  return writeNachaFile({
    settings: {
      company_name: settings.company_name ?? '',
      company_id: settings.company_id ?? '',
      origin_routing_number: origin,
      origin_bank_name: settings.origin_bank_name ?? '',
      // Without a destination of its own the file goes to the originating bank itself, as most do.
      destination_routing_number: settings.destination_routing_number ?? origin,
      destination_bank_name: settings.destination_bank_name ?? settings.origin_bank_name ?? '',
      offset_account_number: settings.offset_account_number,
      offset_account_type: settings.offset_account_type as BankAccountType | null,
    },
    mat_date: payDate,
    created_on: iso.slice(0, 10),
    created_at_time: iso.slice(11, 13) + iso.slice(14, 16),
    file_id_modifier: fileIdModifier,
    reference: `PB${batch.id}`.slice(0, 8),
    entries,
  });
}

function painOf(
  batch: { id: number; matDate: IsoDate },
  payDate: IsoDate,
  settings: PaymentSettings,
  lines: readonly FileLine[],
  iso: string,
): string {
  const transfers: Pain001Transfer[] = lines.map((line) => ({
    end_to_end_id: `B${batch.id}-L${line.lineId}`,
    beneficiary_name: line.details.beneficiary_name ?? line.userName,
    bank_country: line.details.bank_country ?? '',
    iban: line.details.iban,
    account_number: line.details.iban ? null : line.details.bank_account_number,
    bic: line.details.bic ?? '',
    bank_name: line.details.bank_name,
    currency: 'USD',
    amount_minor: line.amount,
    remittance: `Support for MAT Day ${formatUSDate(batch.matDate)}`,
  }));
  return writePain001({
    message_id: `SHEEPFOLD-PB${batch.id}-${iso.slice(0, 10).replaceAll('-', '')}`,
    created_at: `${iso.slice(0, 19)}Z`,
    // A banking day, as the ACH entries' effective date: a bank does not execute on a weekend or holiday.
    requested_execution_date: effectiveEntryDate(payDate),
    settings: {
      company_name: settings.company_name ?? settings.debtor_name ?? '',
      debtor_name: settings.debtor_name ?? '',
      debtor_iban: settings.debtor_iban,
      debtor_account_number: settings.debtor_iban ? null : settings.debtor_account_number,
      debtor_bic: settings.debtor_bic ?? '',
    },
    transfers,
  });
}

/**
 * The check register: the domain's table (one row per check, by payee, a blank "Check #" for the
 * number used), written by the reports' CSV writer, which escapes text against formula injection.
 */
function checkRegisterOf(batch: { matDate: IsoDate }, payDate: IsoDate, lines: readonly FileLine[]): string {
  const table = checkRegisterTable(
    lines.map((line) => ({
      date: payDate,
      payee_name: line.details.beneficiary_name ?? line.userName,
      payee_id: line.missionaryNumber ?? '',
      amount: line.amount,
      memo: `Support for MAT Day ${formatUSDate(batch.matDate)}`,
    })),
  );
  return writeCsv(table).toString('utf8');
}
