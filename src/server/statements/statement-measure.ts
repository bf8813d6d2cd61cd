import type { StatementLine, StatementSection, StatementTable, TableCell } from '../../domain/reports/statement';
import { FONT, type PdfCanvas } from './pdf-canvas';

/**
 * The statement's measures: how tall a line, a table row and a section are drawn (statement-pdf.ts
 * places them with these), so a section that does not fit starts a new column or page.
 */

export const LINE_HEIGHT: Record<StatementLine['style'], number> = {
  balance: 17,
  item: 15,
  subtotal: 17,
  total: 19,
  note: 14,
};
export const HINT_HEIGHT = 9;
export const TABLE_ROW = 15;
export const TITLE_HEIGHT = 24;
export const SECTION_GAP = 16;
export const AMOUNT_WIDTH = 78;
/** The step between the wrapped lines of a label, per point of size, and of a table cell. */
export const LABEL_LEADING = 1.2;
export const CELL_LEADING = 10.5;
export const CELL = { font: FONT.regular, size: 8.8 };

export function introHeight(canvas: PdfCanvas, intro: string | undefined, width: number): number {
  if (!intro) return 0;
  return canvas.textHeight(intro, width, { font: FONT.italic, size: 8.5 }) + 6;
}

/** How a line of a section is set: its label's face and size, its indent and the width its label wraps in. */
export function lineLook(line: StatementLine, width: number) {
  const strong = line.style === 'balance' || line.style === 'subtotal' || line.style === 'total';
  const indent = line.style === 'item' ? 10 : line.style === 'total' ? 6 : 0;
  return {
    strong,
    indent,
    size: line.style === 'total' ? 10 : line.style === 'note' ? 8.5 : 9.5,
    font: strong ? FONT.bold : line.style === 'note' ? FONT.italic : FONT.regular,
    labelWidth: width - AMOUNT_WIDTH - indent - 6,
  };
}

/**
 * Every text (never an amount) wraps rather than being cut, so a long fund name prints whole
 * (docs/reports.md "The monthly statement"): a line or a table row is as tall as its longest text.
 */
export function lineHeights(canvas: PdfCanvas, line: StatementLine, width: number) {
  const look = lineLook(line, width);
  const labelLines = canvas.lineCount(line.label, look.labelWidth, look);
  const hintLines = line.hint ? canvas.lineCount(line.hint, look.labelWidth, { font: FONT.italic, size: 7.5 }) : 0;
  const body = LINE_HEIGHT[line.style] + (labelLines - 1) * look.size * LABEL_LEADING;
  return { body, total: body + hintLines * HINT_HEIGHT };
}

export function columnWidths(table: StatementTable, width: number): number[] {
  const totalWeight = table.widths.reduce((a, b) => a + b, 0);
  return table.widths.map((w) => (w / totalWeight) * width);
}

export function rowHeight(
  canvas: PdfCanvas,
  table: StatementTable,
  cells: readonly TableCell[],
  widths: number[],
): number {
  const lines = cells.map((cell, index) =>
    'text' in cell && !table.numeric[index] ? canvas.lineCount(cell.text, widths[index] - 4, CELL) : 1,
  );
  return TABLE_ROW + (Math.max(1, ...lines) - 1) * CELL_LEADING;
}

export function tableHeight(canvas: PdfCanvas, table: StatementTable, width: number): number {
  const widths = columnWidths(table, width);
  const rows = table.rows.reduce((total, cells) => total + rowHeight(canvas, table, cells, widths), 0);
  return TABLE_ROW + 4 + rows + (table.total ? rowHeight(canvas, table, table.total, widths) + 4 : 0);
}

export function sectionHeight(canvas: PdfCanvas, section: StatementSection, width: number): number {
  return (
    TITLE_HEIGHT +
    introHeight(canvas, section.intro, width) +
    (section.table ? tableHeight(canvas, section.table, width) + (section.lines ? 8 : 0) : 0) +
    (section.lines ?? []).reduce((total, line) => total + lineHeights(canvas, line, width).total, 0)
  );
}
