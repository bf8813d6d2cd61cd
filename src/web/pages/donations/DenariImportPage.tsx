import UploadFileIcon from '@mui/icons-material/UploadFile';
import { Alert, Box, Button, FormHelperText, Link, Paper, Stack, TextField, Typography } from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useId, useRef, useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { MESSAGES } from '../../../domain/messages';
import { keys } from '../../api/query-keys';
import { newProgressId, useJobProgress } from '../../components/JobProgress';
import { PageHeader } from '../../components/PageHeader';
import { money } from '../../format';
import { useCurrentUser } from '../../session/session';
import { useMessages } from '../../shell/messages';
import { amountColumnsOf, ColumnMappingStep, type Mapping, mappingOf } from './ColumnMapping';
import { ImportHelp } from './ImportHelp';
import { ControlTotals, ImportPreviewView } from './ImportPreviewView';
import { ImportProgress } from './ImportProgress';
import { SavedMappings } from './SavedMappings';
import type { ImportPreview, ImportResult } from './types';
import { UploadMissionaryTotals } from './UploadMissionaryTotals';
import { UploadError, type UploadProgress, uploadWithProgress } from './upload';

type Errors = { upload_name?: string; denari?: string };

/** The refused import's body is a preview too: its rows are shown the same way. */
function previewOf(error: unknown): ImportPreview | null {
  if (error instanceof UploadError && typeof error.body === 'object' && error.body !== null) {
    const body = error.body as Partial<ImportPreview>;
    if (body.preview === true && Array.isArray(body.problems)) return body as ImportPreview;
  }
  return null;
}

/** /admin/denari-import: upload name and file, a preview with problems and control totals, then Import. */
export function DenariImportPage() {
  const me = useCurrentUser();
  const messages = useMessages();
  const queryClient = useQueryClient();
  const fileInput = useRef<HTMLInputElement>(null);
  const fileLabelId = useId();
  const [uploadName, setUploadName] = useState('');
  const [file, setFile] = useState<File | null>(null);
  const [errors, setErrors] = useState<Errors>({});
  const [progress, setProgress] = useState<UploadProgress | null>(null);
  const [preview, setPreview] = useState<ImportPreview | null>(null);
  const [result, setResult] = useState<ImportResult | null>(null);
  // DESIGN.md decision 24: the column mapping and amount column chosen for this file, sent with it.
  const [mapping, setMapping] = useState<Mapping | null>(null);
  const [amountColumn, setAmountColumn] = useState<string | null>(null);
  const [mappingOpen, setMappingOpen] = useState(false);
  // Decision 18: an import's progress on the server, polled until it has ended.
  const [job, setJob] = useState<string | null>(null);
  const jobProgress = useJobProgress(job);
  const busy = progress !== null;

  /** Opens the mapping step when the columns need it (or are not all known and no mapping was applied). */
  const showPreview = (next: ImportPreview, sentMapping: boolean) => {
    setPreview(next);
    const { columns } = next;
    const unknown = columns.unknown_headers.length > 0 && columns.mapping_id === null && !sentMapping;
    if (columns.mapping_needed || columns.amount_choice_needed || unknown) {
      setMapping((current) => (sentMapping && current ? current : mappingOf(next)));
      setAmountColumn((current) => current ?? columns.amount_column);
      setMappingOpen(true);
    } else if (!sentMapping) {
      setMappingOpen(false);
    }
  };

  const validate = (): boolean => {
    const next: Errors = {};
    if (uploadName.trim() === '') next.upload_name = MESSAGES.uploadNameRequired;
    if (!file) next.denari = MESSAGES.noFileChosen;
    setErrors(next);
    if (next.upload_name || next.denari) {
      messages.error(next.upload_name ?? next.denari ?? MESSAGES.somethingWentWrong);
      return false;
    }
    return true;
  };

  const send = async (mode: 'preview' | 'import') => {
    if (!validate() || !file) return;
    setResult(null);
    const progressId = mode === 'import' ? newProgressId() : null;
    setJob(progressId);
    try {
      const fields: Record<string, string | Blob> = { upload_name: uploadName.trim(), denari: file };
      if (mode === 'preview') fields.preview = '1';
      if (progressId) fields.progress_id = progressId;
      const sentMapping = mapping !== null && mappingOpen;
      if (sentMapping) fields.columns = JSON.stringify(mapping);
      if (amountColumn && (!sentMapping || amountColumnsOf(Object.keys(mapping ?? {}), mapping ?? {}).length > 1)) {
        fields.amount_column = amountColumn;
      }
      const answer = await uploadWithProgress<ImportPreview | ImportResult>(
        '/donation/denari-upload',
        fields,
        setProgress,
      );
      if (mode === 'preview') {
        showPreview(answer as ImportPreview, sentMapping);
      } else {
        setResult(answer as ImportResult);
        setPreview(null);
        setMappingOpen(false);
        queryClient.invalidateQueries({ queryKey: keys.donations.columnMappings });
        messages.success((answer as ImportResult).message || MESSAGES.importPosted);
        queryClient.invalidateQueries({ queryKey: keys.donations.all });
        queryClient.invalidateQueries({ queryKey: keys.holdAccounts.all });
      }
    } catch (error) {
      const refused = previewOf(error);
      if (refused) showPreview(refused, mapping !== null && mappingOpen);
      if (error instanceof UploadError) {
        const fieldErrors = error.errors;
        setErrors({
          upload_name: fieldErrors.upload_name?.[0],
          denari: fieldErrors.denari?.[0] ?? fieldErrors.file?.[0] ?? fieldErrors.columns?.[0],
        });
      }
      messages.error(error instanceof Error ? error.message : MESSAGES.somethingWentWrong);
    } finally {
      setProgress(null);
    }
  };

  const chooseFile = (chosen: File | null) => {
    setFile(chosen);
    setJob(null);
    setPreview(null);
    setResult(null);
    setMapping(null);
    setAmountColumn(null);
    setMappingOpen(false);
    setErrors((current) => ({ ...current, denari: undefined }));
  };

  if (me.role !== 'admin') {
    return (
      <>
        <PageHeader title="Denari Import" />
        <Alert severity="info">Only administrators can import donation files.</Alert>
      </>
    );
  }

  const submit = (event: FormEvent) => {
    event.preventDefault();
    void send('preview');
  };

  return (
    <>
      <PageHeader title="Denari Import" subtitle="Import the donor system's monthly donation export (CSV or Excel)." />
      <Stack spacing={2}>
        <ImportHelp />
        <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
          <Stack component="form" spacing={2} onSubmit={submit} noValidate>
            <TextField
              id="upload_name"
              label="Upload Name"
              placeholder="e.g. November 2026"
              value={uploadName}
              onChange={(event) => {
                setUploadName(event.target.value);
                setErrors((current) => ({ ...current, upload_name: undefined }));
              }}
              error={Boolean(errors.upload_name)}
              helperText={errors.upload_name ?? 'The month or batch these donations belong to.'}
              required
              disabled={busy}
            />
            <Box>
              <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5} sx={{ alignItems: { sm: 'center' } }}>
                <Button
                  variant="outlined"
                  startIcon={<UploadFileIcon />}
                  onClick={() => fileInput.current?.click()}
                  disabled={busy}
                  aria-describedby={fileLabelId}
                >
                  Choose File
                </Button>
                <Typography
                  id={fileLabelId}
                  sx={{ overflowWrap: 'anywhere' }}
                  color={file ? 'text.primary' : 'text.secondary'}
                >
                  {file
                    ? `${file.name} (${Math.max(1, Math.round(file.size / 1024))} KB)`
                    : 'No file chosen (.csv or .xlsx)'}
                </Typography>
              </Stack>
              <input
                ref={fileInput}
                type="file"
                name="denari"
                data-testid="denari-file"
                aria-label="Donation file"
                accept=".csv,.txt,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
                hidden
                onChange={(event) => {
                  chooseFile(event.target.files?.[0] ?? null);
                  event.target.value = '';
                }}
              />
              {errors.denari && (
                <FormHelperText error id="denari-error">
                  {errors.denari}
                </FormHelperText>
              )}
            </Box>
            <ImportProgress upload={progress} job={jobProgress} />
            <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', gap: 1 }}>
              <Button type="submit" variant={preview?.can_import ? 'outlined' : 'contained'} disabled={busy}>
                Preview
              </Button>
              {preview?.can_import && (
                <Button variant="contained" onClick={() => void send('import')} disabled={busy}>
                  Import {preview.totals.grand.matched_rows} Donations
                </Button>
              )}
              {preview && !mappingOpen && preview.columns.headers.length > 0 && (
                <Button
                  variant="text"
                  onClick={() => {
                    setMapping(mappingOf(preview));
                    setAmountColumn(preview.columns.amount_column);
                    setMappingOpen(true);
                  }}
                  disabled={busy}
                >
                  Edit column mapping
                </Button>
              )}
            </Stack>
          </Stack>
        </Paper>

        {result && (
          <Alert severity="success">
            {result.message} {result.total_count} donations totalling {money(result.total_amount)} were imported as “
            {result.upload_name}”.{' '}
            <Link component={RouterLink} to={`/admin/donations?upload_name=${encodeURIComponent(result.upload_name)}`}>
              View donations
            </Link>
          </Alert>
        )}
        {result && <ControlTotals totals={result.totals} />}
        {result?.totals.others && <UploadMissionaryTotals uploadId={result.id} />}
        {preview && mappingOpen && mapping && (
          <ColumnMappingStep
            preview={preview}
            value={mapping}
            onChange={setMapping}
            amountColumn={amountColumn}
            onAmountColumn={setAmountColumn}
            busy={busy}
            onApply={() => void send('preview')}
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
