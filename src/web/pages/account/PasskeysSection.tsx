import { Box, Button, Paper, Stack, TextField, Typography } from '@mui/material';
import type { PublicKeyCredentialCreationOptionsJSON } from '@simplewebauthn/browser';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { passkeyContract, type TPasskey } from '../../../domain/second-factor/passkey-contract';
import { ApiError, call } from '../../api/call';
import { keys } from '../../api/query-keys';
import { useMessages } from '../../shell/messages';
import { passkeyFailureMessage } from '../auth/passkey-errors';

/** Registers a passkey: the WebAuthn browser code loads only here, when the button is pressed. */
async function createPasskey(name: string): Promise<TPasskey> {
  const { startRegistration } = await import('@simplewebauthn/browser');
  const { challenge_token, options } = await call(passkeyContract.registrationOptions);
  const response = await startRegistration({
    // What the server's WebAuthn library made for a registration, passed through the contract unchanged.
    optionsJSON: options as PublicKeyCredentialCreationOptionsJSON,
  });
  return call(passkeyContract.registerPasskey, {
    // Spread into a plain object: the browser library's interface has no index signature to match the contract's record.
    body: {
      challenge_token,
      name,
      response: { ...response, clientExtensionResults: { ...response.clientExtensionResults } },
    },
  });
}

/** Passkeys (decision 16): named, listed, removable; each one signs in without the password. */
export function PasskeysSection() {
  const messages = useMessages();
  const queryClient = useQueryClient();
  const { data: passkeys = [] } = useQuery({
    queryKey: keys.account.passkeys,
    queryFn: () => call(passkeyContract.listPasskeys),
  });
  const [name, setName] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);
  const reload = () => queryClient.invalidateQueries({ queryKey: keys.account.passkeys });

  const add = async (event: FormEvent) => {
    event.preventDefault();
    if (!name.trim()) return setError('Name is required.');
    setBusy(true);
    try {
      await createPasskey(name.trim());
      setName('');
      setError(undefined);
      messages.success('The passkey was added.');
      await reload();
    } catch (failure) {
      if (failure instanceof ApiError) setError(Object.values(failure.errors)[0]?.[0] ?? failure.message);
      else setError(passkeyFailureMessage(failure) ?? undefined);
    } finally {
      setBusy(false);
    }
  };
  const remove = async (passkey: TPasskey) => {
    try {
      await call(passkeyContract.deletePasskey, { params: { id: passkey.id } });
      messages.success(`“${passkey.name}” was removed.`);
      await reload();
    } catch (failure) {
      messages.error(failure instanceof Error ? failure.message : String(failure));
    }
  };

  return (
    <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
      <Stack spacing={2}>
        <Typography variant="h2">Passkeys</Typography>
        <Typography variant="body2" color="text.secondary">
          A passkey signs you in with your fingerprint, face or device PIN instead of the password, and counts as both
          steps of a two-step sign-in.
        </Typography>
        {passkeys.length === 0 ? (
          <Typography>No passkeys yet.</Typography>
        ) : (
          <Box component="ul" aria-label="Your passkeys" sx={{ listStyle: 'none', p: 0, m: 0 }}>
            {passkeys.map((passkey) => (
              <Box
                component="li"
                key={passkey.id}
                sx={{ display: 'flex', alignItems: 'center', gap: 1, py: 1, borderBottom: 1, borderColor: 'divider' }}
              >
                <Box sx={{ flexGrow: 1, minWidth: 0 }}>
                  <Typography>{passkey.name}</Typography>
                  <Typography variant="body2" color="text.secondary">
                    Added {passkey.created_at.slice(0, 10)}
                    {passkey.last_used_at && ` · last used ${passkey.last_used_at.slice(0, 10)}`}
                  </Typography>
                </Box>
                <Button color="error" onClick={() => remove(passkey)} aria-label={`Remove ${passkey.name}`}>
                  Remove
                </Button>
              </Box>
            ))}
          </Box>
        )}
        <Box component="form" onSubmit={add} noValidate sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
          <TextField
            id="passkey-name"
            label="Passkey name"
            placeholder="Office laptop"
            value={name}
            onChange={(event) => setName(event.target.value)}
            error={error !== undefined}
            helperText={error}
            size="small"
            sx={{ minWidth: 240 }}
          />
          <Button type="submit" variant="contained" disabled={busy}>
            Add a Passkey
          </Button>
        </Box>
      </Stack>
    </Paper>
  );
}
