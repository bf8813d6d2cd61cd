import { Button, Stack, TextField } from '@mui/material';
import { useState } from 'react';
import { fieldWorkerExpensesQuerySchema, type ReportFormat, TO_BEFORE_FROM } from '../../../domain/reports/schemas';
import { useTerms } from '../../site/site-config';
import { DownloadButtonIcon, FormatChoice, ReportCard } from './ReportCard';
import type { ReportDownload } from './use-report-download';

/** The field-worker expense report between two dates; Download waits for both, in order. */
export function FieldWorkerExpensesCard({ downloads }: { downloads: ReportDownload }) {
  const terms = useTerms();
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const [format, setFormat] = useState<ReportFormat>('csv');
  const query = fieldWorkerExpensesQuerySchema.safeParse({ from, to, format });
  const reversed = from !== '' && to !== '' && to < from;
  const { busy, download } = downloads;

  return (
    <ReportCard
      title={`${terms.missionary} Expense Reports`}
      description={`Every expense and mileage line dated in the range, from submitted reports, with the ${terms.missionary.toLowerCase()}, category, currency, rate, USD amount and hold account.`}
    >
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        <TextField
          id="report-from"
          label="From Date"
          type="date"
          value={from}
          onChange={(event) => setFrom(event.target.value)}
          slotProps={{ inputLabel: { shrink: true } }}
        />
        <TextField
          id="report-to"
          label="To Date"
          type="date"
          value={to}
          onChange={(event) => setTo(event.target.value)}
          error={reversed}
          helperText={reversed ? TO_BEFORE_FROM : undefined}
          slotProps={{ inputLabel: { shrink: true }, htmlInput: { min: from || undefined } }}
        />
      </Stack>
      <FormatChoice value={format} onChange={setFormat} />
      <Stack direction="row">
        <Button
          variant="contained"
          startIcon={<DownloadButtonIcon busy={busy === 'field-worker-expenses'} />}
          disabled={!query.success || busy !== null}
          onClick={() => download('field-worker-expenses', { from, to, format }, format)}
        >
          Download
        </Button>
      </Stack>
    </ReportCard>
  );
}
