/** Wire shapes of the donations API, inferred from its contract. */
import type { TImportPreview } from '../../../domain/donations/contract';

export type {
  TDonationRow as Donation,
  TImportPreview as ImportPreview,
  TImportResult as ImportResult,
  TUploadName as UploadName,
} from '../../../domain/donations/contract';

export type ImportTotals = TImportPreview['totals'];
export type MissionaryTotal = ImportTotals['by_missionary'][number];
export type PreviewRow = TImportPreview['matched'][number];
export type ProblemRow = TImportPreview['problems'][number];
