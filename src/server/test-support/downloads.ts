import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parse } from 'csv-parse/sync';
import ExcelJS from 'exceljs';
import { type Cents, parseDollars } from '../../domain/money';

/** Reading the downloads back the way an accounting office would: a CSV parser and an XLSX reader. */

export function readCsv(content: Buffer): { header: string[]; rows: string[][] } {
  const records = parse(content, { bom: true, relax_column_count: false }) as string[][];
  return { header: records[0], rows: records.slice(1) };
}

export function csvColumn(table: { header: string[]; rows: string[][] }, header: string): string[] {
  const index = table.header.indexOf(header);
  if (index < 0) throw new Error(`no column ${header} in ${table.header.join(', ')}`);
  return table.rows.map((row) => row[index]);
}

export function cents(text: string): Cents {
  if (text === '') return 0;
  const value = parseDollars(text);
  if (value === null) throw new Error(`not a plain amount: ${JSON.stringify(text)}`);
  return value;
}

export function dollarsToCents(value: number): Cents {
  const result = parseDollars(value);
  if (result === null) throw new Error(`not an amount with at most 2 decimals: ${value}`);
  return result;
}

export interface Sheet {
  worksheet: ExcelJS.Worksheet;
  header: string[];
  /** Data rows (without header and totals), as cell values. */
  rows: ExcelJS.CellValue[][];
  /** The totals row's values, or null. */
  totals: ExcelJS.CellValue[] | null;
}

export async function readXlsx(content: Buffer): Promise<Sheet> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(new Uint8Array(content).buffer);
  const worksheet = workbook.worksheets[0];
  const values: ExcelJS.CellValue[][] = [];
  worksheet.eachRow({ includeEmpty: true }, (row) => {
    const cells: ExcelJS.CellValue[] = [];
    for (let column = 1; column <= worksheet.columnCount; column += 1) cells.push(row.getCell(column).value);
    values.push(cells);
  });
  const header = values[0].map((value) => String(value));
  const last = values[values.length - 1];
  const hasTotals = values.length > 1 && last.includes('Totals');
  return {
    worksheet,
    header,
    rows: values.slice(1, hasTotals ? -1 : undefined),
    totals: hasTotals ? last : null,
  };
}

export function xlsxColumn(sheet: Sheet, header: string): ExcelJS.CellValue[] {
  const index = sheet.header.indexOf(header);
  if (index < 0) throw new Error(`no column ${header}`);
  return sheet.rows.map((row) => row[index]);
}

/** The totals row's value of a column: a formula cell's cached result. */
export function xlsxTotal(sheet: Sheet, header: string): number {
  const value = sheet.totals?.[sheet.header.indexOf(header)];
  if (value && typeof value === 'object' && 'result' in value) return value.result as number;
  return value as number;
}

export function sumCents(values: readonly Cents[]): Cents {
  return values.reduce((total, value) => total + value, 0);
}

/** A PDF's text as poppler's pdftotext lays it out (-layout), the way a reader sees the page. */
export function pdfToText(content: Buffer): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pdf-text-'));
  try {
    const file = path.join(dir, 'document.pdf');
    fs.writeFileSync(file, content);
    return execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}
