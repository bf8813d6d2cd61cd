import {
  Box,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  InputAdornment,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { resolvePayout } from '../../../domain/expense-reports/calculations';
import { MESSAGES } from '../../../domain/messages';
import { formatUSD, fromDollars, parseDollars, toDecimalString } from '../../../domain/money';
import { ApiError, api } from '../../api/client';
import { useMessages } from '../../shell/messages';
import { ADVANCES_KEY, REPORTS_KEY } from './queries';
import type { FullReport } from './types';

/**
 * Staff processing (SPEC.md §5): a reimbursement takes the payout made now, shows the new unreimbursed
 * total (reimbursement due − payout) and asks to confirm the payout; an advance report confirms the
 * receipt, which closes the advance.
 */
export function ProcessReportDialog({ report, onClose }: { report: FullReport; onClose(): void }) {
  const messages = useMessages();
  const queryClient = useQueryClient();
  const due = fromDollars(report.unreimbursed_amount);
  const [payoutText, setPayoutText] = useState(toDecimalString(due));
  const [step, setStep] = useState<'enter' | 'confirm'>('enter');
  const [fieldError, setFieldError] = useState<string | null>(null);
  const payout = parseDollars(payoutText);
  const result = payout === null ? null : resolvePayout(due, { payout });
  const advance = report.type === 'advance';

  const process = useMutation({
    mutationFn: () =>
      api.patchForm<FullReport>(
        `/process-expense-report/${report.id}`,
        advance || !result?.ok
          ? {}
          : { payout: toDecimalString(result.payout), new_unreimbursed_total: toDecimalString(result.unreimbursed) },
      ),
    onSuccess: async (processed) => {
      messages.success(advance ? MESSAGES.advanceProcessed : MESSAGES.reportProcessed);
      queryClient.setQueryData([REPORTS_KEY, 'one', String(report.id)], processed);
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: [REPORTS_KEY] }),
        queryClient.invalidateQueries({ queryKey: [ADVANCES_KEY] }),
        queryClient.invalidateQueries({ queryKey: ['users'] }),
      ]);
      onClose();
    },
    onError: (error) => {
      setStep('enter');
      if (error instanceof ApiError) setFieldError(Object.values(error.errors)[0]?.[0] ?? error.message);
      messages.error(MESSAGES.reportProcessFailed);
    },
  });

  const cont = () => {
    if (payout === null) {
      setFieldError(
        payoutText.trim() === '' ? 'Payout is required.' : 'Payout must be a dollar amount with at most 2 decimals.',
      );
      return;
    }
    if (result && !result.ok) {
      setFieldError(result.message);
      return;
    }
    setFieldError(null);
    setStep('confirm');
  };

  if (advance) {
    return (
      <Dialog open onClose={onClose} fullWidth maxWidth="xs" aria-labelledby="process-title">
        <DialogTitle id="process-title">Confirm receipt</DialogTitle>
        <DialogContent>
          <DialogContentText>
            The advance report of {report.user_name} totals {formatUSD(fromDollars(report.total_amount))} against an
            approved {formatUSD(fromDollars(report.advance_request?.amount_approved ?? 0))}. Confirming the receipts
            closes advance request #{report.advance_request_id}.
          </DialogContentText>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>Cancel</Button>
          <Button variant="contained" onClick={() => process.mutate()} disabled={process.isPending}>
            Confirm Receipt
          </Button>
        </DialogActions>
      </Dialog>
    );
  }

  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="xs" aria-labelledby="process-title">
      <DialogTitle id="process-title">{step === 'enter' ? 'Process Reimbursement' : 'Confirm Payout'}</DialogTitle>
      <DialogContent>
        {step === 'enter' ? (
          <Stack spacing={2} sx={{ pt: 1 }}>
            <Row label="Reimbursement due" value={formatUSD(due)} />
            <TextField
              id="payout"
              label="Payout"
              value={payoutText}
              onChange={(event) => {
                setPayoutText(event.target.value);
                setFieldError(null);
              }}
              inputMode="decimal"
              autoFocus
              error={fieldError !== null}
              helperText={fieldError ?? 'What is paid to the missionary now'}
              slotProps={{ input: { startAdornment: <InputAdornment position="start">$</InputAdornment> } }}
            />
            <Row label="New unreimbursed total" value={result?.ok ? formatUSD(result.unreimbursed) : '—'} strong />
          </Stack>
        ) : (
          <DialogContentText component="div">
            <Stack spacing={1}>
              <Typography>
                Pay {report.user_name} <strong>{formatUSD(result?.ok ? result.payout : 0)}</strong> now?
              </Typography>
              <Typography>
                {formatUSD(result?.ok ? result.unreimbursed : 0)} stays owed and is added to their unreimbursed amount.
              </Typography>
            </Stack>
          </DialogContentText>
        )}
      </DialogContent>
      <DialogActions>
        {step === 'enter' ? (
          <>
            <Button onClick={onClose}>Cancel</Button>
            <Button variant="contained" onClick={cont}>
              Continue
            </Button>
          </>
        ) : (
          <>
            <Button onClick={() => setStep('enter')}>Back</Button>
            <Button variant="contained" onClick={() => process.mutate()} disabled={process.isPending}>
              Confirm Payout
            </Button>
          </>
        )}
      </DialogActions>
    </Dialog>
  );
}

function Row({ label, value, strong }: { label: string; value: string; strong?: boolean }) {
  return (
    <Box sx={{ display: 'flex', justifyContent: 'space-between', gap: 2 }}>
      <Typography color="text.secondary">{label}</Typography>
      <Typography sx={{ fontWeight: strong ? 700 : 500 }}>{value}</Typography>
    </Box>
  );
}
