import { Alert, Button, Link, Stack, Typography } from '@mui/material';
import { Link as RouterLink, useLocation, useNavigate } from 'react-router';
import { loginSchema } from '../../../domain/auth/schemas';
import { MESSAGES } from '../../../domain/messages';
import { isStaff } from '../../../domain/roles';
import { applyServerErrors, FormField, useSchemaForm } from '../../components/form';
import { useSession } from '../../session/session';
import { useMessages } from '../../shell/messages';
import { AuthCard } from './AuthCard';

/** SPEC.md §2.1 /login: email and password; when signed in, who you are and Logout. */
export function LoginPage() {
  const { user, login, logout, expired } = useSession();
  const messages = useMessages();
  const navigate = useNavigate();
  const location = useLocation();
  const form = useSchemaForm(loginSchema, { email: '', password: '' });

  if (user) {
    return (
      <AuthCard title="Login">
        <Typography sx={{ mb: 2 }}>Logged in as {user.email}</Typography>
        <Stack direction="row" spacing={1}>
          <Button variant="contained" component={RouterLink} to="/">
            Continue
          </Button>
          <Button variant="outlined" onClick={() => logout()}>
            Logout
          </Button>
        </Stack>
      </AuthCard>
    );
  }

  const submit = form.handleSubmit(async (values) => {
    try {
      const signedIn = await login(values.email.trim(), values.password.trim());
      messages.success(MESSAGES.welcome);
      const firstLogin = signedIn.created_at === signedIn.updated_at;
      const from = (location.state as { from?: string } | null)?.from;
      if (firstLogin) navigate(isStaff(signedIn.role) ? '/admin/dashboard/' : `/dashboard/${signedIn.id}`);
      else navigate(from && from !== '/login' ? from : '/');
    } catch (error) {
      applyServerErrors(form, error);
      messages.error(MESSAGES.loginFailed);
    }
  });

  return (
    <AuthCard title="Login">
      {expired && (
        <Alert severity="info" sx={{ mb: 2 }}>
          {MESSAGES.sessionExpired}
        </Alert>
      )}
      <Stack component="form" spacing={2} onSubmit={submit} noValidate>
        <FormField control={form.control} name="email" label="Email" type="email" autoComplete="username" required />
        <FormField
          control={form.control}
          name="password"
          label="Password"
          type="password"
          autoComplete="current-password"
          required
        />
        <Button type="submit" variant="contained" size="large" disabled={form.formState.isSubmitting}>
          Login
        </Button>
        <Link component={RouterLink} to="/forgot-password" sx={{ alignSelf: 'center' }}>
          Forgot Password
        </Link>
      </Stack>
    </AuthCard>
  );
}
