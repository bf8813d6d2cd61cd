import PDFDocument from 'pdfkit';
import { formatUSDate } from '../../domain/dates';
import { type Cents, formatUSD } from '../../domain/money';
import type {
  Statement,
  StatementLine,
  StatementSection,
  StatementTable,
  TableCell,
} from '../../domain/reports/statement';

/**
 * The monthly statement as a PDF (pdfkit, US Letter). A letterhead, the four key figures, then the
 * sections of `buildStatement` — short ones in two columns, tables across the page — with a running
 * footer. Built-in Helvetica (no font files to ship); text outside its WinAnsi character set is
 * replaced so a name can never break the file.
 *
 * The PDF is tagged so a screen reader follows the statement, not the drawing: a Document holding the
 * letterhead (H1), then one Sect per section in the statement's order whichever column it was drawn in
 * (H2 title, P intro, a Table of TR/TH/TD, or one P per line with its label and amount), and the
 * comments. Rules, bands, the running head and the page footers are artifacts, which readers skip.
 */

const PAGE = { width: 612, height: 792 };
const MARGIN = { left: 54, right: 54, top: 50, bottom: 58 };
const CONTENT = PAGE.width - MARGIN.left - MARGIN.right;
const GUTTER = 24;
const HALF = (CONTENT - GUTTER) / 2;
const BOTTOM = PAGE.height - MARGIN.bottom;

const COLOR = {
  brand: '#2f5d50',
  text: '#1f2a27',
  muted: '#5b6762',
  rule: '#c9d3cf',
  band: '#edf3f0',
  negative: '#8a2b22',
};
const FONT = { regular: 'Helvetica', bold: 'Helvetica-Bold', italic: 'Helvetica-Oblique' };

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

// WinAnsi (Windows-1252) beyond Latin-1: what Helvetica can draw.
const WIN_ANSI_EXTRA = new Set('€‚ƒ„…†‡ˆ‰Š‹ŒŽ‘’“”•–—˜™š›œžŸ');

/** Text Helvetica can draw: Latin-1 and WinAnsi punctuation; anything else becomes "?". */
export function pdfText(text: string): string {
  let out = '';
  for (const char of text.normalize('NFC')) {
    const code = char.codePointAt(0)!;
    if (code === 0x2212) out += '-';
    else if ((code >= 0x20 && code <= 0x7e) || (code >= 0xa0 && code <= 0xff) || WIN_ANSI_EXTRA.has(char)) out += char;
    else if (char === '\n' || char === '\t' || char === '\r') out += ' ';
    else out += '?';
  }
  return out;
}

/** "$1,234.50"; negative amounts with an en dash: "–$445.00". */
export function pdfMoney(cents: Cents): string {
  const text = formatUSD(cents);
  return text.startsWith('-') ? `–${text.slice(1)}` : text;
}

const LINE_HEIGHT: Record<StatementLine['style'], number> = {
  balance: 17,
  item: 15,
  subtotal: 17,
  total: 19,
  note: 14,
};
const HINT_HEIGHT = 9;
const TABLE_ROW = 15;
const TITLE_HEIGHT = 24;
const SECTION_GAP = 16;

type Doc = PDFKit.PDFDocument;

function introHeight(doc: Doc, intro: string | undefined, width: number): number {
  if (!intro) return 0;
  doc.font(FONT.italic).fontSize(8.5);
  return doc.heightOfString(pdfText(intro), { width }) + 6;
}

function linesHeight(lines: readonly StatementLine[]): number {
  return lines.reduce((total, line) => total + LINE_HEIGHT[line.style] + (line.hint ? HINT_HEIGHT : 0), 0);
}

function tableHeight(table: StatementTable): number {
  return TABLE_ROW + 4 + table.rows.length * TABLE_ROW + (table.total ? TABLE_ROW + 4 : 0);
}

function sectionHeight(doc: Doc, section: StatementSection, width: number): number {
  return (
    TITLE_HEIGHT +
    introHeight(doc, section.intro, width) +
    (section.table ? tableHeight(section.table) + (section.lines ? 8 : 0) : 0) +
    (section.lines ? linesHeight(section.lines) : 0)
  );
}

type Struct = PDFKit.PDFStructureElement;

/** Where a piece of text goes in the tag tree; text without one (running heads, footers) is an artifact. */
interface Tag {
  parent: Struct;
  type: 'H1' | 'H2' | 'P' | 'Span' | 'TH' | 'TD';
}

interface Put {
  tag?: Tag;
  font?: string;
  size?: number;
  color?: string;
  width: number;
  align?: 'left' | 'right';
  spacing?: number;
}

class StatementWriter {
  private page = 0;
  private readonly root: Struct;

  constructor(
    private readonly doc: Doc,
    private readonly statement: Statement,
  ) {
    this.root = doc.struct('Document');
    doc.addStructure(this.root);
  }

  /** One line of text, cut with an ellipsis when it does not fit the width (never wraps). */
  put(text: string, x: number, y: number, options: Put) {
    const doc = this.doc;
    doc
      .font(options.font ?? FONT.regular)
      .fontSize(options.size ?? 9.5)
      .fillColor(options.color ?? COLOR.text);
    const draw = () =>
      doc.text(pdfText(text), x, y, {
        width: options.width,
        align: options.align ?? 'left',
        height: doc.currentLineHeight(true) + 0.5,
        ellipsis: true,
        characterSpacing: options.spacing ?? 0,
        structParent: options.tag?.parent,
        structType: options.tag?.type,
      });
    if (options.tag) draw();
    else this.artifact(draw, 'Pagination');
  }

  /** Wrapped text (intros, comments) as one paragraph of the tag tree. */
  paragraph(
    text: string,
    parent: Struct,
    x: number,
    y: number,
    width: number,
    style: { font: string; size: number; color: string },
  ) {
    this.doc
      .font(style.font)
      .fontSize(style.size)
      .fillColor(style.color)
      .text(pdfText(text), x, y, { width, structParent: parent, structType: 'P' });
  }

  /** Drawing that carries no content of its own (rules, bands, running heads), marked so readers skip it. */
  artifact(draw: () => void, type: 'Layout' | 'Pagination' = 'Layout') {
    this.doc.markContent('Artifact', { type });
    draw();
    this.doc.endMarkedContent();
  }

  /** A new element of the tag tree, placed after its parent's earlier children. */
  struct(parent: Struct, type: string): Struct {
    const element = this.doc.struct(type);
    parent.add(element);
    return element;
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

  rule(x: number, y: number, width: number, color = COLOR.rule, thickness = 0.6) {
    this.artifact(() =>
      this.doc
        .save()
        .moveTo(x, y)
        .lineTo(x + width, y)
        .lineWidth(thickness)
        .strokeColor(color)
        .stroke()
        .restore(),
    );
  }

  band(x: number, y: number, width: number, height: number, color: string, radius = 0) {
    this.artifact(() => {
      const doc = this.doc.save();
      (radius ? doc.roundedRect(x, y, width, height, radius) : doc.rect(x, y, width, height)).fill(color).restore();
    });
  }

  letterhead(): number {
    const s = this.statement;
    let y = MARGIN.top;
    const head = this.struct(this.root, 'Sect');
    this.put(s.siteTitle, MARGIN.left, y, {
      tag: { parent: head, type: 'P' },
      font: FONT.bold,
      size: 22,
      color: COLOR.brand,
      width: CONTENT - 240,
    });
    this.put(s.title, MARGIN.left, y + 29, {
      tag: { parent: head, type: 'H1' },
      size: 11,
      color: COLOR.muted,
      width: CONTENT - 240,
    });
    const facts = [
      ['Period', this.period],
      ['MAT Day', formatUSDate(s.endDate)],
      ['Distribution', `#${s.distributionId}`],
      ...(s.approvedOn ? [['Approved', formatUSDate(s.approvedOn)]] : []),
    ];
    facts.forEach(([label, value], index) => {
      const rowY = y + 2 + index * 12.5;
      const fact = this.struct(head, 'P');
      this.put(label, MARGIN.left + CONTENT - 230, rowY, {
        tag: { parent: fact, type: 'Span' },
        size: 8.5,
        color: COLOR.muted,
        width: 80,
        align: 'right',
      });
      this.put(value, MARGIN.left + CONTENT - 140, rowY, {
        tag: { parent: fact, type: 'Span' },
        font: FONT.bold,
        size: 8.5,
        width: 140,
        align: 'right',
      });
    });
    y += 58;
    this.rule(MARGIN.left, y, CONTENT, COLOR.brand, 1.2);
    y += 14;
    const recipient = this.struct(head, 'P');
    const part = { parent: recipient, type: 'Span' } as const;
    this.put('PREPARED FOR', MARGIN.left, y, { tag: part, size: 7.5, color: COLOR.muted, width: 200, spacing: 0.5 });
    this.put(s.missionaryName, MARGIN.left, y + 11, { tag: part, font: FONT.bold, size: 15, width: CONTENT });
    if (s.missionaryNumber) {
      this.put(`${s.missionaryLabel} # ${s.missionaryNumber}`, MARGIN.left, y + 30, {
        tag: part,
        size: 9.5,
        color: COLOR.muted,
        width: CONTENT,
      });
    }
    y += 52;
    // The four key figures.
    const gap = 10;
    const boxWidth = (CONTENT - 3 * gap) / 4;
    s.highlights.forEach((highlight, index) => {
      const x = MARGIN.left + index * (boxWidth + gap);
      const figure = this.struct(head, 'P');
      this.band(x, y, boxWidth, 46, COLOR.band, 5);
      this.put(highlight.label.toUpperCase(), x + 10, y + 9, {
        tag: { parent: figure, type: 'Span' },
        size: 7.5,
        color: COLOR.muted,
        width: boxWidth - 20,
        spacing: 0.5,
      });
      this.put(pdfMoney(highlight.amount), x + 10, y + 22, {
        tag: { parent: figure, type: 'Span' },
        font: FONT.bold,
        size: 15,
        color: highlight.amount < 0 ? COLOR.negative : COLOR.text,
        width: boxWidth - 20,
      });
    });
    return y + 46 + 24;
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
      y += introHeight(this.doc, section.intro, width);
    }
    return y;
  }

  lines(lines: readonly StatementLine[], sect: Struct, x: number, y: number, width: number): number {
    const amountWidth = 78;
    for (const line of lines) {
      const part = { parent: this.struct(sect, 'P'), type: 'Span' } as const;
      const height = LINE_HEIGHT[line.style];
      const strong = line.style === 'balance' || line.style === 'subtotal' || line.style === 'total';
      const indent = line.style === 'item' ? 10 : line.style === 'total' ? 6 : 0;
      const pad = line.style === 'total' ? 6 : 0;
      if (line.style === 'total') {
        this.band(x, y, width, height - 2, COLOR.band);
        this.rule(x, y, width, COLOR.text, 0.8);
      } else if (line.style === 'subtotal') {
        this.rule(x + width - amountWidth, y + 1, amountWidth, COLOR.rule, 0.6);
      }
      const textY = y + (line.style === 'total' || line.style === 'subtotal' ? 5 : 3);
      const size = line.style === 'total' ? 10 : line.style === 'note' ? 8.5 : 9.5;
      const font = strong ? FONT.bold : line.style === 'note' ? FONT.italic : FONT.regular;
      const color = line.style === 'note' ? COLOR.muted : COLOR.text;
      this.put(line.label, x + indent, textY, {
        tag: part,
        font,
        size,
        color,
        width: width - amountWidth - indent - 6,
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
        this.put(line.hint, x + indent, y - 2.5, {
          tag: part,
          font: FONT.italic,
          size: 7.5,
          color: COLOR.muted,
          width: width - amountWidth - indent - 6,
        });
        y += HINT_HEIGHT;
      }
    }
    return y;
  }

  table(table: StatementTable, sect: Struct, x: number, y: number, width: number): number {
    const tableStruct = this.struct(sect, 'Table');
    const totalWeight = table.widths.reduce((a, b) => a + b, 0);
    const widths = table.widths.map((w) => (w / totalWeight) * width);
    const lefts = widths.map((_, index) => x + widths.slice(0, index).reduce((a, b) => a + b, 0));
    const row = (
      cells: readonly (TableCell | string)[],
      type: 'TH' | 'TD',
      rowY: number,
      font: string,
      size: number,
      color: string,
    ) => {
      const tr = this.struct(tableStruct, 'TR');
      cells.forEach((value, index) => {
        const text = typeof value === 'string' ? value : 'cents' in value ? pdfMoney(value.cents) : value.text;
        const left = lefts[index] + (index === 0 ? 0 : 4);
        this.put(text, left, rowY, {
          tag: { parent: tr, type },
          font,
          size,
          color,
          width: widths[index] - 4,
          align: table.numeric[index] ? 'right' : 'left',
        });
      });
    };
    row(table.headers, 'TH', y + 2, FONT.bold, 7.8, COLOR.muted);
    y += TABLE_ROW;
    this.rule(x, y, width, COLOR.rule, 0.8);
    y += 4;
    table.rows.forEach((cells, index) => {
      if (index % 2 === 1) this.band(x, y - 1, width, TABLE_ROW, '#f6f8f7');
      row(cells, 'TD', y + 2.5, FONT.regular, 8.8, COLOR.text);
      y += TABLE_ROW;
    });
    if (table.total) {
      this.rule(x, y + 1, width, COLOR.text, 0.8);
      y += 4;
      row(table.total, 'TD', y + 2.5, FONT.bold, 8.8, COLOR.text);
      y += TABLE_ROW;
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
    const doc = this.doc;
    const height =
      TITLE_HEIGHT + doc.font(FONT.regular).fontSize(9.5).heightOfString(pdfText(text), { width: CONTENT }) + 8;
    if (y + height > BOTTOM) y = this.newPage();
    const sect = this.struct(this.root, 'Sect');
    y = this.title({ title: 'Comments' }, sect, MARGIN.left, y, CONTENT);
    this.paragraph(text, sect, MARGIN.left, y, CONTENT, { font: FONT.regular, size: 9.5, color: COLOR.text });
    return doc.y + SECTION_GAP;
  }

  write(): void {
    const doc = this.doc;
    this.newPage();
    let y = this.letterhead();
    const sections = this.statement.sections;
    let index = 0;
    while (index < sections.length) {
      if (!HALF_SECTIONS.has(sections[index].title)) {
        const section = sections[index];
        const height = sectionHeight(doc, section, CONTENT);
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
        const height = sectionHeight(doc, section, HALF);
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
    while (rows.length > 0 || first) {
      const room = Math.max(1, Math.floor((BOTTOM - y - TITLE_HEIGHT - TABLE_ROW * 3) / TABLE_ROW));
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
