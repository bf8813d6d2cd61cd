import DescriptionOutlinedIcon from '@mui/icons-material/DescriptionOutlined';
import DownloadIcon from '@mui/icons-material/Download';
import {
  Box,
  Button,
  Card,
  CardActionArea,
  CardActions,
  CardContent,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  Stack,
  Typography,
} from '@mui/material';
import { useState } from 'react';
import { ErrorState } from '../../components/ErrorState';
import { Loading } from '../../components/Loading';
import type { PendingMark } from '../../offline/pending-rows';
import { PendingNote } from './PendingNote';
import { downloadReceipt, useFileObjectUrl } from './queries';
import type { FileUpload } from './types';

/**
 * A browser shows JPEG, PNG, GIF and WebP in an <img>; HEIC (an iPhone photo the phone
 * could not convert) only Safari does. Those are shown as a file card — icon, name, size and
 * Download — never as a broken picture.
 */
export const previewable = (file: FileUpload) =>
  file.content_type.startsWith('image/') && !/^image\/hei[cf]/.test(file.content_type);

const isPdf = (file: FileUpload) => file.content_type === 'application/pdf';

function typeLabel(file: FileUpload): string {
  if (isPdf(file)) return 'PDF';
  if (/^image\/hei[cf]/.test(file.content_type) || /\.hei[cf]$/i.test(file.filename)) return 'HEIC photo';
  return file.content_type.startsWith('image/') ? 'Image' : 'File';
}

const size = (bytes: number) =>
  bytes >= 1024 * 1024 ? `${(bytes / (1024 * 1024)).toFixed(1)} MB` : `${Math.max(1, Math.round(bytes / 1024))} KB`;

function ReceiptThumbnail({ file }: { file: FileUpload }) {
  const image = previewable(file);
  const { url } = useFileObjectUrl(image ? file.file_url : null);
  return (
    <Box
      sx={{
        height: 120,
        bgcolor: 'action.hover',
        display: 'flex',
        alignItems: 'center',
        justifyContent: 'center',
        overflow: 'hidden',
      }}
    >
      {image && url ? (
        <Box component="img" src={url} alt="" sx={{ width: '100%', height: '100%', objectFit: 'cover' }} />
      ) : (
        <Stack sx={{ alignItems: 'center' }}>
          <DescriptionOutlinedIcon color="action" fontSize="large" />
          <Typography variant="caption" color="text.secondary">
            {typeLabel(file)}
          </Typography>
        </Stack>
      )}
    </Box>
  );
}

/** Download: fetched on demand with the session's token (a photo can be megabytes on a field link). */
function DownloadButton({ file }: { file: FileUpload }) {
  const [busy, setBusy] = useState(false);
  const [failed, setFailed] = useState(false);
  const download = () => {
    setBusy(true);
    setFailed(false);
    downloadReceipt(file)
      .catch(() => setFailed(true))
      .finally(() => setBusy(false));
  };
  return (
    <Button
      size="small"
      startIcon={<DownloadIcon />}
      onClick={download}
      disabled={busy}
      aria-label={`Download ${file.filename}`}
    >
      {failed ? 'Retry download' : 'Download'}
    </Button>
  );
}

/** One receipt: a picture to open, or (for what the browser cannot show) a file card with Download. */
export function ReceiptCard({
  file,
  mark,
  onPreview,
  onDelete,
}: {
  file: FileUpload;
  mark?: PendingMark;
  onPreview(): void;
  onDelete?: () => void;
}) {
  const card = !previewable(file) && !isPdf(file);
  const details = (
    <>
      <ReceiptThumbnail file={file} />
      <CardContent sx={{ p: 1 }}>
        <Typography variant="body2" noWrap title={file.filename}>
          {file.filename}
        </Typography>
        <Typography variant="caption" color="text.secondary">
          {size(file.size_bytes)}
        </Typography>
        <PendingNote mark={mark} />
      </CardContent>
    </>
  );
  return (
    <Card variant="outlined" component="li" sx={{ display: 'flex', flexDirection: 'column' }}>
      {card ? (
        <Box>{details}</Box>
      ) : (
        <CardActionArea onClick={onPreview} aria-label={`Preview ${file.filename}`}>
          {details}
        </CardActionArea>
      )}
      {(card || onDelete) && (
        <CardActions sx={{ pt: 0, mt: 'auto', flexWrap: 'wrap' }}>
          {card && <DownloadButton file={file} />}
          {onDelete && (
            <Button size="small" color="error" onClick={onDelete} aria-label={`Delete ${file.filename}`}>
              Delete
            </Button>
          )}
        </CardActions>
      )}
    </Card>
  );
}

export function ReceiptPreview({ file, onClose }: { file: FileUpload; onClose(): void }) {
  const { url, isError, error } = useFileObjectUrl(file.file_url);
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="md" aria-labelledby="receipt-preview-title">
      <DialogTitle id="receipt-preview-title" sx={{ overflowWrap: 'anywhere' }}>
        {file.filename}
      </DialogTitle>
      <DialogContent>
        {isError ? (
          <ErrorState error={error} />
        ) : !url ? (
          <Loading label="Loading receipt" />
        ) : isPdf(file) ? (
          <Box
            component="iframe"
            src={url}
            title={file.filename}
            sx={{ width: '100%', height: '70vh', border: 0, bgcolor: 'action.hover' }}
          />
        ) : previewable(file) ? (
          <Box
            component="img"
            src={url}
            alt={`Receipt ${file.filename}`}
            sx={{ maxWidth: '100%', display: 'block', mx: 'auto' }}
          />
        ) : (
          <Typography>This photo format cannot be shown here. Download it to view it.</Typography>
        )}
      </DialogContent>
      <DialogActions>
        {url && (
          <Button component="a" href={url} download={file.filename}>
            Download
          </Button>
        )}
        <Button onClick={onClose} variant="contained">
          Close
        </Button>
      </DialogActions>
    </Dialog>
  );
}
