import { Button, Paper, Stack, Typography } from '@mui/material';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { secondFactorContract, type TUserSecondFactor } from '../../../domain/second-factor/contract';
import { call } from '../../api/call';
import type { User } from '../../api/types';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { useCurrentUser } from '../../session/session';
import { useMessages } from '../../shell/messages';

function describe(factors: TUserSecondFactor): string {
  const parts: string[] = [];
  if (factors.totp === 'on') parts.push('an authenticator app');
  if (factors.totp === 'pending') parts.push('an authenticator app being set up');
  if (factors.passkeys > 0) parts.push(`${factors.passkeys} ${factors.passkeys === 1 ? 'passkey' : 'passkeys'}`);
  if (factors.recovery_codes_left > 0) parts.push(`${factors.recovery_codes_left} recovery codes left`);
  return parts.length === 0 ? 'No second factor.' : `Signs in with ${parts.join(', ')}.`;
}

/**
 * On the admin user profile: the user's second factors, and — when they lost their authenticator —
 * removing them (after a confirmation; their sessions end and they are mailed). Admins only; your
 * own is on Account Security.
 */
export function UserSecondFactorSection({ user }: { user: User }) {
  const me = useCurrentUser();
  const messages = useMessages();
  const queryClient = useQueryClient();
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const key = ['users', user.id, 'second-factor'];
  const admin = me.role === 'admin' && me.id !== user.id;
  const { data } = useQuery({
    queryKey: key,
    queryFn: () => call(secondFactorContract.userSecondFactor, { params: { id: user.id } }),
    enabled: admin,
  });
  if (!admin || !data) return null;
  const any = data.totp !== 'off' || data.passkeys > 0 || data.recovery_codes_left > 0;

  const remove = async () => {
    setBusy(true);
    try {
      const answer = await call(secondFactorContract.removeUserSecondFactor, { params: { id: user.id } });
      messages.success(answer.message);
      setConfirming(false);
      await queryClient.invalidateQueries({ queryKey: key });
    } catch (failure) {
      messages.error(failure instanceof Error ? failure.message : String(failure));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }} data-section="second-factor">
      <Stack spacing={1.5} sx={{ alignItems: 'flex-start' }}>
        <Typography variant="h2">Second Factor</Typography>
        <Typography>{describe(data)}</Typography>
        {any && (
          <Button color="error" variant="outlined" onClick={() => setConfirming(true)}>
            Remove Second Factor
          </Button>
        )}
      </Stack>
      <ConfirmDialog
        open={confirming}
        title="Remove the second factor?"
        confirmLabel="Remove"
        destructive
        busy={busy}
        onConfirm={() => void remove()}
        onClose={() => setConfirming(false)}
      >
        Do this only when {user.name} has lost their authenticator and you know it is them asking. Their authenticator
        app, passkeys and recovery codes are removed, all their sessions end, and they are mailed. They sign in with the
        password alone and set up a new second factor on Account Security.
      </ConfirmDialog>
    </Paper>
  );
}
