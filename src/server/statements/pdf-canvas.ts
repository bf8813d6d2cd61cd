import { type Cents, formatUSD } from '../../domain/money';

/**
 * PDF plumbing for the statement (statement-pdf.ts lays it out): the page geometry, colours and
 * fonts, text Helvetica can draw, and a canvas over a tagged pdfkit document — text placed into the
 * tag tree or marked as an artifact, paragraphs, rules and bands. Nothing here knows a statement.
 */

export const PAGE = { width: 612, height: 792 };
export const MARGIN = { left: 54, right: 54, top: 50, bottom: 58 };
export const CONTENT = PAGE.width - MARGIN.left - MARGIN.right;
export const GUTTER = 24;
export const HALF = (CONTENT - GUTTER) / 2;
export const BOTTOM = PAGE.height - MARGIN.bottom;

export const COLOR = {
  brand: '#2f5d50',
  text: '#1f2a27',
  muted: '#5b6762',
  rule: '#c9d3cf',
  band: '#edf3f0',
  negative: '#8a2b22',
};
export const FONT = { regular: 'Helvetica', bold: 'Helvetica-Bold', italic: 'Helvetica-Oblique' };

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

export type Doc = PDFKit.PDFDocument;

export type Struct = PDFKit.PDFStructureElement;

/** Where a piece of text goes in the tag tree; text without one (running heads, footers) is an artifact. */
export interface Tag {
  parent: Struct;
  type: 'H1' | 'H2' | 'P' | 'Span' | 'TH' | 'TD';
}

export interface Put {
  tag?: Tag;
  font?: string;
  size?: number;
  color?: string;
  width: number;
  align?: 'left' | 'right';
  spacing?: number;
}

/** A tagged pdfkit document with a Document root, and the drawing primitives every layout uses. */
export class PdfCanvas {
  protected page = 0;
  /** The tag tree's Document element: every section of the layout is a child of it. */
  readonly root: Struct;

  constructor(protected readonly doc: Doc) {
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
}
