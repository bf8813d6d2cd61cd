import { type Cents, formatUSD } from '../../domain/money';
import { type FontStyle, fontFace } from '../pdf/fonts';
import { pdfText, type TextRun, textRuns } from '../pdf/text-runs';

export { pdfText } from '../pdf/text-runs';

/**
 * PDF plumbing for the statement (statement-pdf.ts lays it out): the page geometry, colours and
 * font styles, and a canvas over a tagged pdfkit document — text placed into the tag tree or marked
 * as an artifact, paragraphs, rules and bands. Text of any script is cut into runs, each drawn in
 * the embedded face that has its glyphs, right-to-left words in display order (src/server/pdf/).
 * Nothing here knows a statement.
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
/** The styles text is drawn in; the faces behind them are src/server/pdf/fonts.ts. */
export const FONT = { regular: 'regular', bold: 'bold', italic: 'italic' } as const satisfies Record<string, FontStyle>;

/** Where the baseline sits below a line's top, per point of size (Helvetica's ascender, which the layout was drawn for). */
const BASELINE = 0.718;
/** Distance between the lines of a wrapped paragraph, per point of size. */
const LINE_SPACING = 1.3;

/** "$1,234.50"; negative amounts with an en dash: "–$445.00". */
export function pdfMoney(cents: Cents): string {
  const text = formatUSD(cents);
  return text.startsWith('-') ? `–${text.slice(1)}` : text;
}

export type Doc = PDFKit.PDFDocument;

export type Struct = PDFKit.PDFStructureElement;

/** A line of text as written (after pdfText) and as drawn. */
interface Line {
  text: string;
  runs: TextRun[];
}

function lineOf(text: string, style: FontStyle): Line {
  return { text: pdfText(text), runs: textRuns(text, style) };
}

export interface TextStyle {
  font: FontStyle;
  size: number;
  color: string;
}

/** Where a piece of text goes in the tag tree; text without one (running heads, footers) is an artifact. */
export interface Tag {
  parent: Struct;
  type: 'H1' | 'H2' | 'P' | 'Span' | 'TH' | 'TD';
}

export interface Put {
  tag?: Tag;
  font?: FontStyle;
  size?: number;
  color?: string;
  width: number;
  align?: 'left' | 'right';
  spacing?: number;
}

/** A tagged pdfkit document with a Document root, and the drawing primitives every layout uses. */
export class PdfCanvas {
  protected page = 0;
  /** The faces registered in this document. */
  private readonly faces = new Set<string>();
  /** The tag tree's Document element: every section of the layout is a child of it. */
  readonly root: Struct;

  constructor(protected readonly doc: Doc) {
    this.root = doc.struct('Document');
    doc.addStructure(this.root);
  }

  /** One line of text, cut with an ellipsis when it does not fit the width (never wraps). */
  put(text: string, x: number, y: number, options: Put) {
    const size = options.size ?? 9.5;
    const spacing = options.spacing ?? 0;
    const line = this.fit(text, options.font ?? FONT.regular, size, options.width, spacing);
    const width = this.widthOf(line.runs, size, spacing);
    const left = options.align === 'right' ? x + options.width - width : x;
    this.doc.fillColor(options.color ?? COLOR.text);
    const draw = () => this.drawLine(line, left, y, size, spacing);
    if (options.tag) options.tag.parent.add(this.doc.struct(options.tag.type, {}, draw));
    else this.artifact(draw, 'Pagination');
  }

  /**
   * Text that wraps within the width instead of being cut (fund names, labels): each line `leading`
   * below the one before, all of them one element of the tag tree. Answers the number of lines.
   */
  putWrapped(text: string, x: number, y: number, options: Put & { leading: number }): number {
    const size = options.size ?? 9.5;
    const font = options.font ?? FONT.regular;
    // A space ends each line but the last, so the tag tree reads the words apart ("Northern Highlands").
    const lines = this.wrap(text, font, size, options.width).map((line, index, all) =>
      index < all.length - 1 ? lineOf(`${line.text} `, font) : line,
    );
    this.doc.fillColor(options.color ?? COLOR.text);
    const draw = () => {
      lines.forEach((line, index) => {
        this.drawLine(line, x, y + index * options.leading, size, 0);
      });
    };
    if (options.tag) options.tag.parent.add(this.doc.struct(options.tag.type, {}, draw));
    else this.artifact(draw, 'Pagination');
    return Math.max(1, lines.length);
  }

  /** How many lines `putWrapped` draws the text in. */
  lineCount(text: string, width: number, style: { font: FontStyle; size: number }): number {
    return Math.max(1, this.wrap(text, style.font, style.size, width).length);
  }

  /** Wrapped text (intros, comments) as one paragraph of the tag tree; answers the y below it. */
  paragraph(text: string, parent: Struct, x: number, y: number, width: number, style: TextStyle): number {
    const lines = this.wrap(text, style.font, style.size, width);
    this.doc.fillColor(style.color);
    parent.add(
      this.doc.struct('P', {}, () => {
        lines.forEach((line, index) => {
          this.drawLine(line, x, y + index * style.size * LINE_SPACING, style.size, 0);
        });
      }),
    );
    return y + lines.length * style.size * LINE_SPACING;
  }

  /** The height a wrapped paragraph takes. */
  textHeight(text: string, width: number, style: { font: FontStyle; size: number }): number {
    return this.wrap(text, style.font, style.size, width).length * style.size * LINE_SPACING;
  }

  /** Registers each face once per document, then selects it. */
  private use(run: TextRun, size: number) {
    if (!this.faces.has(run.face)) {
      this.doc.registerFont(run.face, fontFace(run.family, run.style));
      this.faces.add(run.face);
    }
    this.doc.font(run.face).fontSize(size);
  }

  private widthOf(runs: readonly TextRun[], size: number, spacing: number): number {
    let width = 0;
    for (const run of runs) {
      this.use(run, size);
      width += this.doc.widthOfString(run.text, { characterSpacing: spacing }) + spacing;
    }
    return runs.length > 0 ? width - spacing : 0;
  }

  /** Draws a line's runs left to right. */
  private drawLine(line: Line, x: number, y: number, size: number, spacing: number) {
    let left = x;
    for (const run of line.runs) {
      this.use(run, size);
      this.doc.text(run.text, left, y + BASELINE * size, {
        lineBreak: false,
        baseline: 'alphabetic',
        characterSpacing: spacing,
      });
      left += this.doc.widthOfString(run.text, { characterSpacing: spacing }) + spacing;
    }
  }

  /** The runs of a line that fits the width, its end replaced by an ellipsis when it does not. */
  private fit(text: string, style: FontStyle, size: number, width: number, spacing: number): Line {
    const whole = lineOf(text, style);
    if (this.widthOf(whole.runs, size, spacing) <= width) return whole;
    const chars = [...whole.text];
    const cut = (count: number) => lineOf(`${chars.slice(0, count).join('').trimEnd()}…`, style);
    let low = 0;
    let high = chars.length - 1;
    while (low < high) {
      const middle = Math.ceil((low + high) / 2);
      if (this.widthOf(cut(middle).runs, size, spacing) <= width) low = middle;
      else high = middle - 1;
    }
    return cut(low);
  }

  /** Greedy word wrap; a word longer than the width is broken between characters. */
  private wrap(text: string, style: FontStyle, size: number, width: number): Line[] {
    const lines: string[] = [];
    const fits = (line: string) => this.widthOf(textRuns(line, style), size, 0) <= width;
    for (const word of pdfText(text)
      .split(' ')
      .filter((part) => part !== '')) {
      const current = lines.at(-1);
      if (current !== undefined && fits(`${current} ${word}`)) lines[lines.length - 1] = `${current} ${word}`;
      else if (fits(word)) lines.push(word);
      else {
        let piece = '';
        for (const char of word) {
          if (piece !== '' && !fits(piece + char)) {
            lines.push(piece);
            piece = '';
          }
          piece += char;
        }
        lines.push(piece);
      }
    }
    return lines.map((line) => lineOf(line, style));
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
