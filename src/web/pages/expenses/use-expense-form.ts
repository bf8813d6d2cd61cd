import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef } from 'react';
import { type UseFormReturn, useWatch } from 'react-hook-form';
import { currencyChoices, currencyName } from '../../../domain/currencies';
import { expenseSchema } from '../../../domain/expense-reports/schemas';
import { MESSAGES } from '../../../domain/messages';
import { keys } from '../../api/query-keys';
import { applyServerErrors, useSchemaForm } from '../../components/form';
import { localToday } from '../../format';
import { KEPT_ON_DEVICE, saveLine } from '../../offline/outbox';
import { useMessages } from '../../shell/messages';
import type { ExpenseValues } from './ExpenseAmountFields';
import { lastUsedCurrency, lastUsedRate, rememberCurrency, rememberRate } from './last-currency';
import { categoryOptions } from './options';
import { useCategories, useExchangeRates, useHoldAccountChoices } from './queries';
import { rateAfterChange, suggestionFor, typedRate } from './rate-suggestion';
import type { Expense, FullReport } from './types';

function valuesOf(expense: Expense | null, lastCurrency: string | null): ExpenseValues {
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

/**
 * Decision 37: choosing a currency (or a date in another month) fills in that month's office rate,
 * else the missionary's last rate for it — unless the missionary typed a rate of their own, which a
 * suggestion never replaces. Offline the rates kept on the device answer.
 */
function useRateSuggestion(form: UseFormReturn<ExpenseValues>, report: FullReport, isNew: boolean) {
  const [date, currencyValue] = useWatch({ control: form.control, name: ['date', 'currency'] });
  const currency = currencyValue ? String(currencyValue) : '';
  const office = useExchangeRates();
  const last = currency ? lastUsedRate(report.user_id, currency, report) : null;
  const suggestion = suggestionFor(office.data, date, currency, last);
  // What the form itself last put in the field (a suggestion, or US dollars' 1): a new expense's
  // starting rate, and a dollar expense's 1, are the form's, not typed by the missionary.
  const initial = String(form.getValues('exchange_rate') ?? '');
  const lastFilled = useRef<string | null>(isNew || initial === '1' ? initial : null);
  const fill = useCallback(
    (rate: string) => {
      lastFilled.current = rate;
      form.setValue('exchange_rate', rate, { shouldValidate: form.formState.isSubmitted });
    },
    [form],
  );
  const rate = suggestion?.rate ?? null;
  useEffect(() => {
    if (currency === 'USD') return;
    const next = rateAfterChange(String(form.getValues('exchange_rate') ?? ''), lastFilled.current, rate);
    if (next !== null) fill(next);
  }, [rate, currency, fill, form]);
  return { suggestion, fill };
}

/** The expense form's state: the watched amount fields, the USD box following the currency, the rate, saving. */
export function useExpenseForm(report: FullReport, expense: Expense | null, onClose: () => void) {
  const messages = useMessages();
  const queryClient = useQueryClient();
  const categories = useCategories();
  const holdAccounts = useHoldAccountChoices(report.user_id);
  // The currency remembered is the report owner's: the missionary who keeps entering expenses in it.
  const lastCurrency = lastUsedCurrency(report.user_id, report);
  const form = useSchemaForm(expenseSchema, valuesOf(expense, lastCurrency));
  const [fieldCurrency, exchangeRate, usd, currencyValue] = useWatch({
    control: form.control,
    name: ['field_currency', 'exchange_rate', 'usd', 'currency'],
  });
  const currency = currencyValue ? String(currencyValue) : '';
  const { suggestion, fill } = useRateSuggestion(form, report, expense === null);
  const currencyOptions = currencyChoices(lastCurrency).map((code) => ({
    value: code,
    label: `${code} — ${currencyName(code)}`,
  }));
  // Choosing USD fixes the rate at 1 and ticks the USD box; another currency unticks it.
  const previousCurrency = useRef(currency);
  useEffect(() => {
    if (previousCurrency.current === currency) return;
    previousCurrency.current = currency;
    form.setValue('usd', currency === 'USD');
    if (currency === 'USD') fill('1');
  }, [currency, form, fill]);
  const flag = report.type === 'advance' ? 'advance' : 'expense';

  const submit = form.handleSubmit(async (values) => {
    const { usd: _usd, ...fields } = values;
    try {
      const code = String(fields.currency ?? '');
      if (code) rememberCurrency(report.user_id, code);
      const rate = typedRate(fields.exchange_rate);
      if (code && rate !== null) rememberRate(report.user_id, code, rate);
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
    usd: Boolean(usd),
    currency,
    suggestion,
    onDollars: () => fill('1'),
    currencyOptions,
    choices: categoryOptions(categories.data, flag),
    kind: report.type === 'advance' ? ('advance' as const) : ('reimbursement' as const),
    categories,
    holdAccounts,
    submit,
  };
}
