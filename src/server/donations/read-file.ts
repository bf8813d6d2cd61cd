import ExcelJS from 'exceljs';
import { CsvSyntaxError, parseDelimited } from '../../domain/donations/csv';
import type { SourceRow } from '../../domain/donations/import-file';
import { decodeText, detectDelimiter, type TextEncoding } from '../../domain/donations/text';
import { AppError } from '../../domain/errors';
import type { UploadedFile } from '../http/routes';

export const FILE_FIELD = 'denari';

export interface ImportTable {
  format: 'csv' | 'xlsx';
  encoding: TextEncoding | null;
  rows: SourceRow[];
}

const ZIP_SIGNATURE = [0x50, 0x4b, 0x03, 0x04];
const OLE_SIGNATURE = [0xd0, 0xcf, 0x11, 0xe0];

const startsWith = (content: Buffer, signature: number[]) => signature.every((byte, index) => content[index] === byte);

function unreadable(message: string): AppError {
  return AppError.field(FILE_FIELD, message);
}

/**
 * CSV (any delimiter of detectDelimiter, any encoding of decodeText) or Excel .xlsx into rows of
 * cell texts with the row numbers a person sees; the donation rules take it from there.
 */
export async function readImportFile(file: UploadedFile): Promise<ImportTable> {
  const { content } = file;
  if (content.length === 0) throw unreadable('The file is empty.');
  if (startsWith(content, OLE_SIGNATURE) || /\.xls$/i.test(file.filename)) {
    throw unreadable('Old Excel files (.xls) cannot be read. Save the file as .xlsx or CSV and choose it again.');
  }
  if (startsWith(content, ZIP_SIGNATURE)) return { format: 'xlsx', encoding: null, rows: await readWorkbook(content) };
  return readDelimited(content);
}

function readDelimited(content: Buffer): ImportTable {
  const { text, encoding } = decodeText(content);
  if (text.includes('\u0000')) throw unreadable('This does not look like a CSV or Excel file.');
  try {
    return { format: 'csv', encoding, rows: parseDelimited(text, detectDelimiter(text)) };
  } catch (error) {
    if (error instanceof CsvSyntaxError) throw unreadable(`The file could not be read as CSV: ${error.message}`);
    throw error;
  }
}

async function readWorkbook(content: Buffer): Promise<SourceRow[]> {
  const workbook = new ExcelJS.Workbook();
  try {
    // A copy as a plain ArrayBuffer: what ExcelJS's types ask for (a Node Buffer may view a shared pool).
    await workbook.xlsx.load(new Uint8Array(content).buffer);
  } catch {
    throw unreadable('The Excel file could not be opened. Save it again as .xlsx or CSV.');
  }
  const sheet = workbook.worksheets.find((candidate) => candidate.actualRowCount > 0);
  if (!sheet) throw unreadable('The file is empty.');
  const rows: SourceRow[] = [];
  sheet.eachRow({ includeEmpty: false }, (row, rowNumber) => {
    const cells: string[] = [];
    row.eachCell({ includeEmpty: true }, (cell, column) => {
      cells[column - 1] = cellText(cell.value);
    });
    for (let index = 0; index < cells.length; index++) cells[index] ??= '';
    rows.push({ rowNumber, cells });
  });
  return rows;
}

/** A cell's value as the text the donation rules read; numbers keep their exact shortest form. */
export function cellText(value: ExcelJS.CellValue): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : '';
  if (typeof value === 'string') return value;
  if (typeof value === 'boolean') return value ? 'TRUE' : 'FALSE';
  if (value instanceof Date) return value.toISOString().slice(0, 10);
  if ('richText' in value) return value.richText.map((part) => part.text).join('');
  if ('formula' in value || 'sharedFormula' in value) {
    const result = (value as ExcelJS.CellFormulaValue).result;
    return result === undefined ? '' : cellText(result as ExcelJS.CellValue);
  }
  if ('text' in value && typeof value.text === 'string') return value.text;
  if ('error' in value) return String(value.error);
  return '';
}
