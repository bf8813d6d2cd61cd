import { formatUSDate } from '../../domain/dates';
import type { Statement } from '../../domain/reports/statement';
import { COLOR, CONTENT, FONT, MARGIN, type PdfCanvas, pdfMoney } from './pdf-canvas';

/**
 * The statement's letterhead on page one (statement-pdf.ts): the site and title (H1), the period
 * and distribution facts, who it was prepared for, and the four key figures.
 */
export function drawLetterhead(canvas: PdfCanvas, s: Statement, period: string): number {
  let y = MARGIN.top;
  const head = canvas.struct(canvas.root, 'Sect');
  canvas.put(s.siteTitle, MARGIN.left, y, {
    tag: { parent: head, type: 'P' },
    font: FONT.bold,
    size: 22,
    color: COLOR.brand,
    width: CONTENT - 240,
  });
  canvas.put(s.title, MARGIN.left, y + 29, {
    tag: { parent: head, type: 'H1' },
    size: 11,
    color: COLOR.muted,
    width: CONTENT - 240,
  });
  const facts = [
    ['Period', period],
    ['MAT Day', formatUSDate(s.endDate)],
    ['Distribution', `#${s.distributionId}`],
    ...(s.approvedOn ? [['Approved', formatUSDate(s.approvedOn)]] : []),
  ];
  facts.forEach(([label, value], index) => {
    const rowY = y + 2 + index * 12.5;
    const fact = canvas.struct(head, 'P');
    canvas.put(label, MARGIN.left + CONTENT - 230, rowY, {
      tag: { parent: fact, type: 'Span' },
      size: 8.5,
      color: COLOR.muted,
      width: 80,
      align: 'right',
    });
    canvas.put(value, MARGIN.left + CONTENT - 140, rowY, {
      tag: { parent: fact, type: 'Span' },
      font: FONT.bold,
      size: 8.5,
      width: 140,
      align: 'right',
    });
  });
  y += 58;
  canvas.rule(MARGIN.left, y, CONTENT, COLOR.brand, 1.2);
  y += 14;
  const recipient = canvas.struct(head, 'P');
  const part = { parent: recipient, type: 'Span' } as const;
  canvas.put('PREPARED FOR', MARGIN.left, y, { tag: part, size: 7.5, color: COLOR.muted, width: 200, spacing: 0.5 });
  canvas.put(s.missionaryName, MARGIN.left, y + 11, { tag: part, font: FONT.bold, size: 15, width: CONTENT });
  if (s.missionaryNumber) {
    canvas.put(`${s.missionaryLabel} # ${s.missionaryNumber}`, MARGIN.left, y + 30, {
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
    const figure = canvas.struct(head, 'P');
    canvas.band(x, y, boxWidth, 46, COLOR.band, 5);
    canvas.put(highlight.label.toUpperCase(), x + 10, y + 9, {
      tag: { parent: figure, type: 'Span' },
      size: 7.5,
      color: COLOR.muted,
      width: boxWidth - 20,
      spacing: 0.5,
    });
    canvas.put(pdfMoney(highlight.amount), x + 10, y + 22, {
      tag: { parent: figure, type: 'Span' },
      font: FONT.bold,
      size: 15,
      color: highlight.amount < 0 ? COLOR.negative : COLOR.text,
      width: boxWidth - 20,
    });
  });
  return y + 46 + 24;
}
