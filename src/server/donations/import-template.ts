import ExcelJS from 'exceljs';
import {
  IGNORED_HEADERS,
  IMPORT_COLUMN_HELP,
  IMPORT_TEMPLATE_COLUMNS,
  IMPORT_TEMPLATE_FILENAME,
  importTemplateTable,
  neededColumnsSentence,
} from '../../domain/donations/import-help';
import type { ReportFormat } from '../../domain/reports/schemas';
import { writeCsv } from '../reports/write-csv';

const HEADER_FILL = 'FFE3ECE8';
const MONEY_FORMAT = '#,##0.00;(#,##0.00)';

/**
 * The donation import template: the header row the import reads by name. CSV is the
 * reports' CSV (UTF-8 with BOM, CRLF); Excel has the header on its first sheet, which is the one
 * the import reads, with Account # kept as text (leading zeros survive) and Amount as money, and a
 * second "Columns" sheet with the help the import screen shows.
 */
export async function importTemplate(format: ReportFormat, meta: { creator: string; now: Date }) {
  const content = format === 'xlsx' ? await templateWorkbook(meta) : writeCsv(importTemplateTable());
  return { content, filename: `${IMPORT_TEMPLATE_FILENAME}.${format}`, type: format } as const;
}

async function templateWorkbook(meta: { creator: string; now: Date }): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  workbook.creator = meta.creator;
  workbook.title = 'Donation import template';
  workbook.created = meta.now;
  workbook.modified = meta.now;
  const sheet = workbook.addWorksheet('Donations', { views: [{ state: 'frozen', ySplit: 1 }] });
  sheet.columns = IMPORT_TEMPLATE_COLUMNS.map(({ header, kind, width }) => ({
    header,
    width,
    style: { numFmt: kind === 'money' ? MONEY_FORMAT : kind === 'integer' ? '0' : '@' },
  }));
  boldHeader(sheet);

  const help = workbook.addWorksheet('Columns', { views: [{ state: 'frozen', ySplit: 1 }] });
  help.columns = [
    { header: 'Column', width: 22 },
    { header: 'Needed', width: 10 },
    { header: 'What it holds', width: 70, style: { alignment: { wrapText: true, vertical: 'top' } } },
    { header: 'Headers read as this column', width: 70, style: { alignment: { wrapText: true, vertical: 'top' } } },
  ];
  boldHeader(help);
  for (const entry of IMPORT_COLUMN_HELP) {
    help.addRow([entry.label, entry.need, entry.description, entry.headers.join(', ')]);
  }
  help.addRow(['Ignored', 'optional', 'Known columns the import does not use.', IGNORED_HEADERS.join(', ')]);
  help.addRow([]);
  help.addRow([neededColumnsSentence()]);
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

function boldHeader(sheet: ExcelJS.Worksheet) {
  const header = sheet.getRow(1);
  header.font = { bold: true };
  header.eachCell((cell) => {
    cell.fill = { type: 'pattern', pattern: 'solid', fgColor: { argb: HEADER_FILL } };
    cell.border = { bottom: { style: 'thin' } };
  });
}
