import { Button, Paper, Stack, Typography } from '@mui/material';
import { authContract } from '../../../domain/auth/contract';
import { updatePasswordSchema } from '../../../domain/auth/schemas';
import { MESSAGES } from '../../../domain/messages';
import { call } from '../../api/call';
import { applyServerErrors, FormField, useSchemaForm } from '../../components/form';
import { useMessages } from '../../shell/messages';

const EMPTY = { current_password: '', password: '', password_confirmation: '' };

/** `heading` is left out where the page's own title already says Change Password. */
export function ChangePasswordForm({ userId, heading = true }: { userId: number; heading?: boolean }) {
  const messages = useMessages();
  const form = useSchemaForm(updatePasswordSchema, EMPTY);
  const submit = form.handleSubmit(async (values) => {
    try {
      await call(authContract.updatePassword, { params: { id: userId }, body: values, form: true });
      messages.success(MESSAGES.passwordUpdated);
      form.reset(EMPTY);
    } catch (error) {
      messages.error(applyServerErrors(form, error));
    }
  });
  return (
    <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
      <Stack component="form" spacing={2} onSubmit={submit} noValidate sx={{ maxWidth: 480 }}>
        {heading && <Typography variant="h2">Change Password</Typography>}
        <FormField
          control={form.control}
          name="current_password"
          label="Current Password"
          type="password"
          autoComplete="current-password"
        />
        <FormField
          control={form.control}
          name="password"
          label="New Password"
          type="password"
          autoComplete="new-password"
          helperText={MESSAGES.passwordHint}
        />
        <FormField
          control={form.control}
          name="password_confirmation"
          label="Confirm New Password"
          type="password"
          autoComplete="new-password"
        />
        <Stack direction="row" sx={{ justifyContent: 'flex-end' }}>
          <Button type="submit" variant="contained" disabled={form.formState.isSubmitting}>
            Update Password
          </Button>
        </Stack>
      </Stack>
    </Paper>
  );
}
