import PDFDocument from 'pdfkit';
import { formatUSDate } from '../../domain/dates';
import type {
  Statement,
  StatementLine,
  StatementSection,
  StatementTable,
  TableCell,
} from '../../domain/reports/statement';
import type { FontStyle } from '../pdf/fonts';
import {
  BOTTOM,
  COLOR,
  CONTENT,
  type Doc,
  FONT,
  GUTTER,
  HALF,
  MARGIN,
  PAGE,
  PdfCanvas,
  pdfMoney,
  pdfText,
  type Struct,
} from './pdf-canvas';
import { drawLetterhead } from './statement-letterhead';
import {
  AMOUNT_WIDTH,
  CELL,
  CELL_LEADING,
  columnWidths,
  HINT_HEIGHT,
  introHeight,
  LABEL_LEADING,
  lineHeights,
  lineLook,
  rowHeight,
  SECTION_GAP,
  sectionHeight,
  TABLE_ROW,
  TITLE_HEIGHT,
} from './statement-measure';

/**
 * The monthly statement as a PDF (pdfkit, US Letter). A letterhead, the four key figures, then the
 * sections of `buildStatement` — short ones in two columns, tables across the page — with a running
 * footer. Text is drawn in embedded Noto faces with fallbacks per script, subset to the glyphs used
 * (src/server/pdf/fonts.ts; docs/reports.md, "Fonts and scripts"), so every name prints as written.
 *
 * The PDF is tagged so a screen reader follows the statement, not the drawing: a Document holding the
 * letterhead (H1), then one Sect per section in the statement's order whichever column it was drawn in
 * (H2 title, P intro, a Table of TR/TH/TD, or one P per line with its label and amount), and the
 * comments. Rules, bands, the running head and the page footers are artifacts, which readers skip.
 * The plumbing (geometry, fonts, tagged text, rules and bands) is pdf-canvas.ts.
 */

export { pdfMoney, pdfText } from './pdf-canvas';

/** Sections laid out in two columns; the others span the page. */
const HALF_SECTIONS = new Set([
  'Your fund this month',
  'Donations by fund',
  'Payroll, taxes and benefits',
  'Your pay',
  'Taxes',
  'Fees',
  'Reimbursements',
  'Still owed to you',
  'Advances',
  'Paid to you this month',
  'On account',
]);

class StatementWriter extends PdfCanvas {
  constructor(
    doc: Doc,
    private readonly statement: Statement,
  ) {
    super(doc);
  }

  private get who(): string {
    const s = this.statement;
    return s.missionaryNumber ? `${s.missionaryName} (${s.missionaryNumber})` : s.missionaryName;
  }

  private get period(): string {
    return `${formatUSDate(this.statement.startDate)} – ${formatUSDate(this.statement.endDate)}`;
  }

  newPage(): number {
    if (this.page > 0) this.doc.addPage();
    this.page += 1;
    if (this.page === 1) return MARGIN.top;
    // A slim running head on later pages.
    this.put(this.statement.siteTitle, MARGIN.left, MARGIN.top, {
      font: FONT.bold,
      size: 9,
      color: COLOR.brand,
      width: 200,
    });
    this.put(`${this.statement.title} · ${this.who} · ${this.period}`, MARGIN.left + 200, MARGIN.top + 0.5, {
      size: 8.5,
      color: COLOR.muted,
      width: CONTENT - 200,
      align: 'right',
    });
    this.rule(MARGIN.left, MARGIN.top + 16, CONTENT, COLOR.rule, 0.75);
    return MARGIN.top + 30;
  }

  letterhead(): number {
    return drawLetterhead(this, this.statement, this.period);
  }

  title(section: { title: string; intro?: string }, sect: Struct, x: number, y: number, width: number): number {
    this.put(section.title, x, y, {
      tag: { parent: sect, type: 'H2' },
      font: FONT.bold,
      size: 11.5,
      color: COLOR.brand,
      width,
    });
    this.rule(x, y + 16, width, COLOR.rule, 0.75);
    y += TITLE_HEIGHT;
    if (section.intro) {
      this.paragraph(section.intro, sect, x, y, width, { font: FONT.italic, size: 8.5, color: COLOR.muted });
      y += introHeight(this, section.intro, width);
    }
    return y;
  }

  lines(lines: readonly StatementLine[], sect: Struct, x: number, y: number, width: number): number {
    const amountWidth = AMOUNT_WIDTH;
    for (const line of lines) {
      const part = { parent: this.struct(sect, 'P'), type: 'Span' } as const;
      const height = lineHeights(this, line, width).body;
      const { strong, indent, size, font, labelWidth } = lineLook(line, width);
      const pad = line.style === 'total' ? 6 : 0;
      if (line.style === 'total') {
        this.band(x, y, width, height - 2, COLOR.band);
        this.rule(x, y, width, COLOR.text, 0.8);
      } else if (line.style === 'subtotal') {
        this.rule(x + width - amountWidth, y + 1, amountWidth, COLOR.rule, 0.6);
      }
      const textY = y + (line.style === 'total' || line.style === 'subtotal' ? 5 : 3);
      const color = line.style === 'note' ? COLOR.muted : COLOR.text;
      this.putWrapped(line.label, x + indent, textY, {
        tag: part,
        font,
        size,
        color,
        width: labelWidth,
        leading: size * LABEL_LEADING,
      });
      if (line.amount !== null) {
        this.put(pdfMoney(line.amount), x + width - amountWidth - pad, textY, {
          tag: part,
          font,
          size,
          color: strong && line.amount < 0 ? COLOR.negative : color,
          width: amountWidth,
          align: 'right',
        });
      }
      y += height;
      if (line.hint) {
        const hintLines = this.putWrapped(line.hint, x + indent, y - 2.5, {
          tag: part,
          font: FONT.italic,
          size: 7.5,
          color: COLOR.muted,
          width: labelWidth,
          leading: HINT_HEIGHT,
        });
        y += hintLines * HINT_HEIGHT;
      }
    }
    return y;
  }

  table(table: StatementTable, sect: Struct, x: number, y: number, width: number): number {
    const tableStruct = this.struct(sect, 'Table');
    const widths = columnWidths(table, width);
    const lefts = widths.map((_, index) => x + widths.slice(0, index).reduce((a, b) => a + b, 0));
    const row = (
      cells: readonly (TableCell | string)[],
      type: 'TH' | 'TD',
      rowY: number,
      font: FontStyle,
      size: number,
      color: string,
    ) => {
      const tr = this.struct(tableStruct, 'TR');
      cells.forEach((value, index) => {
        const text = typeof value === 'string' ? value : 'cents' in value ? pdfMoney(value.cents) : value.text;
        const left = lefts[index] + (index === 0 ? 0 : 4);
        const look = { tag: { parent: tr, type }, font, size, color, width: widths[index] - 4 };
        if (table.numeric[index]) this.put(text, left, rowY, { ...look, align: 'right' });
        else this.putWrapped(text, left, rowY, { ...look, leading: CELL_LEADING });
      });
    };
    row(table.headers, 'TH', y + 2, FONT.bold, 7.8, COLOR.muted);
    y += TABLE_ROW;
    this.rule(x, y, width, COLOR.rule, 0.8);
    y += 4;
    table.rows.forEach((cells, index) => {
      const height = rowHeight(this, table, cells, widths);
      if (index % 2 === 1) this.band(x, y - 1, width, height, '#f6f8f7');
      row(cells, 'TD', y + 2.5, CELL.font, CELL.size, COLOR.text);
      y += height;
    });
    if (table.total) {
      this.rule(x, y + 1, width, COLOR.text, 0.8);
      y += 4;
      row(table.total, 'TD', y + 2.5, FONT.bold, CELL.size, COLOR.text);
      y += rowHeight(this, table, table.total, widths);
    }
    return y;
  }

  section(section: StatementSection, x: number, y: number, width: number): number {
    const sect = this.struct(this.root, 'Sect');
    y = this.title(section, sect, x, y, width);
    if (section.table) y = this.table(section.table, sect, x, y, width) + (section.lines ? 8 : 0);
    if (section.lines) y = this.lines(section.lines, sect, x, y, width);
    return y;
  }

  comments(text: string, y: number): number {
    const style = { font: FONT.regular, size: 9.5, color: COLOR.text };
    const height = TITLE_HEIGHT + this.textHeight(text, CONTENT, style) + 8;
    if (y + height > BOTTOM) y = this.newPage();
    const sect = this.struct(this.root, 'Sect');
    y = this.title({ title: 'Comments' }, sect, MARGIN.left, y, CONTENT);
    return this.paragraph(text, sect, MARGIN.left, y, CONTENT, style) + SECTION_GAP;
  }

  write(): void {
    this.newPage();
    let y = this.letterhead();
    const sections = this.statement.sections;
    let index = 0;
    while (index < sections.length) {
      if (!HALF_SECTIONS.has(sections[index].title)) {
        const section = sections[index];
        const height = sectionHeight(this, section, CONTENT);
        // Keep a title with its first rows; long tables may continue on the next page.
        if (y + Math.min(height, TITLE_HEIGHT + 60) > BOTTOM) y = this.newPage();
        if (y + height > BOTTOM && section.table && !section.lines) y = this.splitTable(section, y);
        else y = this.section(section, MARGIN.left, y, CONTENT) + SECTION_GAP;
        index += 1;
        continue;
      }
      // A run of half-width sections: each goes to the shorter column, a new page when neither fits.
      const columns = [y, y];
      while (index < sections.length && HALF_SECTIONS.has(sections[index].title)) {
        const section = sections[index];
        const height = sectionHeight(this, section, HALF);
        let column = columns[0] <= columns[1] ? 0 : 1;
        if (columns[column] + height > BOTTOM) {
          const other = 1 - column;
          if (columns[other] + height <= BOTTOM) column = other;
          else {
            const top = this.newPage();
            columns[0] = top;
            columns[1] = top;
            column = 0;
          }
        }
        const x = MARGIN.left + column * (HALF + GUTTER);
        columns[column] = this.section(section, x, columns[column], HALF) + SECTION_GAP;
        index += 1;
      }
      y = Math.max(columns[0], columns[1]);
    }
    if (this.statement.comments) y = this.comments(this.statement.comments, y);
    this.footers();
  }

  /** A table too long for the page: its rows continue under a repeated header on the next pages. */
  private splitTable(section: StatementSection, y: number): number {
    const table = section.table!;
    let rows = table.rows;
    let first = true;
    const widths = columnWidths(table, CONTENT);
    while (rows.length > 0 || first) {
      // As many rows as fit under the title, the header and the total, at least one.
      let room = 0;
      let used = y + TITLE_HEIGHT + TABLE_ROW * 3;
      while (room < rows.length && used + rowHeight(this, table, rows[room], widths) <= BOTTOM) {
        used += rowHeight(this, table, rows[room], widths);
        room += 1;
      }
      room = Math.max(1, room);
      const part = rows.slice(0, room);
      rows = rows.slice(room);
      const last = rows.length === 0;
      y = this.section(
        {
          title: first ? section.title : `${section.title} (continued)`,
          intro: first ? section.intro : undefined,
          table: { ...table, rows: part, total: last ? table.total : undefined },
        },
        MARGIN.left,
        y,
        CONTENT,
      );
      first = false;
      if (!last) y = this.newPage();
    }
    return y + SECTION_GAP;
  }

  private footers(): void {
    const doc = this.doc;
    const range = doc.bufferedPageRange();
    for (let index = range.start; index < range.start + range.count; index += 1) {
      doc.switchToPage(index);
      const bottomMargin = doc.page.margins.bottom;
      doc.page.margins.bottom = 0;
      const y = PAGE.height - 36;
      this.rule(MARGIN.left, y - 8, CONTENT, COLOR.rule, 0.5);
      this.put(`${this.statement.siteTitle} · ${this.statement.title} · ${this.who} · ${this.period}`, MARGIN.left, y, {
        size: 7.5,
        color: COLOR.muted,
        width: CONTENT - 90,
      });
      this.put(`Page ${index - range.start + 1} of ${range.count}`, MARGIN.left + CONTENT - 90, y, {
        size: 7.5,
        color: COLOR.muted,
        width: 90,
        align: 'right',
      });
      doc.page.margins.bottom = bottomMargin;
    }
  }
}

export function writeStatementPdf(statement: Statement, now: Date): Promise<Buffer> {
  const doc = new PDFDocument({
    size: 'LETTER',
    margins: { top: MARGIN.top, bottom: MARGIN.bottom, left: MARGIN.left, right: MARGIN.right },
    bufferPages: true,
    autoFirstPage: true,
    lang: 'en-US',
    displayTitle: true,
    tagged: true,
    info: {
      Title: pdfText(`${statement.title} — ${statement.missionaryName} — ${formatUSDate(statement.endDate)}`),
      Author: pdfText(statement.siteTitle),
      Subject: pdfText(`Distribution #${statement.distributionId}`),
      CreationDate: now,
      ModDate: now,
    },
  });
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  new StatementWriter(doc, statement).write();
  doc.end();
  return done;
}
