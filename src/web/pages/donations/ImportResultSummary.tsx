import { Alert, Link } from '@mui/material';
import { Link as RouterLink } from 'react-router';
import { money } from '../../format';
import { ControlTotals } from './ImportPreviewView';
import type { ImportResult } from './types';
import { UploadMissionaryTotals } from './UploadMissionaryTotals';

/** After an import: what was imported (with a link to those donations), its control totals, the per-missionary totals. */
export function ImportResultSummary({ result }: { result: ImportResult }) {
  return (
    <>
      <Alert severity="success">
        {result.message} {result.total_count} donations totalling {money(result.total_amount)} were imported as “
        {result.upload_name}”.{' '}
        <Link component={RouterLink} to={`/admin/donations?upload_name=${encodeURIComponent(result.upload_name)}`}>
          View donations
        </Link>
      </Alert>
      <ControlTotals totals={result.totals} />
      {result.totals.others && <UploadMissionaryTotals uploadId={result.id} />}
    </>
  );
}
