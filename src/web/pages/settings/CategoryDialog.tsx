import { Checkbox, FormControlLabel, FormGroup, Stack } from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import { Controller } from 'react-hook-form';
import { categoriesContract } from '../../../domain/categories/contract';
import { categorySchema } from '../../../domain/categories/schemas';
import { MESSAGES } from '../../../domain/messages';
import { call } from '../../api/call';
import { keys } from '../../api/query-keys';
import type { Category } from '../../api/types';
import { FormDialog } from '../../components/FormDialog';
import { applyServerErrors, FormField, useSchemaForm } from '../../components/form';
import { useMessages } from '../../shell/messages';

const FLAGS = [
  ['expense', 'Expense'],
  ['mileage', 'Mileage'],
  ['advance', 'Advance'],
] as const;

/** Add or update a category; both texts are required (docs/product.md §5). */
export function CategoryDialog({ category, onClose }: { category: Category | null; onClose(): void }) {
  const messages = useMessages();
  const queryClient = useQueryClient();
  const form = useSchemaForm(categorySchema, {
    expense_category: category?.expense_category ?? '',
    description: category?.description ?? '',
    expense: category ? category.expense === 1 : true,
    mileage: category?.mileage === 1,
    advance: category?.advance === 1,
  });
  const submit = form.handleSubmit(async (values) => {
    const body = {
      ...values,
      expense: values.expense ? 1 : 0,
      mileage: values.mileage ? 1 : 0,
      advance: values.advance ? 1 : 0,
    };
    try {
      if (category) await call(categoriesContract.updateCategory, { params: { id: category.id }, body, form: true });
      else await call(categoriesContract.createCategory, { body, form: true });
      messages.success(category ? MESSAGES.categoryUpdated : MESSAGES.categoryAdded);
      queryClient.invalidateQueries({ queryKey: keys.categories.all });
      onClose();
    } catch (error) {
      messages.error(applyServerErrors(form, error));
    }
  });
  return (
    <FormDialog
      title={category ? 'Update Category' : 'Add Category'}
      submitLabel={category ? 'Update' : 'Add'}
      submitting={form.formState.isSubmitting}
      onSubmit={submit}
      onClose={onClose}
    >
      <Stack spacing={2} sx={{ pt: 1 }}>
        <FormField control={form.control} name="expense_category" label="Category" required />
        <FormField control={form.control} name="description" label="Description" required multiline minRows={2} />
        <FormGroup row>
          {FLAGS.map(([name, label]) => (
            <Controller
              key={name}
              control={form.control}
              name={name}
              render={({ field }) => (
                <FormControlLabel
                  label={label}
                  control={
                    <Checkbox
                      checked={Boolean(field.value)}
                      onChange={(event) => field.onChange(event.target.checked)}
                    />
                  }
                />
              )}
            />
          ))}
        </FormGroup>
      </Stack>
    </FormDialog>
  );
}
