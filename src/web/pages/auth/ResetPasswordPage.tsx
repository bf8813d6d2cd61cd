import { Alert, Button, Link, Stack } from '@mui/material';
import { useState } from 'react';
import { Link as RouterLink, useNavigate, useParams } from 'react-router';
import { authContract } from '../../../domain/auth/contract';
import { passwordResetSchema } from '../../../domain/auth/schemas';
import { MESSAGES } from '../../../domain/messages';
import { ApiError, call } from '../../api/call';
import { applyServerErrors, FormField, useSchemaForm } from '../../components/form';
import { useMessages } from '../../shell/messages';
import { AuthCard } from './AuthCard';

export function ResetPasswordPage() {
  const { token = '' } = useParams();
  const messages = useMessages();
  const navigate = useNavigate();
  const [linkError, setLinkError] = useState<string | null>(null);
  const form = useSchemaForm(passwordResetSchema, { email: '', password: '', password_confirmation: '', token });
  const submit = form.handleSubmit(async (values) => {
    setLinkError(null);
    try {
      const result = await call(authContract.resetPassword, { body: { ...values, token }, form: true });
      if (!result.success) throw new Error('not reset');
      messages.success(MESSAGES.passwordReset);
      navigate('/');
    } catch (error) {
      applyServerErrors(form, error);
      // The token has no input of its own: a used or expired link is said above the form.
      if (error instanceof ApiError && error.errors.token) setLinkError(error.errors.token[0]);
      messages.error(MESSAGES.passwordResetFailed);
    }
  });
  return (
    <AuthCard title="Reset Password">
      {linkError && (
        <Alert severity="error" sx={{ mb: 2 }}>
          {linkError}{' '}
          <Link component={RouterLink} to="/forgot-password">
            Send a new link
          </Link>
        </Alert>
      )}
      <Stack component="form" spacing={2} onSubmit={submit} noValidate>
        <input type="hidden" name="token" value={token} />
        <FormField control={form.control} name="email" label="Email" type="email" autoComplete="username" required />
        <FormField
          control={form.control}
          name="password"
          label="New Password"
          type="password"
          autoComplete="new-password"
          helperText={MESSAGES.passwordHint}
          required
        />
        <FormField
          control={form.control}
          name="password_confirmation"
          label="Confirm Password"
          type="password"
          autoComplete="new-password"
          required
        />
        <Button type="submit" variant="contained" size="large" disabled={form.formState.isSubmitting}>
          Reset Password
        </Button>
      </Stack>
    </AuthCard>
  );
}
