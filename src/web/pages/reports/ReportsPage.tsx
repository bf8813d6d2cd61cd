import DownloadIcon from '@mui/icons-material/Download';
import ReceiptLongIcon from '@mui/icons-material/ReceiptLongOutlined';
import {
  Button,
  CircularProgress,
  FormControl,
  FormControlLabel,
  FormLabel,
  Grid,
  MenuItem,
  Paper,
  Radio,
  RadioGroup,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import { type ReactNode, useId, useState } from 'react';
import { MESSAGES } from '../../../domain/messages';
import {
  accountingQuerySchema,
  type DistributionStatus,
  fieldWorkerExpensesQuerySchema,
  type ReportFormat,
  reportFilename,
  TO_BEFORE_FROM,
} from '../../../domain/reports/schemas';
import { ApiError } from '../../api/client';
import { PageHeader } from '../../components/PageHeader';
import { useMessages } from '../../shell/messages';
import { useTerms } from '../../site/site-config';
import { downloadFile } from '../statements/download';
import { MatDateChoices } from './MatDateChoices';

type Report = 'field-worker-expenses' | 'accounting' | 'accounting-journal';

function FormatChoice({ value, onChange }: { value: ReportFormat; onChange(next: ReportFormat): void }) {
  const id = useId();
  return (
    <FormControl>
      <FormLabel id={id} sx={{ typography: 'body2' }}>
        File type
      </FormLabel>
      <RadioGroup
        row
        aria-labelledby={id}
        value={value}
        onChange={(event) => onChange(event.target.value as ReportFormat)}
      >
        <FormControlLabel value="csv" control={<Radio size="small" />} label="CSV" />
        <FormControlLabel value="xlsx" control={<Radio size="small" />} label="Excel (.xlsx)" />
      </RadioGroup>
    </FormControl>
  );
}

function ReportCard({ title, description, children }: { title: string; description: ReactNode; children: ReactNode }) {
  return (
    <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 }, height: '100%' }}>
      <Typography variant="h2" sx={{ mb: 0.5 }}>
        {title}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2.5 }}>
        {description}
      </Typography>
      <Stack spacing={2}>{children}</Stack>
    </Paper>
  );
}

/**
 * /reports (SPEC.md §2.3, §5): the field-worker expense report between two dates and the
 * accounting-package report (and its journal) of one MAT processing date and status. Each Download
 * stays disabled until its dates (and status) are set.
 */
export function ReportsPage() {
  const terms = useTerms();
  const messages = useMessages();
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const [expensesFormat, setExpensesFormat] = useState<ReportFormat>('csv');
  const [matDate, setMatDate] = useState('');
  const [status, setStatus] = useState<DistributionStatus>('approved');
  const [accountingFormat, setAccountingFormat] = useState<ReportFormat>('csv');
  const [busy, setBusy] = useState<Report | null>(null);
  // The server's word on the chosen MAT date ("No approved distribution has…"), until it changes.
  const [matDateError, setMatDateError] = useState<string | null>(null);
  const chooseMatDate = (next: string) => {
    setMatDate(next);
    setMatDateError(null);
  };

  const expensesQuery = fieldWorkerExpensesQuerySchema.safeParse({ from, to, format: expensesFormat });
  const reversed = from !== '' && to !== '' && to < from;
  const accountingQuery = accountingQuerySchema.safeParse({ mat_to_date: matDate, status, format: accountingFormat });

  const download = async (report: Report, query: Record<string, string>, format: ReportFormat) => {
    setBusy(report);
    try {
      const name = await downloadFile(`/reports/${report}`, query, reportFilename(report, query, format));
      messages.success(`Downloaded ${name}`);
    } catch (error) {
      const dateError = error instanceof ApiError ? error.errors.mat_to_date?.[0] : undefined;
      if (dateError) setMatDateError(dateError);
      messages.error((error as Error).message || MESSAGES.somethingWentWrong);
    } finally {
      setBusy(null);
    }
  };
  const icon = (report: Report) =>
    busy === report ? <CircularProgress size={16} color="inherit" aria-hidden /> : <DownloadIcon />;

  return (
    <>
      <PageHeader title="Report Downloads" subtitle="Files for the accounting office: CSV to import, Excel to read." />
      <Grid container spacing={2}>
        <Grid size={{ xs: 12, md: 6 }}>
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
            <FormatChoice value={expensesFormat} onChange={setExpensesFormat} />
            <Stack direction="row">
              <Button
                variant="contained"
                startIcon={icon('field-worker-expenses')}
                disabled={!expensesQuery.success || busy !== null}
                onClick={() => download('field-worker-expenses', { from, to, format: expensesFormat }, expensesFormat)}
              >
                Download
              </Button>
            </Stack>
          </ReportCard>
        </Grid>
        <Grid size={{ xs: 12, md: 6 }}>
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
            <FormatChoice value={accountingFormat} onChange={setAccountingFormat} />
            <Stack direction="row" spacing={1.5} sx={{ flexWrap: 'wrap', rowGap: 1 }}>
              <Button
                variant="contained"
                startIcon={icon('accounting')}
                disabled={!accountingQuery.success || busy !== null}
                onClick={() =>
                  download('accounting', { mat_to_date: matDate, status, format: accountingFormat }, accountingFormat)
                }
              >
                Download
              </Button>
              <Button
                variant="outlined"
                startIcon={busy === 'accounting-journal' ? icon('accounting-journal') : <ReceiptLongIcon />}
                disabled={!accountingQuery.success || busy !== null}
                onClick={() =>
                  download(
                    'accounting-journal',
                    { mat_to_date: matDate, status, format: accountingFormat },
                    accountingFormat,
                  )
                }
              >
                Download Journal
              </Button>
            </Stack>
          </ReportCard>
        </Grid>
      </Grid>
    </>
  );
}
