import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { advancesContract } from '../../../domain/advances/contract';
import { advanceRequestFormSchema } from '../../../domain/advances/schemas';
import { MESSAGES } from '../../../domain/messages';
import { ApiError, call } from '../../api/call';
import { keys } from '../../api/query-keys';
import { applyServerErrors, useSchemaForm } from '../../components/form';
import { useMessages } from '../../shell/messages';
import { useCategories, useHoldAccountChoices } from '../expenses/queries';

export interface AdvanceRequestValues {
  amount_requested: string;
  purpose: string;
  needed_by: string;
  type: string;
  hold_account_id: string;
  [key: string]: string;
}
const EMPTY: AdvanceRequestValues = { amount_requested: '', purpose: '', needed_by: '', type: '', hold_account_id: '' };

/**
 * The "Request an Advance" form of a missionary: its values, the category and hold-account choices,
 * and the submit that posts a request dated today and empties the form. A second request for the
 * same amount on the same day comes back as a question (decision 34); `repeat` holds it until the
 * missionary answers, and asking again sends confirm_duplicate.
 */
export function useAdvanceRequestForm(userId: number) {
  const messages = useMessages();
  const queryClient = useQueryClient();
  const categories = useCategories();
  const holdAccounts = useHoldAccountChoices(userId);
  const form = useSchemaForm(advanceRequestFormSchema, EMPTY);
  const [repeat, setRepeat] = useState<{ question: string; values: AdvanceRequestValues } | null>(null);

  const send = async (values: AdvanceRequestValues, confirmed: boolean) => {
    try {
      await call(advancesContract.createAdvance, {
        body: { ...values, user_id: userId, ...(confirmed && { confirm_duplicate: 1 }) },
        form: true,
      });
      setRepeat(null);
      messages.success(MESSAGES.advanceRequested);
      form.reset(EMPTY);
      await queryClient.invalidateQueries({ queryKey: keys.advances.all });
    } catch (error) {
      const question = error instanceof ApiError && error.status === 409 ? error.errors.confirm_duplicate?.[0] : null;
      if (question) {
        setRepeat({ question, values });
        return;
      }
      setRepeat(null);
      messages.error(applyServerErrors(form, error));
    }
  };

  const submit = form.handleSubmit((values) => send(values, false));
  const askAgain = async () => {
    if (repeat) await send(repeat.values, true);
  };

  return { form, submit, categories, holdAccounts, repeat, askAgain, cancelRepeat: () => setRepeat(null) };
}

export type AdvanceRequestFormState = ReturnType<typeof useAdvanceRequestForm>;
