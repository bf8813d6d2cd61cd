import DescriptionOutlinedIcon from '@mui/icons-material/DescriptionOutlined';
import PhotoCameraIcon from '@mui/icons-material/PhotoCamera';
import UploadFileIcon from '@mui/icons-material/UploadFile';
import {
  Alert,
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
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type ChangeEvent, useRef, useState } from 'react';
import { MAX_RECEIPT_BYTES } from '../../../domain/expense-reports/files';
import { MESSAGES } from '../../../domain/messages';
import { ApiError } from '../../api/client';
import { keys } from '../../api/query-keys';
import { ErrorState } from '../../components/ErrorState';
import { Loading } from '../../components/Loading';
import { createThroughOutbox, KEPT_ON_DEVICE } from '../../offline/outbox';
import { shrinkReceipt } from '../../offline/shrink-receipt';
import { useMessages } from '../../shell/messages';
import { useFileObjectUrl } from './queries';
import { Section } from './ReportSection';
import type { FileUpload, FullReport } from './types';

/** Uploads a receipt to the report; a file over the limit is refused before it is sent. */
function useReceiptUpload(report: FullReport) {
  const messages = useMessages();
  const queryClient = useQueryClient();
  const [problem, setProblem] = useState<string | null>(null);
  const upload = useMutation({
    // Offline too: the photo is shrunk here, then sent or kept on the device until the link returns.
    networkMode: 'always',
    mutationFn: async (chosen: File) => {
      const file = await shrinkReceipt(chosen);
      if (file.size > MAX_RECEIPT_BYTES) throw new ApiError(413, { message: MESSAGES.fileTooLarge });
      return createThroughOutbox({
        userId: report.user_id,
        reportId: report.id,
        kind: 'fileUpload',
        fields: { expense_report_id: String(report.id) },
        file,
        filename: file.name,
      });
    },
    onSuccess: async (outcome) => {
      setProblem(null);
      messages.success(outcome === 'kept' ? KEPT_ON_DEVICE : MESSAGES.fileUploaded);
      await queryClient.invalidateQueries({ queryKey: keys.expenseReports.all });
    },
    onError: (error) => {
      setProblem(error.message || MESSAGES.somethingWentWrong);
      messages.error(error.message || MESSAGES.somethingWentWrong);
    },
  });
  const choose = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    upload.mutate(file);
  };
  return { upload, choose, problem, clearProblem: () => setProblem(null) };
}

/** Upload Receipt (files, photos, PDFs) and, on phones, Take Photo (the camera directly). */
function ReceiptButtons({ busy, onChoose }: { busy: boolean; onChoose(event: ChangeEvent<HTMLInputElement>): void }) {
  const input = useRef<HTMLInputElement>(null);
  const camera = useRef<HTMLInputElement>(null);
  return (
    <>
      <input
        ref={input}
        id="receipt-file"
        type="file"
        accept="image/*,application/pdf"
        hidden
        onChange={onChoose}
        aria-label="Receipt file"
      />
      {/* On phones a second button opens the camera directly (capture); the first still
          offers files, photos and PDFs. */}
      <input
        ref={camera}
        id="receipt-camera"
        type="file"
        accept="image/*"
        capture="environment"
        hidden
        onChange={onChoose}
        aria-label="Receipt photo"
      />
      <Button
        variant="outlined"
        startIcon={<PhotoCameraIcon />}
        onClick={() => camera.current?.click()}
        disabled={busy}
        sx={{ display: { xs: 'inline-flex', sm: 'none' }, mr: 1 }}
      >
        Take Photo
      </Button>
      <Button variant="outlined" startIcon={<UploadFileIcon />} onClick={() => input.current?.click()} disabled={busy}>
        {busy ? 'Uploading…' : 'Upload Receipt'}
      </Button>
    </>
  );
}

export function ReceiptsSection({
  report,
  editable,
  onDelete,
}: {
  report: FullReport;
  editable: boolean;
  onDelete(item: FileUpload): void;
}) {
  const [previewing, setPreviewing] = useState<FileUpload | null>(null);
  const { upload, choose, problem, clearProblem } = useReceiptUpload(report);
  return (
    <Section title="Receipts" action={editable && <ReceiptButtons busy={upload.isPending} onChoose={choose} />}>
      {problem && (
        <Alert severity="error" sx={{ mb: 1 }} onClose={clearProblem}>
          {problem}
        </Alert>
      )}
      {report.file_upload.length === 0 ? (
        <Typography color="text.secondary" sx={{ py: 2 }}>
          {editable ? 'No receipts yet. Upload a photo or a PDF (5 MB at most).' : 'No receipts.'}
        </Typography>
      ) : (
        <Box
          component="ul"
          aria-label="Receipts"
          sx={{
            listStyle: 'none',
            p: 0,
            m: 0,
            display: 'grid',
            gap: 1.5,
            gridTemplateColumns: { xs: 'repeat(2, minmax(0, 1fr))', sm: 'repeat(auto-fill, minmax(180px, 1fr))' },
          }}
        >
          {report.file_upload.map((file) => (
            <Card key={file.id} variant="outlined" component="li">
              <CardActionArea onClick={() => setPreviewing(file)} aria-label={`Preview ${file.filename}`}>
                <ReceiptThumbnail file={file} />
                <CardContent sx={{ p: 1 }}>
                  <Typography variant="body2" noWrap title={file.filename}>
                    {file.filename}
                  </Typography>
                  <Typography variant="caption" color="text.secondary">
                    {Math.max(1, Math.round(file.size_bytes / 1024))} KB
                  </Typography>
                </CardContent>
              </CardActionArea>
              {editable && (
                <CardActions sx={{ pt: 0 }}>
                  <Button
                    size="small"
                    color="error"
                    onClick={() => onDelete(file)}
                    aria-label={`Delete ${file.filename}`}
                  >
                    Delete
                  </Button>
                </CardActions>
              )}
            </Card>
          ))}
        </Box>
      )}
      {previewing && <ReceiptPreview file={previewing} onClose={() => setPreviewing(null)} />}
    </Section>
  );
}

const previewable = (file: FileUpload) => file.content_type.startsWith('image/') && file.content_type !== 'image/heic';

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
            {file.content_type === 'application/pdf' ? 'PDF' : 'Image'}
          </Typography>
        </Stack>
      )}
    </Box>
  );
}

function ReceiptPreview({ file, onClose }: { file: FileUpload; onClose(): void }) {
  const { url, isError, error } = useFileObjectUrl(file.file_url);
  const isPdf = file.content_type === 'application/pdf';
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
        ) : isPdf ? (
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
