import { Box, Button, Typography } from '@mui/material';
import { Link as RouterLink } from 'react-router';
import { SIGN_IN_MESSAGES } from '../../../domain/sign-in-messages';
import { TextInput } from '../../components/TextInput';
import { AuthCard } from './AuthCard';
import type { LoginFormState } from './use-login-form';

/** The login card: email and password, Login, the passkey sign-in and Forgot Password. */
export function LoginForm({ login, expired }: { login: LoginFormState; expired: boolean }) {
  const { values, errors, submitting, change, leave } = login;
  return (
    <AuthCard title="Login">
      {expired && (
        <Box role="status" sx={{ mb: 2, p: 1.5, borderRadius: 1, bgcolor: '#e5f0f6', color: '#0b3c5d' }}>
          {SIGN_IN_MESSAGES.sessionExpired}
        </Box>
      )}
      {login.refusal && (
        <Box role="alert" sx={{ mb: 2, p: 1.5, borderRadius: 1, bgcolor: '#fdecea', color: '#5f2120' }}>
          {login.refusal}
        </Box>
      )}
      {/* Box rather than Stack: the login page's 170 KiB budget has no room for Stack's code. */}
      <Box
        component="form"
        sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}
        onSubmit={login.submit}
        noValidate
      >
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
        <Button variant="outlined" size="large" disabled={submitting} onClick={login.withPasskey}>
          Sign in with a Passkey
        </Button>
        <Typography component={RouterLink} to="/forgot-password" color="primary" sx={{ alignSelf: 'center' }}>
          Forgot Password
        </Typography>
      </Box>
    </AuthCard>
  );
}
