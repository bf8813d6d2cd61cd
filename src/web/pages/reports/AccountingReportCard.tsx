import ReceiptLongIcon from '@mui/icons-material/ReceiptLongOutlined';
import { Button, MenuItem, Stack, TextField } from '@mui/material';
import { useState } from 'react';
import { accountingQuerySchema, type DistributionStatus, type ReportFormat } from '../../../domain/reports/schemas';
import { ApiError } from '../../api/client';
import { MatDateChoices } from './MatDateChoices';
import { DownloadButtonIcon, FormatChoice, ReportCard } from './ReportCard';
import type { ReportDownload } from './use-report-download';

/**
 * The accounting-package report (and its journal) of one MAT processing date and distribution
 * status; the server's word on a date with no such distribution stays under the date until it changes.
 */
export function AccountingReportCard({ downloads }: { downloads: ReportDownload }) {
  const [matDate, setMatDate] = useState('');
  const [status, setStatus] = useState<DistributionStatus>('approved');
  const [format, setFormat] = useState<ReportFormat>('csv');
  // The server's word on the chosen MAT date ("No approved distribution has…"), until it changes.
  const [matDateError, setMatDateError] = useState<string | null>(null);
  const chooseMatDate = (next: string) => {
    setMatDate(next);
    setMatDateError(null);
  };
  const query = accountingQuerySchema.safeParse({ mat_to_date: matDate, status, format });
  const { busy, download } = downloads;
  const downloadAs = (report: 'accounting' | 'accounting-journal') =>
    download(report, { mat_to_date: matDate, status, format }, format, (error) => {
      const dateError = error instanceof ApiError ? error.errors.mat_to_date?.[0] : undefined;
      if (dateError) setMatDateError(dateError);
    });

  return (
    <ReportCard
      title="Accounting Package Report"
      description="The distributions of one MAT Day (those whose period ends on that date): one row per distribution with every figure to book, or the same as journal entries whose debits equal credits."
    >
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        <TextField
          id="report-mat-date"
          label="MAT Processing Date"
          type="date"
          value={matDate}
          onChange={(event) => chooseMatDate(event.target.value)}
          error={matDateError !== null}
          helperText={matDateError ?? undefined}
          slotProps={{ inputLabel: { shrink: true } }}
        />
        <TextField
          id="report-status"
          label="Distribution Status"
          select
          value={status}
          onChange={(event) => {
            setStatus(event.target.value as DistributionStatus);
            setMatDateError(null);
          }}
        >
          <MenuItem value="approved">Approved</MenuItem>
          <MenuItem value="pending">Pending</MenuItem>
        </TextField>
      </Stack>
      <MatDateChoices status={status} onChoose={chooseMatDate} />
      <FormatChoice value={format} onChange={setFormat} />
      <Stack direction="row" spacing={1.5} sx={{ flexWrap: 'wrap', rowGap: 1 }}>
        <Button
          variant="contained"
          startIcon={<DownloadButtonIcon busy={busy === 'accounting'} />}
          disabled={!query.success || busy !== null}
          onClick={() => downloadAs('accounting')}
        >
          Download
        </Button>
        <Button
          variant="outlined"
          startIcon={<DownloadButtonIcon busy={busy === 'accounting-journal'} idle={<ReceiptLongIcon />} />}
          disabled={!query.success || busy !== null}
          onClick={() => downloadAs('accounting-journal')}
        >
          Download Journal
        </Button>
      </Stack>
    </ReportCard>
  );
}
