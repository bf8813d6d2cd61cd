import type { IsoDate } from '../../domain/dates';
import { type PresetEntry, presetEntry } from '../../domain/reports/presets/entries';
import type { AccountingMapping } from '../../domain/reports/presets/kinds';
import { type Layout, record } from '../../domain/reports/presets/layout';
import { startsNewPart } from '../../domain/reports/presets/xero';
import type { Tx } from '../db/client';
import { journalEntryLines } from './journal-source';
import { Utf8Chunks } from './utf8-chunks';
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

function writeRows(out: Utf8Chunks, layout: Layout, rows: readonly string[][]): void {
  for (const cells of rows) out.write(record(layout, cells));
}

function writeStart(out: Utf8Chunks, layout: Layout, mapping: AccountingMapping): void {
  if (layout.bom) out.write('\ufeff');
  writeRows(out, layout, layout.header(mapping));
}

/** A layout written as one file, each entry as soon as it is read, about 64 KiB at a time. */
export async function writeFile(
  layout: Layout,
  mapping: AccountingMapping,
  entries: AsyncIterable<PresetEntry>,
  sink: Sink,
): Promise<void> {
  const out = new Utf8Chunks();
  writeStart(out, layout, mapping);
  for await (const entry of entries) {
    writeRows(out, layout, layout.rows(entry, mapping));
    if (out.full) await sink(out.take());
  }
  if (!out.empty) await sink(out.take());
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
  // One buffer for every part, each part copied out at its size (a part is a few KiB).
  const out = new Utf8Chunks();
  const partText = () => {
    writeStart(out, layout, mapping);
    for (const entry of part) writeRows(out, layout, layout.rows(entry, mapping));
    return out.copy();
  };
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
