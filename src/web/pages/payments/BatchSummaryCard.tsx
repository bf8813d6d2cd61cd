import { Alert, Box, Button, Paper, Stack, Typography } from '@mui/material';
import { useState } from 'react';
import type { TPaymentBatch } from '../../../domain/payments/contract';
import { ReadOnlyFields } from '../../components/ReadOnlyFields';
import { date, dateTime, money } from '../../format';
import { useMessages } from '../../shell/messages';
import { downloadFile } from '../statements/download';
import { METHOD_NAMES, uploadAdvice } from './batch-summary';
import { PlainTable } from './PlainTable';

const FILE_LABELS = {
  nacha: 'NACHA file (ACH)',
  pain001: 'pain.001 file (wires)',
  checks: 'Check register (CSV)',
} as const;

/** The batch's totals per method and currency, and what it paid back through returns. */
export function BatchTotals({ batch }: { batch: TPaymentBatch }) {
  return (
    <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
      <Typography variant="h2" sx={{ mb: 1 }}>
        Totals
      </Typography>
      <ReadOnlyFields
        fields={[
          ['MAT date', date(batch.mat_date)],
          ['Takes effect', batch.effective_date ? date(batch.effective_date) : 'When released'],
          ['Held lines', String(batch.held_count)],
          ['Prenotes', String(batch.prenote_count)],
          ['Returned', money(batch.returned_total)],
          ['Released', batch.released_at ? `${dateTime(batch.released_at)} by ${batch.released_by ?? '—'}` : 'Not yet'],
        ]}
      />
      <PlainTable
        label="Totals per method and currency"
        mt={2}
        head={
          <>
            <th>Method</th>
            <th>Currency</th>
            <th className="num">Payees</th>
            <th className="num">Amount</th>
          </>
        }
      >
        {batch.totals.map((total) => (
          <tr key={`${total.method}:${total.currency}`}>
            <td>{METHOD_NAMES[total.method]}</td>
            <td>{total.currency}</td>
            <td className="num">{total.count}</td>
            <td className="num">{money(total.amount)}</td>
          </tr>
        ))}
        <Box component="tr" sx={{ '& td': { fontWeight: 'bold' } }}>
          <td colSpan={2}>{batch.status === 'draft' ? 'Release pays' : 'Paid'}</td>
          <td className="num">{batch.totals.reduce((sum, total) => sum + total.count, 0)}</td>
          <td className="num">{money(batch.total)}</td>
        </Box>
      </PlainTable>
    </Paper>
  );
}

/** After release: the files to upload to the bank, each downloaded with a single-use token. */
export function BatchFiles({ batch, admin }: { batch: TPaymentBatch; admin: boolean }) {
  const messages = useMessages();
  const [busy, setBusy] = useState<string | null>(null);
  if (batch.status !== 'released') return null;
  const download = async (file: TPaymentBatch['files'][number]) => {
    setBusy(file.kind);
    try {
      // The answer names the file under /api; downloadFile adds /api itself.
      const name = await downloadFile(file.path.replace(/^\/api/, ''), {}, file.filename);
      messages.success(`Downloaded ${name}`);
    } catch (error) {
      messages.error((error as Error).message);
    } finally {
      setBusy(null);
    }
  };
  return (
    <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
      <Typography variant="h2" sx={{ mb: 1 }}>
        Files for the bank
      </Typography>
      {!admin ? (
        <Alert severity="info">Only an admin can download the bank files: they hold whole account numbers.</Alert>
      ) : batch.files.length === 0 ? (
        <Typography color="text.secondary">This batch made no files: it paid nothing.</Typography>
      ) : (
        <Stack spacing={1}>
          <Typography variant="body2" color="text.secondary">
            {uploadAdvice(batch)} Nothing has been sent to a bank.
          </Typography>
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1}>
            {batch.files.map((file) => (
              <Button key={file.kind} variant="outlined" disabled={busy !== null} onClick={() => download(file)}>
                Download {FILE_LABELS[file.kind]}
              </Button>
            ))}
          </Stack>
        </Stack>
      )}
    </Paper>
  );
}
