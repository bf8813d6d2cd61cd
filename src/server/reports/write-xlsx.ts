import ExcelJS from 'exceljs';
import { toDollars } from '../../domain/money';
import { type Cell, type Column, columnTotals, escapeFormula, type ReportTable } from '../../domain/reports/table';

const MONEY_FORMAT = '#,##0.00;-#,##0.00';
const DATE_FORMAT = 'mm/dd/yyyy';
const HEADER_FILL = 'FFE3ECE8';

function excelValue(column: Column, value: Cell): ExcelJS.CellValue {
  if (value === null) return null;
  switch (column.kind) {
    case 'money':
      return toDollars(value as number);
    case 'integer':
      return value as number;
    case 'decimal':
      return Number(value);
    case 'date': {
      const [year, month, day] = String(value).split('-').map(Number);
      return new Date(Date.UTC(year, month - 1, day));
    }
    case 'text':
      return escapeFormula(String(value));
  }
}

function columnLetter(index: number): string {
  let n = index + 1;
  let letters = '';
  while (n > 0) {
    const rest = (n - 1) % 26;
    letters = String.fromCharCode(65 + rest) + letters;
    n = Math.floor((n - 1) / 26);
  }
  return letters;
}

/**
 * Excel: typed cells (money as numbers in #,##0.00, dates as real dates, ids as numbers), a bold
 * header row with a filter, frozen header and key columns, and a totals row whose SUM formulas
 * carry their computed result (exact, from cents) for readers that do not recalculate.
 */
export async function writeXlsx(
  table: ReportTable,
  meta: { title: string; creator: string; now: Date },
): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  workbook.creator = meta.creator;
  workbook.title = meta.title;
  workbook.created = meta.now;
  workbook.modified = meta.now;
  workbook.calcProperties.fullCalcOnLoad = true;
  const sheet = workbook.addWorksheet(table.sheetName, {
    views: [{ state: 'frozen', xSplit: table.frozenColumns ?? 0, ySplit: 1 }],
  });
  sheet.columns = table.columns.map((column) => ({
    header: column.header,
    width: column.width ?? Math.max(10, column.header.length + 2),
    style:
      column.kind === 'money'
        ? { numFmt: MONEY_FORMAT }
        : column.kind === 'date'
          ? { numFmt: DATE_FORMAT }
          : column.kind === 'decimal'
            ? { numFmt: '0.######' }
            : {},
  }));
  const header = sheet.getRow(1);
  header.font = { bold: true };
  header.alignment = { vertical: 'middle', wrapText: true };
  header.eachCell((cell) => {
    cell.fill = { type: 'pattern', pattern: 'solid', fgColor: { argb: HEADER_FILL } };
    cell.border = { bottom: { style: 'thin' } };
  });
  for (const row of table.rows) {
    sheet.addRow(row.map((value, index) => excelValue(table.columns[index], value)));
  }
  sheet.autoFilter = { from: { row: 1, column: 1 }, to: { row: 1, column: table.columns.length } };

  const totals = columnTotals(table);
  if (totals.some((total) => total !== null)) {
    const last = table.rows.length + 1;
    const labelIndex = table.columns.findIndex((column) => column.kind === 'text');
    const values = totals.map((total, index) => {
      if (total === null) return index === Math.max(0, labelIndex) ? 'Totals' : null;
      const letter = columnLetter(index);
      // exceljs drops a cached result of 0, so a zero total is written as the number 0.
      return table.rows.length === 0 || total === 0
        ? 0
        : { formula: `SUM(${letter}2:${letter}${last})`, result: toDollars(total) };
    });
    const totalsRow = sheet.addRow(values);
    totalsRow.font = { bold: true };
    totalsRow.eachCell((cell) => {
      cell.border = { top: { style: 'thin' }, bottom: { style: 'double' } };
    });
  }
  return Buffer.from(await workbook.xlsx.writeBuffer());
}
