import PhotoCameraIcon from '@mui/icons-material/PhotoCamera';
import UploadFileIcon from '@mui/icons-material/UploadFile';
import { Alert, Box, Button, Typography } from '@mui/material';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type ChangeEvent, useRef, useState } from 'react';
import { MAX_RECEIPT_BYTES } from '../../../domain/expense-reports/files';
import { MESSAGES } from '../../../domain/messages';
import { ApiError } from '../../api/client';
import { keys } from '../../api/query-keys';
import { createThroughOutbox, KEPT_ON_DEVICE } from '../../offline/outbox';
import type { PendingMarks } from '../../offline/pending-rows';
import { shrinkReceipt } from '../../offline/shrink-receipt';
import { useMessages } from '../../shell/messages';
import { markOf } from './PendingNote';
import { ReceiptCard, ReceiptPreview } from './ReceiptCard';
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
        accept="image/*,.heic,.heif,application/pdf"
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
  marks,
  onDelete,
}: {
  report: FullReport;
  editable: boolean;
  marks?: PendingMarks;
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
            <ReceiptCard
              key={file.id}
              file={file}
              mark={markOf(marks, 'fileUpload', file.id)}
              onPreview={() => setPreviewing(file)}
              onDelete={editable ? () => onDelete(file) : undefined}
            />
          ))}
        </Box>
      )}
      {previewing && <ReceiptPreview file={previewing} onClose={() => setPreviewing(null)} />}
    </Section>
  );
}
