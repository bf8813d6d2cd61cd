import { Box, Button, Typography } from '@mui/material';
import { type FormEvent, useState } from 'react';
import { Link as RouterLink, useLocation, useNavigate } from 'react-router';
import { MESSAGES } from '../../../domain/messages';
import { isStaff } from '../../../domain/roles';
import { ApiError, api } from '../../api/client';
import type { SessionUser } from '../../api/types';
import { lazyPage } from '../../components/lazy-page';
import { TextInput } from '../../components/TextInput';
import { useSession } from '../../session/session';
import { useMessages } from '../../shell/messages';
import { AuthCard } from './AuthCard';

// Only the few users with an authenticator app reach this step: it loads when they do.
const SecondFactorStep = lazyPage(() => import('./SecondFactorStep'), 'SecondFactorStep');

type Field = 'email' | 'password';
type Errors = Partial<Record<Field, string>>;

/**
 * The shared login schema's messages for these values. The schema (and zod with it) loads while the
 * user types: the login page is the first thing a missionary on a slow link waits for, so it carries
 * neither zod nor react-hook-form (issue 11's 170 KiB budget).
 */
async function validate(values: Record<Field, string>): Promise<Errors> {
  const { loginSchema } = await import('../../../domain/auth/schemas');
  const result = loginSchema.safeParse(values);
  const errors: Errors = {};
  for (const issue of result.error?.issues ?? []) {
    const field = issue.path[0] as Field;
    errors[field] ??= issue.message;
  }
  return errors;
}

/** SPEC.md §2.1 /login: email and password; when signed in, who you are and Logout. */
export function LoginPage() {
  const { user, login, logout, expired, adopt } = useSession();
  const messages = useMessages();
  const navigate = useNavigate();
  const location = useLocation();
  const [values, setValues] = useState<Record<Field, string>>({ email: '', password: '' });
  const [errors, setErrors] = useState<Errors>({});
  const [touched, setTouched] = useState<Partial<Record<Field, boolean>>>({});
  const [submitting, setSubmitting] = useState(false);
  const [challenge, setChallenge] = useState<string | null>(null);

  /** Where a new session goes: enrolment first when the admins' setting asks for it. */
  const proceed = (signedIn: SessionUser) => {
    messages.success(MESSAGES.welcome);
    if (signedIn.second_factor_setup_required) return navigate('/account/security');
    const firstLogin = signedIn.created_at === signedIn.updated_at;
    const from = (location.state as { from?: string } | null)?.from;
    if (firstLogin) navigate(isStaff(signedIn.role) ? '/admin/dashboard/' : `/dashboard/${signedIn.id}`);
    else navigate(from && from !== '/login' ? from : '/');
  };

  if (challenge) {
    return <SecondFactorStep challengeToken={challenge} onDone={proceed} onCancel={() => setChallenge(null)} />;
  }

  if (user) {
    return (
      <AuthCard title="Login">
        <Typography sx={{ mb: 2 }}>Logged in as {user.email}</Typography>
        <Box sx={{ display: 'flex', gap: 1 }}>
          <Button variant="contained" component={RouterLink} to="/">
            Continue
          </Button>
          <Button variant="outlined" onClick={() => logout()}>
            Logout
          </Button>
        </Box>
      </AuthCard>
    );
  }

  const change = (field: Field) => async (value: string) => {
    const next = { ...values, [field]: value };
    setValues(next);
    // As the other forms do (mode onTouched): once a field was left, it is checked as it changes.
    if (touched[field]) setErrors({ ...errors, [field]: (await validate(next))[field] });
  };
  const leave = (field: Field) => async () => {
    setTouched({ ...touched, [field]: true });
    setErrors({ ...errors, [field]: (await validate(values))[field] });
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const found = await validate(values);
    setErrors(found);
    setTouched({ email: true, password: true });
    if (Object.keys(found).length > 0) return;
    setSubmitting(true);
    try {
      const answer = await login(values.email.trim(), values.password.trim());
      if ('second_factor_required' in answer) setChallenge(answer.challenge_token);
      else proceed(answer);
    } catch (error) {
      if (error instanceof ApiError) {
        setErrors(Object.fromEntries(Object.entries(error.errors).map(([field, texts]) => [field, texts[0]])));
      }
      messages.error(MESSAGES.loginFailed);
    } finally {
      setSubmitting(false);
    }
  };

  const withPasskey = async () => {
    setSubmitting(true);
    const signedIn = await (await import('./SecondFactorStep')).passkeyButton(
      values.email.trim(),
      api.postJson,
      messages.error,
    );
    setSubmitting(false);
    if (signedIn) {
      adopt(signedIn);
      proceed(signedIn);
    }
  };

  return (
    <AuthCard title="Login">
      {expired && (
        <Box role="status" sx={{ mb: 2, p: 1.5, borderRadius: 1, bgcolor: '#e5f0f6', color: '#0b3c5d' }}>
          {MESSAGES.sessionExpired}
        </Box>
      )}
      {/* Box rather than Stack: the login page's 170 KiB budget has no room for Stack's code. */}
      <Box component="form" sx={{ display: 'flex', flexDirection: 'column', gap: 2 }} onSubmit={submit} noValidate>
        <TextInput
          id="email"
          label="Email"
          type="email"
          autoComplete="username"
          required
          value={values.email}
          onChange={change('email')}
          onBlur={leave('email')}
          error={errors.email}
        />
        <TextInput
          id="password"
          label="Password"
          type="password"
          autoComplete="current-password"
          required
          value={values.password}
          onChange={change('password')}
          onBlur={leave('password')}
          error={errors.password}
        />
        <Button type="submit" variant="contained" size="large" disabled={submitting}>
          Login
        </Button>
        <Button variant="outlined" size="large" disabled={submitting} onClick={withPasskey}>
          Sign in with a Passkey
        </Button>
        <Typography component={RouterLink} to="/forgot-password" color="primary" sx={{ alignSelf: 'center' }}>
          Forgot Password
        </Typography>
      </Box>
    </AuthCard>
  );
}
