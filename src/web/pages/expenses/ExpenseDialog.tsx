import { Alert, Grid, Link } from '@mui/material';
import { Link as RouterLink } from 'react-router';
import { FormDialog } from '../../components/FormDialog';
import { FormField } from '../../components/form';
import { AmountFields } from './ExpenseAmountFields';
import { holdAccountOptions } from './options';
import type { Expense, FullReport } from './types';
import { useExpenseForm } from './use-expense-form';

/**
 * Add or change an expense: the foreign amount and the exchange rate (suggested for the currency and
 * the month, fixed at 1 by the USD box), with a live US$ amount from the same function the server
 * uses to store it, and the rate shown both ways.
 */
export function ExpenseDialog({
  report,
  expense,
  onClose,
}: {
  report: FullReport;
  expense: Expense | null;
  onClose(): void;
}) {
  const state = useExpenseForm(report, expense, onClose);
  const { form, choices, kind, categories, holdAccounts, submit } = state;

  return (
    <FormDialog
      title={expense ? 'Edit Expense' : 'Add Expense'}
      submitLabel={expense ? 'Save Expense' : 'Add Expense'}
      submitting={form.formState.isSubmitting}
      onSubmit={submit}
      onClose={onClose}
    >
      <Grid container spacing={2} sx={{ pt: 1 }}>
        <Grid size={{ xs: 12, sm: 6 }}>
          <FormField
            control={form.control}
            name="date"
            label="Date"
            type="date"
            required
            slotProps={{ inputLabel: { shrink: true } }}
          />
        </Grid>
        <Grid size={{ xs: 12, sm: 6 }}>
          <FormField
            control={form.control}
            name="expense_code"
            label="Category"
            required
            options={choices}
            helperText={
              <Link component={RouterLink} to={`/expense-descriptions/${kind}`} target="_blank">
                What goes in each category?
              </Link>
            }
          />
        </Grid>
        {categories.isSuccess && choices.length === 0 && (
          <Grid size={12}>
            <Alert severity="warning">
              No {kind} categories are set up yet. Please ask the office to add them in Settings.
            </Alert>
          </Grid>
        )}
        <AmountFields
          form={form}
          expense={expense}
          currencyOptions={state.currencyOptions}
          currency={state.currency}
          usd={state.usd}
          fieldCurrency={state.fieldCurrency}
          exchangeRate={state.exchangeRate}
          suggestion={state.suggestion}
          onDollars={state.onDollars}
        />
        <Grid size={{ xs: 12, sm: 6 }}>
          <FormField
            control={form.control}
            name="hold_account_id"
            label="Hold account (optional)"
            options={holdAccountOptions(holdAccounts.data)}
            helperText="Charge this expense to one of your hold accounts"
          />
        </Grid>
        <Grid size={{ xs: 12, sm: 6 }}>
          <FormField control={form.control} name="description" label="Description (optional)" />
        </Grid>
      </Grid>
    </FormDialog>
  );
}
