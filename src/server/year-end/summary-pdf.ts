import PDFDocument from 'pdfkit';
import { formatUSDate } from '../../domain/dates';
import type { Cents } from '../../domain/money';
import type { PersonYearEnd, YearEndDistribution } from '../../domain/year-end/figures';
import { COLOR, CONTENT, FONT, MARGIN, PdfCanvas, pdfMoney, pdfText } from '../statements/pdf-canvas';

/**
 * One person's year-end summary (docs/tax.md): the W-2 or 1099-NEC figures of the year with what
 * each box is made of, the housing allowance (designated, excluded, taxable) and the distributions
 * behind them. A summary for the person and the office, drawn with the statement's tagged-PDF
 * canvas; it says plainly that it is not an IRS form.
 */
export interface YearEndSummary {
  siteTitle: string;
  year: number;
  person: PersonYearEnd;
  distributions: YearEndDistribution[];
  designation: { amount: Cents; approvedOn: string } | null;
}

function boxes(p: PersonYearEnd): Array<[string, Cents]> {
  if (p.form === '1099-NEC') {
    return [
      ['1099-NEC box 1 — nonemployee compensation', p.nec1],
      ['1099-NEC box 4 — federal income tax withheld', p.nec4],
    ];
  }
  return [
    ['Box 1 — wages, tips, other compensation', p.box1],
    ['Box 2 — federal income tax withheld', p.box2],
    ['Box 3 — social security wages', p.box3],
    ['Box 4 — social security tax withheld', p.box4],
    ['Box 5 — Medicare wages and tips', p.box5],
    ['Box 6 — Medicare tax withheld', p.box6],
    ['Box 12 code E — 403(b) elective deferrals', p.box12E],
    ['Box 14 — housing allowance (excluded)', p.box14],
  ];
}

class SummaryWriter extends PdfCanvas {
  private y = MARGIN.top;

  constructor(
    doc: PDFKit.PDFDocument,
    private readonly s: YearEndSummary,
  ) {
    super(doc);
  }

  write() {
    const { s } = this;
    const head = this.struct(this.root, 'Sect');
    this.put(s.siteTitle, MARGIN.left, this.y, {
      tag: { parent: head, type: 'P' },
      font: FONT.bold,
      size: 20,
      color: COLOR.brand,
      width: CONTENT,
    });
    this.put(`Year-end summary ${s.year}`, MARGIN.left, this.y + 27, {
      tag: { parent: head, type: 'H1' },
      size: 12,
      color: COLOR.muted,
      width: CONTENT,
    });
    this.y += 50;
    this.rule(MARGIN.left, this.y, CONTENT, COLOR.brand, 1.2);
    this.y += 12;
    this.put(s.person.userName, MARGIN.left, this.y, {
      tag: { parent: head, type: 'P' },
      font: FONT.bold,
      size: 15,
      width: CONTENT,
    });
    this.y += 22;
    const notice = `${s.person.form === 'none' ? 'No tax form' : `${s.person.form} figures`} for ${s.year}. This summary is not an IRS form: the office files the forms themselves.`;
    this.y =
      this.paragraph(notice, head, MARGIN.left, this.y, CONTENT, { font: FONT.italic, size: 9, color: COLOR.muted }) +
      10;
    this.table('Figures', boxes(s.person));
    this.housing();
    this.notes();
    this.distributions();
  }

  private heading(text: string, parent: PDFKit.PDFStructureElement) {
    this.put(text, MARGIN.left, this.y, {
      tag: { parent, type: 'H2' },
      font: FONT.bold,
      size: 11,
      color: COLOR.brand,
      width: CONTENT,
    });
    this.y += 18;
  }

  private table(title: string, rows: Array<[string, Cents]>) {
    const section = this.struct(this.root, 'Sect');
    this.heading(title, section);
    const table = this.struct(section, 'Table');
    for (const [label, amount] of rows) {
      const row = this.struct(table, 'TR');
      this.put(label, MARGIN.left, this.y, { tag: { parent: row, type: 'TH' }, size: 9.5, width: CONTENT - 130 });
      this.put(pdfMoney(amount), MARGIN.left + CONTENT - 120, this.y, {
        tag: { parent: row, type: 'TD' },
        font: FONT.bold,
        size: 9.5,
        width: 120,
        align: 'right',
      });
      this.y += 14;
      this.rule(MARGIN.left, this.y - 3, CONTENT);
    }
    this.y += 12;
  }

  private housing() {
    const { person, designation } = this.s;
    const paid = person.box14 + person.housingTaxable;
    if (paid === 0 && !designation) return;
    const rows: Array<[string, Cents]> = [
      [
        designation
          ? `Designated by the board on ${formatUSDate(designation.approvedOn)}`
          : 'Designated (none for this year)',
        designation?.amount ?? 0,
      ],
      ['Housing allowance paid', paid],
      ['Excluded under the designation', person.box14],
      ['Paid as taxable wages (in box 1)', person.housingTaxable],
    ];
    this.table('Housing allowance', rows);
  }

  private notes() {
    if (this.s.person.notes.length === 0) return;
    const section = this.struct(this.root, 'Sect');
    this.heading('Notes', section);
    for (const note of this.s.person.notes) {
      this.y =
        this.paragraph(note, section, MARGIN.left, this.y, CONTENT, {
          font: FONT.regular,
          size: 9.5,
          color: COLOR.text,
        }) + 4;
    }
    this.y += 8;
  }

  private distributions() {
    const section = this.struct(this.root, 'Sect');
    this.heading('Distributions behind these figures', section);
    const table = this.struct(section, 'Table');
    const columns: Array<[string, (d: YearEndDistribution) => Cents]> = [
      ['Gross pay', (d) => d.grossPayroll + d.housingAllowance],
      ['403(b)', (d) => d.retirement],
      ['Housing excl.', (d) => d.housingAllowanceExcluded],
      ['Fed. tax', (d) => d.federalIncomeTax],
    ];
    const width = (CONTENT - 150) / columns.length;
    const header = this.struct(table, 'TR');
    this.put('MAT date · #', MARGIN.left, this.y, {
      tag: { parent: header, type: 'TH' },
      font: FONT.bold,
      size: 8.5,
      width: 150,
    });
    columns.forEach(([label], i) => {
      this.put(label, MARGIN.left + 150 + i * width, this.y, {
        tag: { parent: header, type: 'TH' },
        font: FONT.bold,
        size: 8.5,
        width,
        align: 'right',
      });
    });
    this.y += 13;
    for (const d of this.s.distributions) {
      if (this.y > 740) {
        this.doc.addPage();
        this.y = MARGIN.top;
      }
      const row = this.struct(table, 'TR');
      this.put(`${formatUSDate(d.endDate)} · #${d.id}`, MARGIN.left, this.y, {
        tag: { parent: row, type: 'TD' },
        size: 8.5,
        width: 150,
      });
      columns.forEach(([, pick], i) => {
        this.put(pdfMoney(pick(d)), MARGIN.left + 150 + i * width, this.y, {
          tag: { parent: row, type: 'TD' },
          size: 8.5,
          width,
          align: 'right',
        });
      });
      this.y += 12;
    }
  }
}

export function writeYearEndPdf(summary: YearEndSummary, now: Date): Promise<Buffer> {
  const doc = new PDFDocument({
    size: 'LETTER',
    margins: { top: MARGIN.top, bottom: MARGIN.bottom, left: MARGIN.left, right: MARGIN.right },
    autoFirstPage: true,
    lang: 'en-US',
    displayTitle: true,
    tagged: true,
    info: {
      Title: pdfText(`Year-end summary ${summary.year} — ${summary.person.userName}`),
      Author: pdfText(summary.siteTitle),
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
  new SummaryWriter(doc, summary).write();
  doc.end();
  return done;
}
