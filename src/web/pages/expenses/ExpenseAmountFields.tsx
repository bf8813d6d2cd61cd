import { Alert, Box, Checkbox, FormControlLabel, Grid, InputAdornment, Typography } from '@mui/material';
import { Controller, type UseFormReturn } from 'react-hook-form';
import { usdAmount } from '../../../domain/expense-reports/calculations';
import { formatUSD, readDecimalComma } from '../../../domain/money';
import { FormField } from '../../components/form';
import { bothWays, invertedWarning, type RateSuggestion, suggestionNote } from './rate-suggestion';
import type { Expense } from './types';

export interface ExpenseValues {
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

/** The typed text as the server reads it: a decimal comma is a decimal point (decision 23). */
function asTyped(value: unknown): string {
  const read = readDecimalComma(String(value ?? ''));
  return 'text' in read ? read.text : '';
}

/** "The amount is in US dollars": ticking it fixes the rate at 1 and the currency at USD. */
function UsdBox({ form, onDollars }: { form: UseFormReturn<ExpenseValues>; onDollars(): void }) {
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
                  onDollars();
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

/** The US$ amount as the server will store it, from the same function, and the rate both ways. */
function ConversionPreview(props: { fieldCurrency: unknown; exchangeRate: unknown; currency: string; usd: boolean }) {
  const { fieldCurrency, exchangeRate, currency, usd } = props;
  const ways = usd || !currency ? null : bothWays(exchangeRate, currency);
  return (
    <Box role="status" aria-live="polite" sx={{ bgcolor: 'action.hover', borderRadius: 1, px: 2, py: 1.5 }}>
      <Box sx={{ display: 'flex', gap: 1 }}>
        <Typography color="text.secondary">US$ amount:</Typography>
        <Typography sx={{ fontWeight: 600 }}>
          {formatUSD(usdAmount(asTyped(fieldCurrency), asTyped(exchangeRate)))}
        </Typography>
      </Box>
      {ways && (
        <Typography variant="body2" color="text.secondary">
          {ways}
        </Typography>
      )}
    </Box>
  );
}

/**
 * Currency, amount, rate, the USD box and the US$ amount they make. The rate reads as the sum it is
 * — "1 US$ = [129.50] KES" — so it cannot be typed the other way round unnoticed; a rate that is the
 * suggestion turned around is pointed out.
 */
export function AmountFields(props: {
  form: UseFormReturn<ExpenseValues>;
  expense: Expense | null;
  currencyOptions: { value: string; label: string }[];
  currency: string;
  usd: boolean;
  fieldCurrency: unknown;
  exchangeRate: unknown;
  suggestion: RateSuggestion | null;
  onDollars(): void;
}) {
  const { form, expense, currencyOptions, currency, usd, fieldCurrency, exchangeRate, suggestion } = props;
  const code = currency || 'local currency';
  const warning = usd || !currency ? null : invertedWarning(exchangeRate, suggestion, currency);
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
      <Grid size={12}>
        <FormField
          control={form.control}
          name="exchange_rate"
          label={`Exchange rate: ${code} for 1 US$`}
          required
          inputMode="decimal"
          autoComplete="off"
          disabled={usd}
          helperText={
            usd ? 'A US dollar is 1 US$.' : currency ? suggestionNote(suggestion, currency, exchangeRate) : undefined
          }
          slotProps={{
            input: {
              startAdornment: <InputAdornment position="start">1 US$ =</InputAdornment>,
              endAdornment: currency ? <InputAdornment position="end">{currency}</InputAdornment> : undefined,
            },
          }}
        />
      </Grid>
      {warning && (
        <Grid size={12}>
          <Alert severity="warning">{warning}</Alert>
        </Grid>
      )}
      <Grid size={12}>
        <UsdBox form={form} onDollars={props.onDollars} />
      </Grid>
      <Grid size={12}>
        <ConversionPreview fieldCurrency={fieldCurrency} exchangeRate={exchangeRate} currency={currency} usd={usd} />
      </Grid>
    </>
  );
}
