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
import { keys } from '../../api/query-keys';
import { ErrorState } from '../../components/ErrorState';
import { useMessages } from '../../shell/messages';
import { usePayoutPreview } from './payout-preview';
import type { FullReport } from './types';

/**
 * Staff processing (SPEC.md §5): a reimbursement takes the payout made now, shows the new unreimbursed
 * total (reimbursement due − payout) and asks to confirm the payout in words that say what happens
 * (DESIGN.md decision 14: "Pay Ruth Okafor $150.00 now? It comes from their fund and leaves
 * $4,850.00; $84.62 stays owed."); an advance report confirms the receipt, which closes the advance.
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
  const preview = usePayoutPreview(report);

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
      queryClient.setQueryData(keys.expenseReports.one(report.id), processed);
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: keys.expenseReports.all }),
        queryClient.invalidateQueries({ queryKey: keys.advances.all }),
        queryClient.invalidateQueries({ queryKey: keys.users.all }),
        queryClient.invalidateQueries({ queryKey: keys.holdAccounts.all }),
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
    // A hold account never goes below zero (the fund may): say the most that can be paid now.
    const problem = result?.ok ? preview.problem(result.payout) : null;
    if (problem) {
      setFieldError(problem);
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
              onKeyDown={(event) => {
                // Enter continues, as in any form (the dialog has no <form> of its own).
                if (event.key === 'Enter') {
                  event.preventDefault();
                  cont();
                }
              }}
              inputMode="decimal"
              autoFocus
              error={fieldError !== null}
              helperText={fieldError ?? 'What is paid to the missionary now'}
              slotProps={{ input: { startAdornment: <InputAdornment position="start">$</InputAdornment> } }}
            />
            <Row label="New unreimbursed total" value={result?.ok ? formatUSD(result.unreimbursed) : '—'} strong />
            {preview.failed && <ErrorState error={preview.failed} onRetry={preview.retry} />}
          </Stack>
        ) : (
          <DialogContentText component="div">
            <Typography>{preview.sentence(result?.ok ? result.payout : 0)}</Typography>
          </DialogContentText>
        )}
      </DialogContent>
      <DialogActions>
        {step === 'enter' ? (
          <>
            <Button onClick={onClose}>Cancel</Button>
            <Button variant="contained" onClick={cont} disabled={preview.loading || preview.failed !== null}>
              Continue
            </Button>
          </>
        ) : (
          <>
            <Button onClick={() => setStep('enter')}>Back</Button>
            {/* Focused, so Enter in Payout then Enter again pays, without reaching for the mouse. */}
            <Button variant="contained" onClick={() => process.mutate()} disabled={process.isPending} autoFocus>
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
