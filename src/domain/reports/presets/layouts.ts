import { APLOS } from './aplos';
import { IIF } from './iif';
import { INTACCT } from './intacct';
import type { JournalFormat, Layout } from './layout';
import { QBO } from './qbo';
import { SHEEPFOLD_CSV } from './sheepfold-csv';
import { XERO } from './xero';

/** Every layout of GET /reports/journal by its `format` (docs/reports.md "Accounting presets"). */
export const LAYOUTS: Record<JournalFormat, Layout> = {
  csv: SHEEPFOLD_CSV,
  qbo: QBO,
  iif: IIF,
  xero: XERO,
  aplos: APLOS,
  intacct: INTACCT,
};
