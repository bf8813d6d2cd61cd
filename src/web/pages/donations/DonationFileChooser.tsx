import UploadFileIcon from '@mui/icons-material/UploadFile';
import { Box, Button, FormHelperText, Stack, Typography } from '@mui/material';
import { useId, useRef } from 'react';

/** Choose File: a button for the hidden file input, the chosen file's name and size, and its error. */
export function DonationFileChooser(props: {
  file: File | null;
  error: string | undefined;
  disabled: boolean;
  onChoose(file: File | null): void;
}) {
  const { file } = props;
  const fileInput = useRef<HTMLInputElement>(null);
  const fileLabelId = useId();
  return (
    <Box>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5} sx={{ alignItems: { sm: 'center' } }}>
        <Button
          variant="outlined"
          startIcon={<UploadFileIcon />}
          onClick={() => fileInput.current?.click()}
          disabled={props.disabled}
          aria-describedby={fileLabelId}
        >
          Choose File
        </Button>
        <Typography id={fileLabelId} sx={{ overflowWrap: 'anywhere' }} color={file ? 'text.primary' : 'text.secondary'}>
          {file ? `${file.name} (${Math.max(1, Math.round(file.size / 1024))} KB)` : 'No file chosen (.csv or .xlsx)'}
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
          props.onChoose(event.target.files?.[0] ?? null);
          event.target.value = '';
        }}
      />
      {props.error && (
        <FormHelperText error id="denari-error">
          {props.error}
        </FormHelperText>
      )}
    </Box>
  );
}
