import {
  Alert,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  MenuItem,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { paymentsContract, type TPaymentBatch, type TPaymentLine } from '../../../domain/payments/contract';
import { returnCodeChoices } from '../../../domain/payments/returns';
import { ApiError, call } from '../../api/call';
import { localToday, money } from '../../format';
import { useMessages } from '../../shell/messages';
import { returnSentence } from './batch-summary';

/**
 * Recording that a paid line came back (docs/payments.md "Returns"): the bank's reason code, the date
 * it came back, and before the click what it does — the money back on the missionary's fund.
 */
export function ReturnDialog(props: {
  batchId: number;
  line: TPaymentLine;
  onRecorded(batch: TPaymentBatch): void;
  onClose(): void;
}) {
  const messages = useMessages();
  const { line } = props;
  const choices = returnCodeChoices(line.method);
  const [code, setCode] = useState(choices[0]?.code ?? '');
  const [returnDate, setReturnDate] = useState(localToday());
  const [errors, setErrors] = useState<{ code?: string; date?: string; form?: string }>({});
  const record = useMutation({
    mutationFn: () =>
      call(paymentsContract.recordReturn, {
        params: { id: props.batchId },
        body: { line_id: line.id, code, date: returnDate },
      }),
    onSuccess: (batch) => {
      messages.success(`Recorded the return: ${money(line.amount)} is back on ${line.user_name}'s fund.`);
      props.onRecorded(batch);
    },
    onError: (failure) => {
      if (!(failure instanceof ApiError)) return setErrors({ form: 'Something went wrong.' });
      setErrors({ code: failure.errors.code?.[0], date: failure.errors.date?.[0], form: failure.message });
    },
  });
  return (
    <Dialog open onClose={props.onClose} fullWidth maxWidth="sm" aria-labelledby="return-title">
      <DialogTitle id="return-title">Record a returned payment</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          <Typography>
            {line.user_name}: {money(line.amount)} by {line.method.toUpperCase()} to{' '}
            {line.masked_account ?? 'no account'}.
          </Typography>
          <TextField
            id="return-code"
            select
            label="Return reason"
            value={code}
            onChange={(event) => {
              setCode(event.target.value);
              setErrors({});
            }}
            error={errors.code !== undefined}
            helperText={errors.code ?? "The code on the bank's return notice"}
            fullWidth
          >
            {choices.map((choice) => (
              <MenuItem key={choice.code} value={choice.code}>
                {choice.label}
              </MenuItem>
            ))}
          </TextField>
          <TextField
            id="return-date"
            label="Date it came back"
            type="date"
            value={returnDate}
            onChange={(event) => {
              setReturnDate(event.target.value);
              setErrors({});
            }}
            slotProps={{ inputLabel: { shrink: true } }}
            error={errors.date !== undefined}
            helperText={errors.date}
            fullWidth
          />
          <Alert severity="info">{returnSentence(line)}</Alert>
          {errors.form && !errors.code && !errors.date && <Alert severity="error">{errors.form}</Alert>}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={props.onClose}>Cancel</Button>
        <Button variant="contained" onClick={() => record.mutate()} disabled={record.isPending || !code}>
          Return {money(line.amount)} to the fund
        </Button>
      </DialogActions>
    </Dialog>
  );
}
