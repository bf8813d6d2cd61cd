import { Box, Button, Typography } from '@mui/material';
import { type FormEvent, useState } from 'react';
import type { secondFactorContract } from '../../../domain/second-factor/contract';
import { SECOND_FACTOR_MESSAGES } from '../../../domain/second-factor/messages';
import { ApiError, call } from '../../api/call';
import { route } from '../../api/route';
import type { SessionUser } from '../../api/types';
import { TextInput } from '../../components/TextInput';
import { useSession } from '../../session/session';
import { AuthCard } from './AuthCard';

// The login page names its contracts as types only (route.ts): zod stays off the first page.
const completeLogin = route<typeof secondFactorContract.completeLogin>({
  method: 'POST',
  path: '/login/second-factor',
});

/** The second step of a password sign-in with TOTP on: a code from the app, or a recovery code. */
export function SecondFactorStep({
  challengeToken,
  onDone,
  onCancel,
}: {
  challengeToken: string;
  onDone: (user: SessionUser) => void;
  /** Back to the password; with the server's reason when the step ended (expired, too many codes). */
  onCancel: (reason?: string) => void;
}) {
  const { adopt } = useSession();
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [submitting, setSubmitting] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!code.trim()) return setError('Code is required.');
    setSubmitting(true);
    try {
      const signedIn = await call(completeLogin, { body: { challenge_token: challengeToken, code: code.trim() } });
      adopt(signedIn);
      onDone(signedIn);
    } catch (failure) {
      if (failure instanceof ApiError && failure.status === 401) return onCancel(failure.message);
      setError(failure instanceof ApiError ? (failure.errors.code?.[0] ?? failure.message) : String(failure));
    } finally {
      setSubmitting(false);
    }
  };

  return (
    <AuthCard title="Two-step sign-in">
      <Typography sx={{ mb: 2 }}>{SECOND_FACTOR_MESSAGES.codeNeeded}</Typography>
      <Box component="form" sx={{ display: 'flex', flexDirection: 'column', gap: 2 }} onSubmit={submit} noValidate>
        <TextInput
          id="code"
          label="Code"
          autoComplete="one-time-code"
          required
          value={code}
          onChange={setCode}
          error={error}
        />
        <Button type="submit" variant="contained" size="large" disabled={submitting}>
          Verify
        </Button>
        <Button variant="text" onClick={() => onCancel()}>
          Back to Login
        </Button>
      </Box>
    </AuthCard>
  );
}

// One lazy chunk for both extras of the login page (fewer chunks for the first page to list).
export { passkeyButton } from './passkey-sign-in';
