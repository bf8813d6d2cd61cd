import { Alert, Box, LinearProgress, Typography } from '@mui/material';
import type { TProgress } from '../../../domain/progress/contract';
import { JobProgressBar } from '../../components/JobProgress';
import type { UploadProgress } from './upload';

/**
 * Where an upload stands (decision 18): the file's upload in percent, then the server's own
 * progress polled from GET /progress/{id} — "Importing 35,000 of 142,760: Ruth Okafor" — then how
 * the import ended. Until the server has read and matched the file the bar is indeterminate (and on
 * the embedded database, whose one connection the import holds, until the end). The server's record
 * comes first: it is the truth about the import even when the browser reports no upload events.
 */
export function ImportProgress(props: { upload: UploadProgress | null; job: TProgress | null }) {
  const { upload, job } = props;
  if (job?.status === 'failed') {
    return (
      <Alert severity="error" role="status">
        The import failed: {job.message ?? 'nothing was imported.'}
      </Alert>
    );
  }
  if (job && (job.total > 0 || job.status === 'done')) {
    return <JobProgressBar progress={job} label="Importing donations" />;
  }
  if (upload?.phase === 'uploading') {
    return (
      <Box role="status" aria-live="polite">
        <Typography variant="body2" sx={{ mb: 0.5 }}>
          Uploading… {Math.round(upload.fraction * 100)}%
        </Typography>
        <LinearProgress aria-label="Upload progress" variant="determinate" value={upload.fraction * 100} />
      </Box>
    );
  }
  if (upload?.phase === 'processing') {
    return (
      <Box role="status" aria-live="polite">
        <Typography variant="body2" sx={{ mb: 0.5 }}>
          Reading and matching the rows…
        </Typography>
        <LinearProgress aria-label="Reading the file" variant="indeterminate" />
      </Box>
    );
  }
  return null;
}
