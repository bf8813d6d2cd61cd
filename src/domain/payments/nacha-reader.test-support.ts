/**
 * A strict NACHA reader for tests only: it checks a file the way a receiving bank's front end would,
 * written from the published layout (record types 1, 5, 6, 7, 8, 9 at their positions), sharing no
 * code with the writer — a writer's mistake cannot be repeated here and pass. It answers every
 * problem found, with the line number, and the entries it read.
 */
export interface ReadEntry {
  batch: number;
  sec: string;
  code: string;
  /** The 9-digit routing number (8 digits and the check digit). */
  routing: string;
  account: string;
  cents: number;
  id: string;
  name: string;
  trace: string;
  addenda: number;
}

export interface NachaReading {
  problems: string[];
  entries: ReadEntry[];
  /** From the file control record, once checked. */
  totals: { debits: number; credits: number; batches: number; entryAndAddenda: number };
  header: { destination: string; origin: string; destinationName: string; originName: string };
  batches: Array<{ serviceClass: string; sec: string; companyId: string; effectiveDate: string }>;
}

const CREDIT_CODES = new Set(['21', '22', '23', '24', '31', '32', '33', '34', '41', '42', '43', '51', '52', '53']);
const DEBIT_CODES = new Set(['26', '27', '28', '29', '36', '37', '38', '39', '46', '47', '48', '55', '56']);
const PRENOTE_CODES = new Set(['23', '28', '33', '38', '43', '48', '53']);

/** ABA: 3, 7, 1 weights over the 9 digits sum to a multiple of 10. */
export function abaChecks(routing: string): boolean {
  if (!/^\d{9}$/.test(routing)) return false;
  const weights = [3, 7, 1, 3, 7, 1, 3, 7, 1];
  let total = 0;
  for (let i = 0; i < 9; i++) total += Number(routing[i]) * (weights[i] ?? 0);
  return total % 10 === 0;
}

const field = (line: string, from: number, to: number) => line.slice(from - 1, to);
const isDigits = (text: string) => /^\d+$/.test(text);
const isYymmdd = (text: string) => {
  if (!/^\d{6}$/.test(text)) return false;
  const month = Number(text.slice(2, 4));
  const day = Number(text.slice(4, 6));
  return month >= 1 && month <= 12 && day >= 1 && day <= 31;
};

interface OpenBatch {
  line: number;
  serviceClass: string;
  companyId: string;
  odfi: string;
  number: string;
  sec: string;
  count: number;
  hash: bigint;
  debits: number;
  credits: number;
}

export function readNacha(text: string): NachaReading {
  const reading: NachaReading = {
    problems: [],
    entries: [],
    totals: { debits: 0, credits: 0, batches: 0, entryAndAddenda: 0 },
    header: { destination: '', origin: '', destinationName: '', originName: '' },
    batches: [],
  };
  const problem = (line: number, message: string) => reading.problems.push(`line ${line}: ${message}`);
  const lines = text.replace(/\r?\n$/, '').split(/\r?\n/);
  lines.forEach((line, index) => {
    if (line.length !== 94) problem(index + 1, `${line.length} characters, not 94`);
    if (!/^[\x20-\x7e]*$/.test(line)) problem(index + 1, 'characters outside printable ASCII');
  });
  if (lines.length % 10 !== 0)
    problem(lines.length, `${lines.length} records, not a multiple of 10 (blocking factor 10)`);
  const state = new ReaderState(reading, problem);
  for (const [index, line] of lines.entries()) state.read(line, index + 1);
  state.finish(lines.length);
  return reading;
}

/** What the reader expects next, and the running totals it compares with each control record. */
class ReaderState {
  private expect: 'header' | 'batch-or-control' | 'entry' | 'fill' = 'header';
  private batch: OpenBatch | null = null;
  private lastEntry: ReadEntry | null = null;
  private lastTrace = '';
  private file = { batches: 0, count: 0, hash: 0n, debits: 0, credits: 0 };
  private sawControl = false;

  constructor(
    private readonly reading: NachaReading,
    private readonly problem: (line: number, message: string) => void,
  ) {}

  read(line: string, n: number): void {
    const type = line.charAt(0);
    if (this.expect === 'fill') {
      if (line !== '9'.repeat(94)) this.problem(n, 'a record after the file control that is not all 9s');
    } else if (this.expect === 'header') {
      if (type === '1') this.fileHeader(line, n);
      else this.problem(n, 'the file does not start with a file header (1)');
    } else if (this.expect === 'batch-or-control') {
      if (type === '5') this.batchHeader(line, n);
      else if (type === '9') this.fileControl(line, n);
      else this.problem(n, `record type ${type} where a batch header (5) or file control (9) belongs`);
    } else if (type === '6') this.entry(line, n);
    else if (type === '7') this.addenda(line, n);
    else if (type === '8') this.batchControl(line, n);
    else this.problem(n, `record type ${type} inside a batch`);
  }

  finish(lineCount: number): void {
    if (!this.sawControl) this.problem(lineCount, 'no file control record (9)');
  }

  private fileHeader(line: string, n: number): void {
    if (field(line, 2, 3) !== '01') this.problem(n, 'priority code is not 01');
    const destination = field(line, 4, 13);
    const origin = field(line, 14, 23);
    if (!/^ \d{9}$/.test(destination) || !abaChecks(destination.trim()))
      this.problem(n, `immediate destination "${destination}" is not a blank and a routing number`);
    if (!/^( \d{9}|\d{10})$/.test(origin)) this.problem(n, `immediate origin "${origin}" is not numeric`);
    if (!isYymmdd(field(line, 24, 29))) this.problem(n, 'file creation date is not YYMMDD');
    if (!/^\d{4}$/.test(field(line, 30, 33))) this.problem(n, 'file creation time is not HHMM');
    if (!/^[A-Z0-9]$/.test(field(line, 34, 34))) this.problem(n, 'file id modifier is not A-Z or 0-9');
    if (field(line, 35, 37) !== '094') this.problem(n, 'record size is not 094');
    if (field(line, 38, 39) !== '10') this.problem(n, 'blocking factor is not 10');
    if (field(line, 40, 40) !== '1') this.problem(n, 'format code is not 1');
    this.reading.header = {
      destination: destination.trim(),
      origin: origin.trim(),
      destinationName: field(line, 41, 63).trimEnd(),
      originName: field(line, 64, 86).trimEnd(),
    };
    this.expect = 'batch-or-control';
  }

  private batchHeader(line: string, n: number): void {
    const serviceClass = field(line, 2, 4);
    if (!['200', '220', '225'].includes(serviceClass)) this.problem(n, `service class ${serviceClass}`);
    const companyId = field(line, 41, 50);
    if (companyId.trim() === '') this.problem(n, 'company identification is blank');
    const sec = field(line, 51, 53);
    if (!/^[A-Z]{3}$/.test(sec)) this.problem(n, `SEC code "${sec}"`);
    const effective = field(line, 70, 75);
    if (effective.trim() !== '' && !isYymmdd(effective)) this.problem(n, 'effective entry date is not YYMMDD');
    if (!['0', '1', '2'].includes(field(line, 79, 79))) this.problem(n, 'originator status code');
    const odfi = field(line, 80, 87);
    const number = field(line, 88, 94);
    if (!isDigits(odfi)) this.problem(n, 'originating DFI is not 8 digits');
    if (!isDigits(number)) this.problem(n, 'batch number is not numeric');
    this.batch = { line: n, serviceClass, companyId, odfi, number, sec, count: 0, hash: 0n, debits: 0, credits: 0 };
    this.reading.batches.push({ serviceClass, sec, companyId, effectiveDate: effective });
    this.lastEntry = null;
    this.lastTrace = '';
    this.expect = 'entry';
  }

  private entry(line: string, n: number): void {
    const batch = this.batch;
    if (!batch) return;
    const code = field(line, 2, 3);
    const routing = field(line, 4, 12);
    const amountText = field(line, 30, 39);
    const trace = field(line, 80, 94);
    const isCredit = CREDIT_CODES.has(code);
    if (!isCredit && !DEBIT_CODES.has(code)) this.problem(n, `transaction code ${code}`);
    if (!abaChecks(routing)) this.problem(n, `receiving routing number ${routing} fails the ABA check digit`);
    if (field(line, 13, 29).trim() === '') this.problem(n, 'account number is blank');
    if (!isDigits(amountText)) this.problem(n, 'amount is not numeric');
    const cents = Number(amountText);
    if (PRENOTE_CODES.has(code) && cents !== 0) this.problem(n, 'a prenote with an amount');
    if (batch.serviceClass === '220' && !isCredit) this.problem(n, 'a debit in a credits-only batch (220)');
    if (batch.serviceClass === '225' && isCredit) this.problem(n, 'a credit in a debits-only batch (225)');
    const indicator = field(line, 79, 79);
    if (indicator !== '0' && indicator !== '1') this.problem(n, 'addenda indicator is not 0 or 1');
    if (!/^\d{15}$/.test(trace)) this.problem(n, 'trace number is not 15 digits');
    else if (trace <= this.lastTrace) this.problem(n, 'trace numbers not ascending in the batch');
    if (!trace.startsWith(batch.odfi)) this.problem(n, 'trace number does not start with the originating DFI');
    this.closeEntry(n);
    this.lastTrace = trace;
    batch.count++;
    batch.hash += BigInt(routing.slice(0, 8).replace(/\D/g, '0'));
    if (isCredit) batch.credits += cents;
    else batch.debits += cents;
    const entry: ReadEntry = {
      batch: this.reading.batches.length,
      sec: batch.sec,
      code,
      routing,
      account: field(line, 13, 29).trimEnd(),
      cents,
      id: field(line, 40, 54).trimEnd(),
      name: field(line, 55, 76).trimEnd(),
      trace,
      addenda: indicator === '1' ? -1 : 0,
    };
    this.reading.entries.push(entry);
    this.lastEntry = entry;
  }

  /** An entry whose indicator promised addenda must have at least one. */
  private closeEntry(n: number): void {
    if (this.lastEntry?.addenda === -1) this.problem(n, 'addenda indicator 1 but no addenda record');
  }

  private addenda(line: string, n: number): void {
    const entry = this.lastEntry;
    if (!entry || entry.addenda === 0) {
      this.problem(n, 'an addenda record without an entry that announces it');
      return;
    }
    if (!['05', '98', '99', '02'].includes(field(line, 2, 3))) this.problem(n, `addenda type ${field(line, 2, 3)}`);
    if (field(line, 88, 94) !== entry.trace.slice(8) && field(line, 2, 3) === '05') {
      this.problem(n, 'addenda entry sequence number is not the entry trace number');
    }
    entry.addenda = entry.addenda === -1 ? 1 : entry.addenda + 1;
    if (this.batch) this.batch.count++;
  }

  private batchControl(line: string, n: number): void {
    const batch = this.batch;
    if (!batch) return;
    this.closeEntry(n);
    this.lastEntry = null;
    const expected: Array<[string, string, string]> = [
      ['service class', field(line, 2, 4), batch.serviceClass],
      ['entry/addenda count', field(line, 5, 10), String(batch.count).padStart(6, '0')],
      ['entry hash', field(line, 11, 20), String(batch.hash % 10_000_000_000n).padStart(10, '0')],
      ['total debits', field(line, 21, 32), String(batch.debits).padStart(12, '0')],
      ['total credits', field(line, 33, 44), String(batch.credits).padStart(12, '0')],
      ['company identification', field(line, 45, 54), batch.companyId],
      ['originating DFI', field(line, 80, 87), batch.odfi],
      ['batch number', field(line, 88, 94), batch.number],
    ];
    for (const [name, got, want] of expected)
      if (got !== want) this.problem(n, `batch ${name} ${got}, computed ${want}`);
    if (batch.count === 0) this.problem(n, 'a batch without entries');
    this.file.batches++;
    this.file.count += batch.count;
    this.file.hash += batch.hash;
    this.file.debits += batch.debits;
    this.file.credits += batch.credits;
    this.batch = null;
    this.expect = 'batch-or-control';
  }

  private fileControl(line: string, n: number): void {
    this.sawControl = true;
    const blocks = Math.ceil(n / 10);
    const expected: Array<[string, string, string]> = [
      ['batch count', field(line, 2, 7), String(this.file.batches).padStart(6, '0')],
      ['block count', field(line, 8, 13), String(blocks).padStart(6, '0')],
      ['entry/addenda count', field(line, 14, 21), String(this.file.count).padStart(8, '0')],
      ['entry hash', field(line, 22, 31), String(this.file.hash % 10_000_000_000n).padStart(10, '0')],
      ['total debits', field(line, 32, 43), String(this.file.debits).padStart(12, '0')],
      ['total credits', field(line, 44, 55), String(this.file.credits).padStart(12, '0')],
    ];
    for (const [name, got, want] of expected)
      if (got !== want) this.problem(n, `file ${name} ${got}, computed ${want}`);
    this.reading.totals = {
      debits: this.file.debits,
      credits: this.file.credits,
      batches: this.file.batches,
      entryAndAddenda: this.file.count,
    };
    this.expect = 'fill';
  }
}
