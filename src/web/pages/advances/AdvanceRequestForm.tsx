import { Box, Button, Grid, InputAdornment, Paper, Stack, Typography } from '@mui/material';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { FormField } from '../../components/form';
import { categoryOptions, holdAccountOptions } from '../expenses/options';
import type { AdvanceRequestFormState } from './use-advance-request-form';

/**
 * The "Request an Advance" section: amount, purpose, the day it is needed by, optional category and
 * hold account, Request Advance; a repeat of today's amount is asked about first (decision 34).
 */
export function AdvanceRequestForm(props: AdvanceRequestFormState) {
  const { form, submit, categories, holdAccounts, repeat, askAgain, cancelRepeat } = props;
  return (
    <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }} component="section" aria-labelledby="request-title">
      <Typography id="request-title" variant="h2" sx={{ mb: 2 }}>
        Request an Advance
      </Typography>
      <Box component="form" onSubmit={submit} noValidate>
        <Grid container spacing={2}>
          <Grid size={{ xs: 12, sm: 4 }}>
            <FormField
              control={form.control}
              name="amount_requested"
              label="Amount"
              required
              inputMode="decimal"
              autoComplete="off"
              slotProps={{ input: { startAdornment: <InputAdornment position="start">$</InputAdornment> } }}
            />
          </Grid>
          <Grid size={{ xs: 12, sm: 4 }}>
            <FormField control={form.control} name="purpose" label="Purpose" required autoComplete="off" />
          </Grid>
          <Grid size={{ xs: 12, sm: 4 }}>
            <FormField
              control={form.control}
              name="needed_by"
              label="Needed by (optional)"
              type="date"
              slotProps={{ inputLabel: { shrink: true } }}
            />
          </Grid>
          <Grid size={{ xs: 12, sm: 6 }}>
            <FormField
              control={form.control}
              name="type"
              label="Category (optional)"
              options={[{ value: '', label: 'Not set' }, ...categoryOptions(categories.data, 'advance')]}
            />
          </Grid>
          <Grid size={{ xs: 12, sm: 6 }}>
            <FormField
              control={form.control}
              name="hold_account_id"
              label="Hold account (optional)"
              options={holdAccountOptions(holdAccounts.data)}
            />
          </Grid>
        </Grid>
        <Stack direction="row" sx={{ justifyContent: 'flex-end', mt: 2 }}>
          <Button type="submit" variant="contained" disabled={form.formState.isSubmitting}>
            Request Advance
          </Button>
        </Stack>
      </Box>
      <ConfirmDialog
        open={repeat !== null}
        title="Ask again?"
        confirmLabel="Ask again"
        busy={form.formState.isSubmitting}
        onConfirm={() => void askAgain()}
        onClose={cancelRepeat}
      >
        {repeat?.question}
      </ConfirmDialog>
    </Paper>
  );
}
