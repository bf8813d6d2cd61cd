import { Alert, Button, Paper, Stack, TextField, Typography } from '@mui/material';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { distributionsContract } from '../../../domain/distributions/contract';
import { paymentsContract } from '../../../domain/payments/contract';
import { ApiError, call } from '../../api/call';
import { featureKeyOf, queryKeyOf } from '../../api/contract-keys';
import { useMessages } from '../../shell/messages';

/**
 * Drafting a batch (admin): every approved distribution of a MAT date not yet in a batch, and the
 * unpaid office payouts up to that date. The draft pays nothing until it is reviewed and released.
 * The MAT date starts as the end date of the distribution approved last: the month the office has
 * just approved is the one it pays, so the usual batch needs no date typed.
 */
export function CreateBatchCard() {
  const messages = useMessages();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [typedDate, setTypedDate] = useState<string | null>(null);
  const lastApprovedQuery = { status: 'approved', order_by: 'approved_at', order: 'desc', limit: 1 } as const;
  const lastApproved = useQuery({
    queryKey: queryKeyOf(distributionsContract.paginateDistributions, { query: lastApprovedQuery }),
    queryFn: () => call(distributionsContract.paginateDistributions, { query: lastApprovedQuery }),
  });
  const matDate = typedDate ?? lastApproved.data?.data[0]?.end_date ?? '';
  const [error, setError] = useState<{ field?: string; form?: string }>({});
  const create = useMutation({
    mutationFn: () => call(paymentsContract.createBatch, { body: { mat_date: matDate } }),
    onSuccess: async (batch) => {
      await queryClient.invalidateQueries({ queryKey: featureKeyOf(paymentsContract.getBatch) });
      messages.success(`Drafted batch #${batch.id}: review it before releasing.`);
      navigate(`/admin/payments/${batch.id}`);
    },
    onError: (failure) => {
      if (failure instanceof ApiError) setError({ field: failure.errors.mat_date?.[0], form: failure.message });
      else setError({ form: 'Something went wrong.' });
    },
  });
  return (
    <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
      <Stack
        component="form"
        spacing={2}
        noValidate
        aria-label="Draft a payment batch"
        onSubmit={(event) => {
          event.preventDefault();
          if (!matDate) return setError({ field: 'Choose the MAT date to pay.' });
          create.mutate();
        }}
      >
        <Typography variant="h2">Draft a batch</Typography>
        <Typography variant="body2" color="text.secondary">
          Takes every approved distribution of the MAT date not yet in a batch, and office payouts not yet paid. Nothing
          is paid until you review and release the batch.
        </Typography>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'flex-start' } }}>
          <TextField
            id="batch-mat-date"
            label="MAT date"
            type="date"
            value={matDate}
            onChange={(event) => {
              setTypedDate(event.target.value);
              setError({});
            }}
            slotProps={{ inputLabel: { shrink: true } }}
            error={error.field !== undefined}
            helperText={error.field ?? 'The end date of the distributions to pay'}
            sx={{ width: { xs: '100%', sm: 260 } }}
          />
          <Button type="submit" variant="contained" disabled={create.isPending} sx={{ mt: { sm: 1 }, flexShrink: 0 }}>
            Draft batch
          </Button>
        </Stack>
        {error.form && !error.field && <Alert severity="error">{error.form}</Alert>}
      </Stack>
    </Paper>
  );
}
