import { Paper, Stack } from '@mui/material';
import { useState } from 'react';
import { MESSAGES } from '../../../domain/messages';
import { ROLE_LABELS } from '../../../domain/roles';
import { usersContract } from '../../../domain/users/contract';
import { basicInfoSchema, USER_ROLES } from '../../../domain/users/schemas';
import { call } from '../../api/call';
import type { User } from '../../api/types';
import { applyServerErrors, FormField, useSchemaForm } from '../../components/form';
import { useMessages } from '../../shell/messages';
import { EditableSectionHeader } from './EditableSectionHeader';

const valuesOf = (user: User) => ({
  name: user.name,
  email: user.email,
  role: user.role,
  missionary_number: user.missionary_number ?? '',
});

/** Name, email, role and Account #; Edit enables, Save submits and disables again. */
export function BasicInfoForm({
  user,
  editable,
  onSaved,
}: {
  user: User;
  editable: boolean;
  onSaved(user: User): void;
}) {
  const messages = useMessages();
  const [editing, setEditing] = useState(false);
  const form = useSchemaForm(basicInfoSchema, valuesOf(user));
  const submit = form.handleSubmit(async (values) => {
    try {
      const saved = await call(usersContract.updateUserPost, { params: { id: user.id }, body: values, form: true });
      messages.success(MESSAGES.userUpdated);
      form.reset(valuesOf(saved));
      setEditing(false);
      onSaved(saved);
    } catch (error) {
      applyServerErrors(form, error);
      messages.error(MESSAGES.userUpdateFailed);
    }
  });
  const disabled = !editing;
  return (
    <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
      <Stack component="form" spacing={2} onSubmit={submit} noValidate>
        <EditableSectionHeader
          title="Basic Info"
          editable={editable}
          editing={editing}
          submitting={form.formState.isSubmitting}
          onEdit={() => setEditing(true)}
          onCancel={() => {
            form.reset(valuesOf(user));
            setEditing(false);
          }}
        />
        <FormField control={form.control} name="name" label="Name" disabled={disabled} />
        <FormField control={form.control} name="email" label="Email" type="email" disabled={disabled} />
        <FormField
          control={form.control}
          name="role"
          label="Role"
          disabled={disabled}
          options={USER_ROLES.map((role) => ({ value: role, label: ROLE_LABELS[role] }))}
        />
        <FormField control={form.control} name="missionary_number" label="Account #" disabled={disabled} />
      </Stack>
    </Paper>
  );
}
