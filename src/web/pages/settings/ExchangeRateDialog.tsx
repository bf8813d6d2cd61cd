import { InputAdornment, Stack } from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import { useWatch } from 'react-hook-form';
import { CURRENCIES } from '../../../domain/currencies';
import { exchangeRatesContract as api } from '../../../domain/exchange-rates/contract';
import { exchangeRateRowSchema } from '../../../domain/exchange-rates/rates';
import { MESSAGES } from '../../../domain/messages';
import { ApiError, call } from '../../api/call';
import { featureKeyOf } from '../../api/contract-keys';
import { FormDialog } from '../../components/FormDialog';
import { FormField, useSchemaForm } from '../../components/form';
import { localToday } from '../../format';
import { useMessages } from '../../shell/messages';
import { type RateRow, rowFieldErrors } from './exchange-rate-rows';

const CURRENCY_OPTIONS = CURRENCIES.filter(([code]) => code !== 'USD').map(([code, name]) => ({
  value: code,
  label: `${code} — ${name}`,
}));

/**
 * Add a month's rate, or change one: how many units of the currency one US dollar buys, read as the
 * sum "1 US$ = [129.50] KES". A month and currency already kept takes the new rate.
 */
export function ExchangeRateDialog({ row, onClose }: { row: RateRow | null; onClose(): void }) {
  const messages = useMessages();
  const queryClient = useQueryClient();
  const form = useSchemaForm(exchangeRateRowSchema, {
    month: row?.month ?? localToday().slice(0, 7),
    currency: row?.currency ?? '',
    rate: row ? String(row.rate) : '',
  });
  const currency = String(useWatch({ control: form.control, name: 'currency' }) ?? '');
  const submit = form.handleSubmit(async (values) => {
    try {
      await call(api.putExchangeRates, { body: { rates: [values] } });
      messages.success(MESSAGES.exchangeRateSaved);
      await queryClient.invalidateQueries({ queryKey: featureKeyOf(api.listExchangeRates) });
      onClose();
    } catch (error) {
      if (error instanceof ApiError) {
        for (const [field, message] of rowFieldErrors(error.errors)) form.setError(field, { type: 'server', message });
      }
      messages.error(error instanceof Error ? error.message : MESSAGES.somethingWentWrong);
    }
  });
  return (
    <FormDialog
      title={row ? 'Edit Exchange Rate' : 'Add Exchange Rate'}
      submitLabel="Save Rate"
      submitting={form.formState.isSubmitting}
      onSubmit={submit}
      onClose={onClose}
      maxWidth="xs"
    >
      <Stack spacing={2} sx={{ pt: 1 }}>
        <FormField
          control={form.control}
          name="month"
          label="Month"
          type="month"
          required
          disabled={row !== null}
          slotProps={{ inputLabel: { shrink: true } }}
        />
        <FormField
          control={form.control}
          name="currency"
          label="Currency"
          required
          disabled={row !== null}
          options={CURRENCY_OPTIONS}
        />
        <FormField
          control={form.control}
          name="rate"
          label={`Exchange rate: ${currency || 'units'} for 1 US$`}
          required
          inputMode="decimal"
          autoComplete="off"
          helperText="How many of the currency one US dollar buys"
          slotProps={{
            input: {
              startAdornment: <InputAdornment position="start">1 US$ =</InputAdornment>,
              endAdornment: currency ? <InputAdornment position="end">{currency}</InputAdornment> : undefined,
            },
          }}
        />
      </Stack>
    </FormDialog>
  );
}
