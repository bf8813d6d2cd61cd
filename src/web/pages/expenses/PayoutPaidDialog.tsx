import {
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  FormControlLabel,
  Radio,
  RadioGroup,
  Stack,
  TextField,
} from '@mui/material';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { expenseReportsContract } from '../../../domain/expense-reports/contract';
import { PAYOUT_REFERENCE_MAX, type PayoutPaidMethod } from '../../../domain/expense-reports/schemas';
import { ApiError, call } from '../../api/call';
import { keys } from '../../api/query-keys';
import { money } from '../../format';
import { useMessages } from '../../shell/messages';
import type { FullReport } from './types';

export const PAYOUT_PAID_MESSAGE = 'The payout is recorded as paid.';

/** Whether the report has a payout made at processing that is not yet recorded as paid by check or cash. */
export function payoutToRecord(report: FullReport): boolean {
  return (
    report.type === 'reimbursement' &&
    report.processed === 1 &&
    (report.payout ?? 0) > 0 &&
    report.distribution_id === null &&
    report.payout_paid === null
  );
}

/**
 * Records that the payout made at processing was paid by check or in cash, with its reference
 * (POST /expense-report/{id}/payout-paid), so a payment batch will not pay it again.
 */
export function PayoutPaidDialog({ report, onClose }: { report: FullReport; onClose(): void }) {
  const messages = useMessages();
  const queryClient = useQueryClient();
  const [method, setMethod] = useState<PayoutPaidMethod>('check');
  const [reference, setReference] = useState('');
  const [error, setError] = useState<string | null>(null);

  const send = useMutation({
    mutationFn: () =>
      call(expenseReportsContract.recordPayoutPaid, { params: { id: report.id }, body: { method, reference } }),
    onSuccess: async (recorded) => {
      messages.success(PAYOUT_PAID_MESSAGE);
      queryClient.setQueryData(keys.expenseReports.one(report.id), recorded);
      await queryClient.invalidateQueries({ queryKey: keys.expenseReports.all });
      onClose();
    },
    onError: (failure) => {
      const message =
        failure instanceof ApiError
          ? (failure.errors.reference?.[0] ?? failure.errors.method?.[0] ?? failure.message)
          : 'Something went wrong.';
      setError(message);
    },
  });

  const submit = () => {
    if (reference.trim() === '') {
      setError('Reference is required.');
      return;
    }
    send.mutate();
  };

  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="xs" aria-labelledby="payout-paid-title">
      <DialogTitle id="payout-paid-title">Record how the payout was paid</DialogTitle>
      <DialogContent>
        <Stack spacing={2}>
          <DialogContentText>
            The {money(report.payout ?? 0)} paid at processing was handed to {report.user_name} by check or in cash. A
            payment batch will then leave it out.
          </DialogContentText>
          <RadioGroup
            row
            aria-label="Method"
            value={method}
            onChange={(event) => setMethod(event.target.value as PayoutPaidMethod)}
          >
            <FormControlLabel value="check" control={<Radio />} label="Check" />
            <FormControlLabel value="cash" control={<Radio />} label="Cash" />
          </RadioGroup>
          <TextField
            id="reference"
            label={method === 'check' ? 'Check number' : 'Reference'}
            value={reference}
            onChange={(event) => {
              setReference(event.target.value);
              setError(null);
            }}
            required
            autoFocus
            fullWidth
            error={error !== null}
            helperText={
              error ?? (method === 'check' ? 'The statement says "paid by check 1042".' : 'A receipt number.')
            }
            slotProps={{ htmlInput: { maxLength: PAYOUT_REFERENCE_MAX } }}
          />
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Cancel</Button>
        <Button variant="contained" onClick={submit} disabled={send.isPending}>
          Record
        </Button>
      </DialogActions>
    </Dialog>
  );
}
