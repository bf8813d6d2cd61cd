import { Button, Paper, Stack, TextField } from '@mui/material';
import type { FormEvent } from 'react';
import { DonationFileChooser } from './DonationFileChooser';
import { ImportProgress } from './ImportProgress';
import type { DenariImport } from './use-denari-import';

/**
 * The upload form: Upload Name, the file, the upload's and the import's progress, then Preview,
 * Import and Edit column mapping.
 */
export function DenariUploadForm({ state }: { state: DenariImport }) {
  const { errors, progress, preview, mapping } = state;
  const busy = progress !== null;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    void state.send('preview');
  };

  return (
    <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
      <Stack component="form" spacing={2} onSubmit={submit} noValidate>
        <TextField
          id="upload_name"
          label="Upload Name"
          placeholder="e.g. November 2026"
          value={state.uploadName}
          onChange={(event) => state.nameUpload(event.target.value)}
          error={Boolean(errors.upload_name)}
          helperText={errors.upload_name ?? 'The month or batch these donations belong to.'}
          required
          disabled={busy}
        />
        <DonationFileChooser file={state.file} error={errors.denari} disabled={busy} onChoose={state.chooseFile} />
        <ImportProgress upload={progress} job={state.jobProgress} />
        <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', gap: 1 }}>
          <Button type="submit" variant={preview?.can_import ? 'outlined' : 'contained'} disabled={busy}>
            Preview
          </Button>
          {preview?.can_import && (
            <Button variant="contained" onClick={() => void state.send('import')} disabled={busy}>
              Import {preview.totals.grand.matched_rows} Donations
            </Button>
          )}
          {preview && !mapping.open && preview.columns.headers.length > 0 && (
            <Button variant="text" onClick={() => mapping.edit(preview)} disabled={busy}>
              Edit column mapping
            </Button>
          )}
        </Stack>
      </Stack>
    </Paper>
  );
}
