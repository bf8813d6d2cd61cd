import { PassThrough, Readable } from 'node:stream';
import ExcelJS from 'exceljs';
import type { FastifyReply } from 'fastify';
import { type Cents, toDollars } from '../../domain/money';
import { type Cell, type Column, csvText, escapeFormula, type ReportTable } from '../../domain/reports/table';
import { CONTENT_TYPES } from '../reports/send-file';

/**
 * Streamed downloads for reports that may hold thousands of rows: the rows go out as they are
 * written, in chunks, so the first bytes leave at once and no whole file sits in memory twice.
 * The same layout rules as the buffered writers (src/server/reports/write-*.ts): CSV with a BOM and
 * CRLF, text escaped against formulas; Excel with typed cells and a totals row.
 */

const CHUNK_ROWS = 500;

function csvLine(cells: readonly string[]): string {
  return `${cells.map((cell) => (/[",\r\n]/.test(cell) ? `"${cell.replaceAll('"', '""')}"` : cell)).join(',')}\r\n`;
}

/** CSV rows as a stream of chunks of 500 lines. */
export function csvStream(table: ReportTable): Readable {
  const { columns, rows } = table;
  function* chunks() {
    yield `\uFEFF${csvLine(columns.map((column) => column.header))}`;
    for (let start = 0; start < rows.length; start += CHUNK_ROWS) {
      let text = '';
      for (const row of rows.slice(start, start + CHUNK_ROWS)) {
        text += csvLine(row.map((value, index) => csvText(columns[index] as Column, value)));
      }
      yield text;
    }
  }
  return Readable.from(chunks());
}

function excelCell(column: Column, value: Cell): ExcelJS.CellValue {
  if (value === null) return null;
  if (column.kind === 'money') return toDollars(Number(value));
  if (column.kind === 'text') return escapeFormula(String(value));
  return value;
}

/** Excel written row by row by exceljs's streaming writer, with a totals row of exact sums. */
export function xlsxStream(table: ReportTable, meta: { title: string; creator: string; now: Date }): Readable {
  const out = new PassThrough();
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: true });
  workbook.creator = meta.creator;
  workbook.title = meta.title;
  workbook.created = meta.now;
  const sheet = workbook.addWorksheet(table.sheetName, {
    views: [{ state: 'frozen', xSplit: table.frozenColumns ?? 0, ySplit: 1 }],
  });
  sheet.columns = table.columns.map((column) => ({
    header: column.header,
    width: column.width ?? 12,
    style: column.kind === 'money' ? { numFmt: '#,##0.00;-#,##0.00' } : {},
  }));
  sheet.getRow(1).font = { bold: true };
  const totals: Array<Cents | null> = table.columns.map((column) => (column.total ? 0 : null));
  void (async () => {
    for (const row of table.rows) {
      row.forEach((value, index) => {
        const total = totals[index];
        if (total !== null && total !== undefined && typeof value === 'number') totals[index] = total + value;
      });
      sheet.addRow(row.map((value, index) => excelCell(table.columns[index] as Column, value))).commit();
    }
    const label = table.columns.findIndex((column) => column.kind === 'text');
    const last = sheet.addRow(
      totals.map((total, index) => (total === null ? (index === label ? 'Totals' : null) : toDollars(total))),
    );
    last.font = { bold: true };
    last.commit();
    sheet.commit();
    await workbook.commit();
  })().catch((error: unknown) => out.destroy(error instanceof Error ? error : new Error(String(error))));
  return out;
}

/** Sends a stream as a download (chunked: no content-length), never cached. */
export function sendStream(
  reply: FastifyReply,
  stream: Readable,
  file: { filename: string; type: keyof typeof CONTENT_TYPES },
) {
  return reply
    .header('content-type', CONTENT_TYPES[file.type])
    .header(
      'content-disposition',
      `attachment; filename="${file.filename}"; filename*=UTF-8''${encodeURIComponent(file.filename)}`,
    )
    .header('cache-control', 'no-store, private')
    .send(stream);
}
