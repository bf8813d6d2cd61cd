import { Alert, Box, Checkbox, FormControlLabel, Grid, Link, Typography } from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { Controller, type UseFormReturn, useWatch } from 'react-hook-form';
import { Link as RouterLink } from 'react-router';
import { currencyChoices, currencyName } from '../../../domain/currencies';
import { usdAmount } from '../../../domain/expense-reports/calculations';
import { expenseSchema } from '../../../domain/expense-reports/schemas';
import { MESSAGES } from '../../../domain/messages';
import { formatUSD, readDecimalComma } from '../../../domain/money';
import { keys } from '../../api/query-keys';
import { FormDialog } from '../../components/FormDialog';
import { applyServerErrors, FormField, useSchemaForm } from '../../components/form';
import { localToday } from '../../format';
import { KEPT_ON_DEVICE, saveLine } from '../../offline/outbox';
import { useMessages } from '../../shell/messages';
import { lastUsedCurrency, rememberCurrency } from './last-currency';
import { categoryOptions, holdAccountOptions } from './options';
import { useCategories, useHoldAccountChoices } from './queries';
import type { Expense, FullReport } from './types';

interface Values {
  date: string;
  expense_code: string;
  description: string;
  field_currency: string;
  exchange_rate: string;
  currency: string;
  usd: boolean;
  hold_account_id: string;
  [key: string]: string | boolean;
}

function valuesOf(expense: Expense | null, lastCurrency: string | null): Values {
  // A new expense starts in the missionary's last-used currency (decision 22).
  const currency = expense ? (expense.currency ?? '') : (lastCurrency ?? '');
  return {
    // A new expense is most often today's: the phone form starts there (docs/product.md).
    date: expense?.date ?? localToday(),
    expense_code: expense?.expense_code ? String(expense.expense_code) : '',
    description: expense?.description ?? '',
    field_currency: expense ? expense.field_currency.toFixed(2) : '',
    exchange_rate: expense ? String(expense.exchange_rate) : currency === 'USD' ? '1' : '',
    currency,
    usd: expense ? expense.exchange_rate === 1 : currency === 'USD',
    hold_account_id: expense?.hold_account_id ? String(expense.hold_account_id) : '',
  };
}

/** The typed text as the server reads it: a decimal comma is a decimal point (decision 23). */
function asTyped(value: unknown): string {
  const read = readDecimalComma(String(value ?? ''));
  return 'text' in read ? read.text : '';
}

/** "The amount is in US dollars": ticking it fixes the rate at 1 and the currency at USD. */
function UsdBox({ form }: { form: UseFormReturn<Values> }) {
  return (
    <Controller
      control={form.control}
      name="usd"
      render={({ field }) => (
        <FormControlLabel
          label="The amount is in US dollars"
          control={
            <Checkbox
              checked={Boolean(field.value)}
              onChange={(event) => {
                field.onChange(event.target.checked);
                if (event.target.checked) {
                  form.setValue('exchange_rate', '1', { shouldValidate: true });
                  form.setValue('currency', 'USD', { shouldValidate: true });
                } else if (form.getValues('currency') === 'USD') {
                  form.setValue('currency', '', { shouldValidate: true });
                }
              }}
            />
          }
        />
      )}
    />
  );
}

/** The USD amount as the server will store it, from the same function. */
function UsdPreview({ fieldCurrency, exchangeRate }: { fieldCurrency: unknown; exchangeRate: unknown }) {
  return (
    <Box
      role="status"
      aria-live="polite"
      sx={{ bgcolor: 'action.hover', borderRadius: 1, px: 2, py: 1.5, display: 'flex', gap: 1 }}
    >
      <Typography color="text.secondary">USD amount:</Typography>
      <Typography sx={{ fontWeight: 600 }}>
        {formatUSD(usdAmount(asTyped(fieldCurrency), asTyped(exchangeRate)))}
      </Typography>
    </Box>
  );
}

/** Currency, amount, rate, the USD box and the USD amount they make. */
function AmountFields(props: {
  form: UseFormReturn<Values>;
  expense: Expense | null;
  currencyOptions: { value: string; label: string }[];
  code: string;
  usd: boolean;
  fieldCurrency: unknown;
  exchangeRate: unknown;
}) {
  const { form, expense, currencyOptions, code, usd, fieldCurrency, exchangeRate } = props;
  return (
    <>
      <Grid size={{ xs: 12, sm: 6 }}>
        <FormField
          control={form.control}
          name="currency"
          label="Currency"
          options={currencyOptions}
          helperText={expense && !expense.currency ? "Not known yet: choose the receipt's currency" : undefined}
        />
      </Grid>
      <Grid size={{ xs: 12, sm: 6 }}>
        <FormField
          control={form.control}
          name="field_currency"
          label={`Amount (${code})`}
          required
          inputMode="decimal"
          autoComplete="off"
        />
      </Grid>
      <Grid size={{ xs: 12, sm: 6 }}>
        <FormField
          control={form.control}
          name="exchange_rate"
          label="Exchange rate (per US$1)"
          required
          inputMode="decimal"
          autoComplete="off"
          disabled={usd}
          helperText={`${code} one US dollar buys`}
        />
      </Grid>
      <Grid size={12}>
        <UsdBox form={form} />
      </Grid>
      <Grid size={12}>
        <UsdPreview fieldCurrency={fieldCurrency} exchangeRate={exchangeRate} />
      </Grid>
    </>
  );
}

/** The expense form's state: the watched amount fields, the USD box following the currency, saving. */
function useExpenseForm(report: FullReport, expense: Expense | null, onClose: () => void) {
  const messages = useMessages();
  const queryClient = useQueryClient();
  const categories = useCategories();
  const holdAccounts = useHoldAccountChoices(report.user_id);
  // The currency remembered is the report owner's: the missionary who keeps entering expenses in it.
  const lastCurrency = lastUsedCurrency(report.user_id, report);
  const form = useSchemaForm(expenseSchema, valuesOf(expense, lastCurrency));
  const [fieldCurrency, exchangeRate, usd, currency] = useWatch({
    control: form.control,
    name: ['field_currency', 'exchange_rate', 'usd', 'currency'],
  });
  const currencyOptions = currencyChoices(lastCurrency).map((code) => ({
    value: code,
    label: `${code} — ${currencyName(code)}`,
  }));
  const code = currency ? String(currency) : 'local currency';
  // Choosing USD fixes the rate at 1 and ticks the USD box; another currency unticks it.
  const previousCurrency = useRef(currency);
  useEffect(() => {
    if (previousCurrency.current === currency) return;
    previousCurrency.current = currency;
    form.setValue('usd', currency === 'USD');
    if (currency === 'USD') form.setValue('exchange_rate', '1', { shouldValidate: true });
  }, [currency, form]);
  const flag = report.type === 'advance' ? 'advance' : 'expense';
  const choices = categoryOptions(categories.data, flag);
  const kind = report.type === 'advance' ? 'advance' : 'reimbursement';

  const submit = form.handleSubmit(async (values) => {
    const { usd: _usd, ...fields } = values;
    try {
      if (fields.currency) rememberCurrency(report.user_id, String(fields.currency));
      const outcome = await saveLine('expense', report, expense?.id ?? null, fields);
      messages.success(outcome === 'kept' ? KEPT_ON_DEVICE : expense ? MESSAGES.expenseUpdated : MESSAGES.expenseAdded);
      await queryClient.invalidateQueries({ queryKey: keys.expenseReports.all });
      onClose();
    } catch (error) {
      messages.error(applyServerErrors(form, error));
    }
  });
  return {
    form,
    fieldCurrency,
    exchangeRate,
    usd,
    code,
    currencyOptions,
    choices,
    kind,
    categories,
    holdAccounts,
    submit,
  };
}

/**
 * Add or change an expense: the foreign amount and the exchange rate (fixed at 1 by the USD box), with
 * a live USD preview from the same function the server uses to store it.
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
  const {
    form,
    fieldCurrency,
    exchangeRate,
    usd,
    code,
    currencyOptions,
    choices,
    kind,
    categories,
    holdAccounts,
    submit,
  } = useExpenseForm(report, expense, onClose);

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
          currencyOptions={currencyOptions}
          code={code}
          usd={Boolean(usd)}
          fieldCurrency={fieldCurrency}
          exchangeRate={exchangeRate}
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
