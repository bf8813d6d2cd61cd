import {
  Alert,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { REVERSAL_MESSAGES } from '../../../../domain/distributions/reversal';
import type { TReversalPreview } from '../../../../domain/distributions/reversal-contract';
import { reversalContract } from '../../../../domain/distributions/reversal-contract';
import { secondFactorVerifyContract } from '../../../../domain/second-factor/verify-contract';
import { ApiError, call } from '../../../api/call';
import { keys } from '../../../api/query-keys';
import { ErrorState } from '../../../components/ErrorState';
import { Loading } from '../../../components/Loading';
import { money } from '../../../format';
import { useMessages } from '../../../shell/messages';

export const REVERSED_MESSAGE = 'The distribution was reversed.';

const signed = (dollars: number) => (dollars > 0 ? `+${money(dollars)}` : money(dollars));

/** What else moves besides the fund: the unreimbursed amount and each hold account. */
function OtherBalances({ preview }: { preview: TReversalPreview }) {
  const lines = [
    ...(preview.unreimbursed_change !== 0
      ? [
          `Unreimbursed amount ${signed(preview.unreimbursed_change)}, to ${money(preview.unreimbursed_after)} (the reports' unpaid parts owed again)`,
        ]
      : []),
    ...preview.hold_accounts.map((h) => `${h.fund_name} ${signed(h.change)}, to ${money(h.balance_after)}`),
  ];
  if (lines.length === 0) return null;
  return (
    <Typography component="ul" variant="body2" sx={{ m: 0, pl: 2.5 }}>
      {lines.map((line) => (
        <li key={line}>{line}</li>
      ))}
    </Typography>
  );
}

type FieldErrors = { reason?: string; code?: string; form?: string };

/** The reason (required) and, when the second factor is stale, a code from the authenticator app. */
function ReversalFields(props: {
  reason: string;
  /** null: no code needed. */
  code: string | null;
  errors: FieldErrors;
  onReason(value: string): void;
  onCode(value: string): void;
}) {
  const { errors } = props;
  return (
    <>
      <TextField
        id="reversal-reason"
        label="Why is it reversed?"
        value={props.reason}
        onChange={(event) => props.onReason(event.target.value)}
        required
        multiline
        minRows={2}
        fullWidth
        error={errors.reason !== undefined}
        helperText={errors.reason ?? 'Shown on the distribution, its statement and the mail.'}
        slotProps={{ htmlInput: { maxLength: 1000 } }}
      />
      {props.code !== null && (
        <TextField
          id="reversal-code"
          label="Code from your authenticator app"
          value={props.code}
          onChange={(event) => props.onCode(event.target.value)}
          required
          fullWidth
          autoComplete="one-time-code"
          error={errors.code !== undefined}
          helperText={errors.code ?? 'Your second factor was last confirmed more than 15 minutes ago.'}
        />
      )}
      {errors.form && !errors.reason && !errors.code && <Alert severity="error">{errors.form}</Alert>}
    </>
  );
}

/**
 * Reversing an approved distribution (POST /distribution/{id}/reverse): the dialog says first, in
 * money, what will happen (GET on the same path), then asks why; an admin whose second factor is
 * older than 15 minutes enters a code, proven before the reversal is sent.
 */
export function ReverseDialog({ distributionId, onClose }: { distributionId: number; onClose(): void }) {
  const messages = useMessages();
  const queryClient = useQueryClient();
  const [reason, setReason] = useState('');
  const [code, setCode] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});
  const preview = useQuery({
    queryKey: [...keys.distributions.one(distributionId), 'reverse'],
    queryFn: () => call(reversalContract.reversalPreview, { params: { id: distributionId } }),
  });
  const needsCode = preview.data?.second_factor_needed === true;

  const send = useMutation({
    mutationFn: async () => {
      if (needsCode) await call(secondFactorVerifyContract.verifySecondFactor, { body: { code } });
      return call(reversalContract.reverseDistribution, { params: { id: distributionId }, body: { reason } });
    },
    onSuccess: async () => {
      messages.success(REVERSED_MESSAGE);
      await queryClient.invalidateQueries({ queryKey: keys.distributions.all });
      await queryClient.invalidateQueries({ queryKey: keys.users.all });
      onClose();
    },
    onError: (failure) => {
      if (!(failure instanceof ApiError)) return setErrors({ form: 'Something went wrong.' });
      setErrors({ reason: failure.errors.reason?.[0], code: failure.errors.code?.[0], form: failure.message });
    },
  });

  const submit = () => {
    const missing = {
      reason: reason.trim() === '' ? REVERSAL_MESSAGES.reasonRequired : undefined,
      code: needsCode && code.trim() === '' ? 'Code is required.' : undefined,
    };
    if (missing.reason || missing.code) return setErrors(missing);
    send.mutate();
  };

  const p = preview.data;
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="sm" aria-labelledby="reverse-title">
      <DialogTitle id="reverse-title">Reverse distribution #{distributionId}</DialogTitle>
      <DialogContent>
        {preview.isPending && <Loading label="Working out what reversing would do" />}
        {preview.isError && <ErrorState error={preview.error} onRetry={() => preview.refetch()} />}
        {p && (
          <Stack spacing={2}>
            <DialogContentText sx={{ fontWeight: 'bold', color: 'text.primary' }}>{p.sentence}</DialogContentText>
            <OtherBalances preview={p} />
            <DialogContentText variant="body2">
              The reversal writes the opposite of every journal row the approval wrote, dated today; the distribution is
              kept, marked reversed, and the missionary is mailed.
            </DialogContentText>
            {p.refusal && <Alert severity="error">{p.refusal}</Alert>}
            {!p.refusal && (
              <ReversalFields
                reason={reason}
                code={needsCode ? code : null}
                errors={errors}
                onReason={(value) => {
                  setReason(value);
                  setErrors({});
                }}
                onCode={(value) => {
                  setCode(value);
                  setErrors({});
                }}
              />
            )}
          </Stack>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Cancel</Button>
        <Button
          variant="contained"
          color="error"
          onClick={submit}
          disabled={!p || p.refusal !== null || send.isPending}
        >
          Reverse
        </Button>
      </DialogActions>
    </Dialog>
  );
}
