import type { IsoDate } from '../dates';
import type { Cents } from '../money';
import { ACH_CHANGE_REASONS, ACH_RETURN_REASONS } from './return-reasons';

/**
 * A bank's ACH return file read (decision 31, docs/decisions.md; docs/payments.md "Returns"): each
 * entry that comes back carries an addenda record naming the original entry's trace number and a
 * code — type 99 for a return (R01–R85: the money did not arrive and comes back), type 98 for a
 * notification of change (C01–C14: it arrived, but the details must be corrected). The reader is
 * lenient about what banks vary in (right-trimmed lines, missing fill) and says what it skipped.
 */
export interface AchNotice {
  kind: 'return' | 'change';
  /** R01 … R85, or C01 … C14. */
  code: string;
  /** The code's meaning, null for a code not in the NACHA tables. */
  reason: string | null;
  /** The trace number of the entry Sheepfold sent, which the batch line keeps. */
  original_trace: string;
  /** The returned amount in cents (0 for a change or a returned prenote). */
  amount: Cents;
  routing_number: string;
  account_number: string;
  payee_id: string;
  payee_name: string;
  /** R14 and R15 returns may carry the account holder's date of death. */
  date_of_death: IsoDate | null;
  /** A change's corrected data, e.g. the right account number (C01). */
  corrected_data: string | null;
}

export interface AchReturnReading {
  notices: AchNotice[];
  /** Lines that could not be read as part of a return: line number and why. */
  problems: string[];
}

const at = (line: string, from: number, to: number) => line.slice(from - 1, to);

/** "YYMMDD" → "20YY-MM-DD" (return files are recent), or null when blank or not a date. */
function dateOf(yymmdd: string): IsoDate | null {
  if (!/^\d{6}$/.test(yymmdd)) return null;
  const month = Number(yymmdd.slice(2, 4));
  const day = Number(yymmdd.slice(4, 6));
  if (month < 1 || month > 12 || day < 1 || day > 31) return null;
  return `20${yymmdd.slice(0, 2)}-${yymmdd.slice(2, 4)}-${yymmdd.slice(4, 6)}`;
}

export function readAchReturnFile(text: string): AchReturnReading {
  const notices: AchNotice[] = [];
  const problems: string[] = [];
  let entry: { line: number; record: string; answered: boolean } | null = null;
  const unanswered = () => {
    if (entry && !entry.answered) problems.push(`line ${entry.line}: an entry without a return or change addenda`);
  };
  const lines = text.split(/\r?\n/);
  for (const [index, raw] of lines.entries()) {
    const line = raw.padEnd(94, ' ');
    const type = line.charAt(0);
    if (type === '6') {
      unanswered();
      entry = { line: index + 1, record: line, answered: false };
    } else if (type === '7') {
      const notice = entry ? noticeOf(entry.record, line) : null;
      if (entry && notice) {
        notices.push(notice);
        entry.answered = true;
      } else if (at(line, 2, 3) === '98' || at(line, 2, 3) === '99' || !entry) {
        problems.push(`line ${index + 1}: an addenda record that cannot be read as a return`);
      }
    } else if (type === '8' || type === '9') {
      unanswered();
      entry = null;
    } else if (type !== '1' && type !== '5' && raw.trim() !== '') {
      problems.push(`line ${index + 1}: record type "${type}" is not NACHA`);
    }
  }
  return { notices, problems };
}

function noticeOf(entry: string, addenda: string): AchNotice | null {
  const addendaType = at(addenda, 2, 3);
  if (addendaType !== '98' && addendaType !== '99') return null;
  const code = at(addenda, 4, 6);
  const originalTrace = at(addenda, 7, 21);
  const amount = at(entry, 30, 39);
  if (!/^[RC]\d{2}$/.test(code) || !/^\d{15}$/.test(originalTrace) || !/^\d{10}$/.test(amount)) return null;
  const isReturn = addendaType === '99';
  return {
    kind: isReturn ? 'return' : 'change',
    code,
    reason: (isReturn ? ACH_RETURN_REASONS : ACH_CHANGE_REASONS)[code] ?? null,
    original_trace: originalTrace,
    amount: Number(amount),
    routing_number: at(entry, 4, 12),
    account_number: at(entry, 13, 29).trim(),
    payee_id: at(entry, 40, 54).trim(),
    payee_name: at(entry, 55, 76).trim(),
    date_of_death: isReturn ? dateOf(at(addenda, 22, 27)) : null,
    corrected_data: isReturn ? null : at(addenda, 36, 64).trim(),
  };
}
