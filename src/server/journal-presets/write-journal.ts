import type { IsoDate } from '../../domain/dates';
import { type PresetEntry, presetEntry } from '../../domain/reports/presets/entries';
import type { AccountingMapping } from '../../domain/reports/presets/kinds';
import { type Layout, record } from '../../domain/reports/presets/layout';
import { startsNewPart } from '../../domain/reports/presets/xero';
import type { Tx } from '../db/client';
import { journalEntryLines } from './journal-source';
import { ZipWriter } from './zip';

/** The entries of a range in the organisation's accounts, one at a time. */
export async function* presetEntries(
  tx: Tx,
  range: { from: IsoDate; to: IsoDate },
  mapping: AccountingMapping,
): AsyncGenerator<PresetEntry> {
  for await (const lines of journalEntryLines(tx, range.from, range.to)) yield presetEntry(lines, mapping);
}

type Sink = (chunk: Buffer) => Promise<void>;

function text(layout: Layout, rows: readonly string[][]): string {
  return rows.map((cells) => record(layout, cells)).join('');
}

function fileStart(layout: Layout, mapping: AccountingMapping): string {
  return (layout.bom ? '\ufeff' : '') + text(layout, layout.header(mapping));
}

/** A layout written as one file, each entry as soon as it is read. */
export async function writeFile(
  layout: Layout,
  mapping: AccountingMapping,
  entries: AsyncIterable<PresetEntry>,
  sink: Sink,
): Promise<void> {
  let chunk = fileStart(layout, mapping);
  for await (const entry of entries) {
    chunk += text(layout, layout.rows(entry, mapping));
    // Entries are small; writing about 64 KiB at a time keeps the socket busy without many tiny writes.
    if (chunk.length >= 65_536) {
      await sink(Buffer.from(chunk, 'utf8'));
      chunk = '';
    }
  }
  if (chunk) await sink(Buffer.from(chunk, 'utf8'));
}

export type XeroAnswer = { kind: 'csv' } | { kind: 'zip' };

/**
 * Xero's import takes at most 300 lines a file. The first part is gathered before anything is sent:
 * if the range fits it is answered as one CSV, otherwise as a zip of parts (part01.csv, …), each
 * closed before the entry that would pass the limit. `start` says which, before the first byte.
 */
export async function writeXero(
  layout: Layout,
  mapping: AccountingMapping,
  entries: AsyncIterator<PresetEntry>,
  start: (answer: XeroAnswer) => Sink,
  partName: (index: number) => string,
): Promise<void> {
  let part: PresetEntry[] = [];
  let lines = 0;
  const partText = () =>
    Buffer.from(fileStart(layout, mapping) + part.map((e) => text(layout, layout.rows(e, mapping))).join(''), 'utf8');
  let next = await entries.next();
  while (!next.done && !startsNewPart(lines, next.value.lines.length)) {
    part.push(next.value);
    lines += next.value.lines.length;
    next = await entries.next();
  }
  if (next.done) {
    await start({ kind: 'csv' })(partText());
    return;
  }
  const zip = new ZipWriter(start({ kind: 'zip' }));
  let index = 1;
  while (!next.done) {
    if (startsNewPart(lines, next.value.lines.length)) {
      await zip.add(partName(index++), partText());
      part = [];
      lines = 0;
    }
    part.push(next.value);
    lines += next.value.lines.length;
    next = await entries.next();
  }
  await zip.add(partName(index), partText());
  await zip.finish();
}
