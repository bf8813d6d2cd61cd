import { Button, Link, Stack } from '@mui/material';
import { Link as RouterLink } from 'react-router';
import { authContract } from '../../../domain/auth/contract';
import { passwordEmailSchema } from '../../../domain/auth/schemas';
import { MESSAGES } from '../../../domain/messages';
import { call } from '../../api/call';
import { applyServerErrors, FormField, useSchemaForm } from '../../components/form';
import { useMessages } from '../../shell/messages';
import { AuthCard } from './AuthCard';

export function ForgotPasswordPage() {
  const messages = useMessages();
  const form = useSchemaForm(passwordEmailSchema, { email: '' });
  const submit = form.handleSubmit(async (values) => {
    try {
      await call(authContract.sendResetLink, { body: { email: values.email }, form: true });
      messages.success(MESSAGES.emailSent);
      form.reset({ email: '' });
    } catch (error) {
      applyServerErrors(form, error);
      messages.error(MESSAGES.passwordResetFailed);
    }
  });
  return (
    <AuthCard title="Forgot Your Password?" intro="Don't worry! Type your email to reset your password.">
      <Stack component="form" spacing={2} onSubmit={submit} noValidate>
        <FormField control={form.control} name="email" label="Email" type="email" autoComplete="email" required />
        <Button type="submit" variant="contained" size="large" disabled={form.formState.isSubmitting}>
          Send Verification
        </Button>
        <Link component={RouterLink} to="/login" sx={{ alignSelf: 'center' }}>
          Back to Login
        </Link>
      </Stack>
    </AuthCard>
  );
}
