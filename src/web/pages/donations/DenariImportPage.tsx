import { Alert, Stack } from '@mui/material';
import { PageHeader } from '../../components/PageHeader';
import { useCurrentUser } from '../../session/session';
import { ColumnMappingStep } from './ColumnMapping';
import { DenariUploadForm } from './DenariUploadForm';
import { ImportHelp } from './ImportHelp';
import { ImportPreviewView } from './ImportPreviewView';
import { ImportResultSummary } from './ImportResultSummary';
import { SavedMappings } from './SavedMappings';
import { useDenariImport } from './use-denari-import';

/** /admin/denari-import: upload name and file, a preview with problems and control totals, then Import. */
export function DenariImportPage() {
  const me = useCurrentUser();
  const state = useDenariImport();
  const { preview, result, mapping } = state;

  if (me.role !== 'admin') {
    return (
      <>
        <PageHeader title="Denari Import" />
        <Alert severity="info">Only administrators can import donation files.</Alert>
      </>
    );
  }

  return (
    <>
      <PageHeader title="Denari Import" subtitle="Import the donor system's monthly donation export (CSV or Excel)." />
      <Stack spacing={2}>
        <ImportHelp />
        <DenariUploadForm state={state} />
        {result && <ImportResultSummary result={result} />}
        {preview && mapping.open && mapping.mapping && (
          <ColumnMappingStep
            preview={preview}
            value={mapping.mapping}
            onChange={mapping.setMapping}
            amountColumn={mapping.amountColumn}
            onAmountColumn={mapping.setAmountColumn}
            busy={state.progress !== null}
            onApply={() => void state.send('preview')}
          />
        )}
        {preview && (
          <>
            {preview.can_import ? (
              <Alert severity="success" variant="outlined">
                Every row matched{preview.totals.grand.skipped_rows > 0 ? ' (skipped gifts are left out)' : ''}. Check
                the control totals against the donor system's report, then import.
              </Alert>
            ) : null}
            <ImportPreviewView preview={preview} />
          </>
        )}
        <SavedMappings />
      </Stack>
    </>
  );
}
