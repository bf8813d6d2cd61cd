import { z } from 'zod';
import { contracts, fileResponse, ZDate, ZDollars } from '../../contract';
import { dateField } from '../../fields';
import { TO_BEFORE_FROM } from '../schemas';
import { ACCOUNT_KINDS, ZAccountingMapping, ZMappedAccount } from './kinds';
import { JOURNAL_FORMATS } from './layout';

/** The contracts of the accounting presets (docs/reports.md "Accounting presets", decision 32). */

const ZKind = z.enum(ACCOUNT_KINDS);

export const ZAccountingSettingsSchema = z
  .object({
    accounts: z.partialRecord(ZKind, ZMappedAccount),
    dimension: z.string(),
    /** The kinds without an account: exports book them to the journal's own accounts. */
    unmapped: z.array(ZKind),
  })
  .meta({ id: 'AccountingSettings' });
export type TAccountingSettings = z.infer<typeof ZAccountingSettingsSchema>;

const blank = (value: unknown) => value === undefined || value === null || String(value).trim() === '';

/** `format`: one of the six layouts, csv when left out. */
const journalFormatField = z.preprocess(
  (value) => (blank(value) ? 'csv' : String(value).trim().toLowerCase()),
  z.enum(JOURNAL_FORMATS, { error: `Format must be one of ${JOURNAL_FORMATS.join(', ')}.` }),
);

/** The longest range one export reads: a year and a day (a fiscal year, whatever its first day). */
export const MAX_JOURNAL_DAYS = 366;

export const journalQuerySchema = z
  .object({ format: journalFormatField, from: dateField('From Date'), to: dateField('To Date') })
  .refine((query) => query.to >= query.from, { path: ['to'], message: TO_BEFORE_FROM })
  .refine((query) => (Date.parse(query.to) - Date.parse(query.from)) / 86_400_000 < MAX_JOURNAL_DAYS, {
    path: ['to'],
    message: `Choose at most ${MAX_JOURNAL_DAYS} days.`,
  });
export type JournalQuery = z.output<typeof journalQuerySchema>;

export const ZJournalPreviewSchema = z
  .object({
    format: z.enum(JOURNAL_FORMATS),
    from: ZDate,
    to: ZDate,
    /** The file's header rows, then the rows of its first entries, as the file holds them. */
    header: z.array(z.array(z.string())),
    rows: z.array(z.array(z.string())),
    entries_shown: z.number().int().nonnegative(),
    entry_count: z.number().int().nonnegative(),
    line_count: z.number().int().nonnegative(),
    /** How many files the download holds (Xero: a zip of parts of at most 300 lines). */
    files: z.number().int().nonnegative(),
    totals: z.array(z.object({ kind: ZKind, number: z.string(), name: z.string(), debit: ZDollars, credit: ZDollars })),
    total_debit: ZDollars,
    total_credit: ZDollars,
    unmapped: z.array(ZKind),
    dimension: z.string(),
  })
  .meta({ id: 'JournalPreview' });
export type TJournalPreview = z.infer<typeof ZJournalPreviewSchema>;

const DOWNLOAD =
  'The token may travel as `api_token` in the query, or a single-use `download_token` from POST /download-token, so a browser can open the download.';

export const accountingPresetsContract = contracts('Accounting presets', {
  getAccountingSettings: {
    method: 'GET',
    path: '/settings/accounting',
    summary: 'The account each kind of journal account maps to, and the per-missionary dimension (staff).',
    request: {},
    responses: { 200: ZAccountingSettingsSchema },
  },
  putAccountingSettings: {
    method: 'PUT',
    path: '/settings/accounting',
    summary: 'Replace the mapping (admin): kinds left out keep the journal’s own accounts.',
    request: { body: ZAccountingMapping },
    responses: { 200: ZAccountingSettingsSchema },
  },
  journal: {
    method: 'GET',
    path: '/reports/journal',
    summary:
      'The balanced journal of approvals, reversals, payouts and other balance moves dated from–to (staff), in an accounting package’s import layout.',
    description: `${DOWNLOAD} Streamed. Xero beyond 300 lines is a zip of parts.`,
    request: { query: journalQuerySchema },
    responses: {
      200: fileResponse('The journal.', 'text/csv', 'text/plain', 'application/zip'),
    },
  },
  journalPreview: {
    method: 'GET',
    path: '/reports/journal/preview',
    summary: 'The first entries of the journal in a layout, and the totals per account of the range (staff).',
    request: { query: journalQuerySchema },
    responses: { 200: ZJournalPreviewSchema },
  },
});
