import { useQueryClient } from '@tanstack/react-query';
import { advanceRequestSchema } from '../../../domain/advances/schemas';
import { MESSAGES } from '../../../domain/messages';
import { api } from '../../api/client';
import { keys } from '../../api/query-keys';
import { applyServerErrors, useSchemaForm } from '../../components/form';
import { useMessages } from '../../shell/messages';
import { useCategories, useHoldAccountChoices } from '../expenses/queries';

export interface AdvanceRequestValues {
  amount_requested: string;
  type: string;
  hold_account_id: string;
  [key: string]: string;
}
const EMPTY: AdvanceRequestValues = { amount_requested: '', type: '', hold_account_id: '' };

/**
 * The "Request an Advance" form of a missionary: its values, the category and hold-account choices,
 * and the submit that posts a request dated today and empties the form.
 */
export function useAdvanceRequestForm(userId: number) {
  const messages = useMessages();
  const queryClient = useQueryClient();
  const categories = useCategories();
  const holdAccounts = useHoldAccountChoices(userId);
  const form = useSchemaForm(advanceRequestSchema, EMPTY);

  const submit = form.handleSubmit(async (values) => {
    try {
      await api.postForm('/advance-request', {
        ...values,
        status: 'requested',
        user_id: userId,
        date_submitted: new Date().toISOString().slice(0, 10),
      });
      messages.success(MESSAGES.advanceRequested);
      form.reset(EMPTY);
      await queryClient.invalidateQueries({ queryKey: keys.advances.all });
    } catch (error) {
      messages.error(applyServerErrors(form, error));
    }
  });

  return { form, submit, categories, holdAccounts };
}

export type AdvanceRequestFormState = ReturnType<typeof useAdvanceRequestForm>;
