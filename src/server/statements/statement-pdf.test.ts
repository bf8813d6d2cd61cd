import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildStatement, type StatementSource } from '../../domain/reports/statement';
import { asReportDistribution, usd, workedExample } from '../../domain/reports/test-fixtures';
import { DEFAULT_TERMS } from '../../domain/terms';
import { pdfMoney, pdfText, writeStatementPdf } from './statement-pdf';

function text(content: Buffer): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'statement-pdf-'));
  try {
    fs.writeFileSync(path.join(dir, 's.pdf'), content);
    return execFileSync('pdftotext', ['-layout', path.join(dir, 's.pdf'), '-'], { encoding: 'utf8' });
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

describe('pdfText', () => {
  it.each([
    ['Zoë Müller-Ñúñez', 'Zoë Müller-Ñúñez'],
    ['Ruth “Rue” O’Neil – €5', 'Ruth “Rue” O’Neil – €5'],
    ['李 Wei', '李 Wei'],
    ['tab\there\nline', 'tab here line'],
    ['a − b', 'a − b'],
    ['e\u0301', 'é'],
    ['Nguye\u0302\u0303n', 'Nguyễn'],
  ])('%j → %j', (input, expected) => {
    expect(pdfText(input)).toBe(expected);
  });
});

describe('pdfMoney', () => {
  it.each([
    [123456, '$1,234.56'],
    [-44500, '–$445.00'],
    [0, '$0.00'],
    [5, '$0.05'],
  ])('%i → %s', (cents, expected) => {
    expect(pdfMoney(cents)).toBe(expected);
  });
});

describe('writeStatementPdf', () => {
  const example = workedExample();
  const base: StatementSource = {
    siteTitle: 'Sheepfold',
    terms: { ...DEFAULT_TERMS, missionary: 'Field Worker' },
    distribution: {
      ...asReportDistribution(example, { id: 77 }),
      user_name: 'Zoë 李 Okafor',
      comments: 'Line one.\nLine two with a long sentence that has to wrap across the whole width of the page.',
      approved_on: '2024-06-02',
    },
    donations: [{ fundName: 'General Fund', designated: false, gifts: 3, amount: usd('4450.00') }],
    reports: [],
    advances: [],
    funds: [],
  };

  it('runs long tables onto further pages, repeats the running head and numbers the pages', async () => {
    const many = Array.from({ length: 90 }, (_, i) => ({
      type: 'Withdrawal' as const,
      description: `Withdrawal number ${i + 1}`,
      requested: 100 + i,
      granted: 100 + i,
      unpaid: 0,
    }));
    const statement = buildStatement({
      ...base,
      funds: [
        {
          holdAccountId: 7,
          fundName: 'Vehicle Fund',
          starting: usd('400.00'),
          deposits: usd('350.00'),
          transfers: 0,
          withdrawals: usd('750.00'),
          ending: 0,
          startingUnreimbursed: 0,
          endingUnreimbursed: 0,
          transactions: many,
        },
      ],
    });
    const pdf = await writeStatementPdf(statement, new Date('2024-06-02T12:00:00Z'));
    const content = text(pdf);
    const pages = content.split('\f').filter((page) => page.trim() !== '');
    expect(pages.length).toBeGreaterThanOrEqual(3);
    pages.forEach((page, index) => {
      expect(page).toContain(`Page ${index + 1} of ${pages.length}`);
      expect(page).toContain('Zoë 李 Okafor (M-0012)');
    });
    expect(pages[1]).toContain('Monthly Statement · Zoë 李 Okafor (M-0012)');
    for (let i = 1; i <= 90; i += 1) expect(content).toContain(`Withdrawal number ${i} `);
    expect(content).toContain('Hold-account transactions (continued)');
    expect(content).toContain('Field Worker # M-0012');
    expect(content).toContain('Line two with a long sentence');
  });

  it('is tagged, so a screen reader reads the sections in order and skips the page furniture', async () => {
    const statement = buildStatement(base);
    const pdf = await writeStatementPdf(statement, new Date('2024-06-02T12:00:00Z'));
    const tree = execFileSync('pdfinfo', ['-struct-text', '-'], { input: pdf, encoding: 'utf8' });
    const outline = tree.split('\n').map((line) => line.trim());
    const textUnder = (tag: string) => outline.filter((_, i) => outline[i - 1]?.startsWith(tag));

    expect(outline[0]).toBe('Document');
    expect(textUnder('H1')).toEqual(['"Monthly Statement"']);
    // Every section title is a heading, in the statement's order whichever column it was drawn in.
    expect(textUnder('H2')).toEqual([...statement.sections.map((section) => `"${section.title}"`), '"Comments"']);
    // A line reads as one paragraph: its label, then its amount.
    expect(tree).toMatch(/P \(block\)\n\s+Span \(inline\)\n\s+"Admin fee"\n\s+Span \(inline\)\n\s+"–\$445.00"/);
    // Tables keep their header cells as headers.
    expect(tree).toMatch(/TR\n\s+TH\n\s+"Fund"\n\s+TH\n\s+"Gifts"\n\s+TH\n\s+"Amount"/);
    // Rules, bands, running heads and page numbers are artifacts, outside the tree.
    expect(tree).not.toContain('Page 1 of');
  });

  describe('long fund names print whole, wrapped, never cut', () => {
    const longName = 'Clean Water for the Northern Highlands Village Schools and Clinics Building Fund';
    const statement = buildStatement({
      ...base,
      donations: [
        { fundName: 'General Fund', designated: false, gifts: 3, amount: usd('4200.00') },
        { fundName: longName, designated: true, gifts: 1, amount: usd('250.00') },
      ],
      funds: [
        {
          holdAccountId: 7,
          fundName: longName,
          starting: usd('400.00'),
          deposits: usd('350.00'),
          transfers: 0,
          withdrawals: usd('750.00'),
          ending: 0,
          startingUnreimbursed: 0,
          endingUnreimbursed: 0,
          transactions: [
            { type: 'Deposit', description: 'MAT Day deposit', requested: 35000, granted: 35000, unpaid: 0 },
          ],
        },
      ],
      advances: [{ id: 41, requested: usd('300.00'), paid: usd('300.00') }],
    });
    const written = writeStatementPdf(statement, new Date('2024-06-02T12:00:00Z'));

    it('pdftotext reads every word of the name and no ellipsis', async () => {
      const content = text(await written);
      expect(content).not.toContain('…');
      // Donations by fund (half a page wide), Hold accounts and Hold-account transactions: three times.
      for (const word of longName.split(' ')) {
        expect(content.split(word).length - 1, word).toBeGreaterThanOrEqual(3);
      }
    });

    it('a screen reader reads the name as one table cell', async () => {
      const tree = execFileSync('pdfinfo', ['-struct-text', '-'], { input: await written, encoding: 'utf8' });
      const cells = tree.split('\n').map((line) => line.trim().replace(/^"|"$/g, ''));
      expect(cells).toContain(`${longName} (designated)`);
      expect(cells.filter((cell) => cell === longName)).toHaveLength(2);
    });

    it('dates the advance by the MAT date (the end date), not the day it was approved', async () => {
      expect(text(await written)).toContain('Paid on MAT Day 05/31/2024');
    });
  });

  it('marks the document with a title and language', async () => {
    const pdf = await writeStatementPdf(buildStatement(base), new Date('2024-06-02T12:00:00Z'));
    const info = execFileSync('pdfinfo', ['-'], { input: pdf, encoding: 'utf8' });
    expect(info).toMatch(/Title:\s+Monthly Statement — Zoë 李 Okafor — 05\/31\/2024/);
    expect(info).toMatch(/Pages:\s+2/);
  });

  /** pdftotext wraps right-to-left text in embedding marks (U+202A–U+202E); they are not part of the name. */
  const readBack = (pdf: Buffer) => text(pdf).replace(/[\u202a-\u202e]/g, '');

  // Every script a missionary's name may be written in, read back exactly: docs/reports.md, "Fonts and scripts".
  it.each([
    ['Latin', 'Zoë Müller-Ñúñez', 'NotoSans-Bold'],
    ['Vietnamese', 'Nguyễn Văn Ân', 'NotoSans-Bold'],
    ['Cyrillic', 'Иван Петрович Сидоров', 'NotoSans-Bold'],
    ['Greek', 'Γιώργος Παπαδόπουλος', 'NotoSans-Bold'],
    ['Korean', '김민준', 'NotoSansKR-Bold'],
    ['Chinese', '李小龍', 'NotoSansHans-Bold'],
    ['Arabic', 'محمد عبد الله', 'NotoNaskhArabic-Bold'],
    ['Arabic with lam-alef', 'علاء الدين', 'NotoNaskhArabic-Bold'],
    ['Hebrew', 'דוד כהן', 'NotoSansHebrew-Bold'],
  ])('prints the %s name %s as written, in an embedded subset of %s', async (_script, name, face) => {
    const statement = buildStatement({ ...base, distribution: { ...base.distribution, user_name: name } });
    const pdf = await writeStatementPdf(statement, new Date('2024-06-02T12:00:00Z'));
    const lines = readBack(pdf).split('\n');
    expect(lines).toContain(name);
    expect(lines).not.toContainEqual(expect.stringContaining('?'));
    const fonts = execFileSync('pdffonts', ['-'], { input: pdf, encoding: 'utf8' });
    expect(fonts).toMatch(new RegExp(`[A-Z]{6}\\+${face}\\s.*\\byes\\s+yes\\s+yes\\b`));
  });

  it('prints a name that mixes scripts on one line, each in its own face', async () => {
    const name = 'Nguyễn Văn Ân · 김민준 · 李小龍 · Иван';
    const statement = buildStatement({ ...base, distribution: { ...base.distribution, user_name: name } });
    const pdf = await writeStatementPdf(statement, new Date('2024-06-02T12:00:00Z'));
    expect(readBack(pdf).split('\n')).toContain(name);
  });

  it('embeds only the Latin faces, subset, for a statement written in Latin letters', async () => {
    const statement = buildStatement({ ...base, distribution: { ...base.distribution, user_name: 'Ruth Okafor' } });
    const pdf = await writeStatementPdf(statement, new Date('2024-06-02T12:00:00Z'));
    const fonts = execFileSync('pdffonts', ['-'], { input: pdf, encoding: 'utf8' })
      .split('\n')
      .slice(2)
      .filter((line) => line.trim() !== '')
      .map((line) => line.split(/\s+/)[0].replace(/^[A-Z]{6}\+/, ''));
    expect(fonts.sort()).toEqual(['NotoSans-Bold', 'NotoSans-Italic', 'NotoSans-Regular']);
    // Subsetting keeps the file small: three faces of a 630 KB font add about 16 KB.
    expect(pdf.length).toBeLessThan(60_000);
  });
});
