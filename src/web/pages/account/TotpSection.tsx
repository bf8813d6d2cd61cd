import { Alert, Box, Button, Paper, Stack, TextField, Typography } from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import {
  secondFactorContract,
  type TSecondFactorStatus,
  type TTotpEnrolment,
} from '../../../domain/second-factor/contract';
import { ApiError, call } from '../../api/call';
import { keys } from '../../api/query-keys';
import { useSession } from '../../session/session';
import { useMessages } from '../../shell/messages';
import { PasswordOrCodeForm } from './PasswordOrCodeForm';

const fieldError = (error: unknown, field: string) =>
  error instanceof ApiError ? (error.errors[field]?.[0] ?? error.message) : String(error);

/** The authenticator app: set up (QR code and key, then a code), recovery codes once, turn off. */
export function TotpSection({ status }: { status: TSecondFactorStatus }) {
  const [enrolment, setEnrolment] = useState<TTotpEnrolment | null>(null);
  const [codes, setCodes] = useState<string[] | null>(null);
  const queryClient = useQueryClient();
  const messages = useMessages();
  const reload = () => queryClient.invalidateQueries({ queryKey: keys.account.secondFactor });

  const start = async () => {
    try {
      setEnrolment(await call(secondFactorContract.startTotp));
    } catch (error) {
      messages.error(fieldError(error, '_'));
    }
  };

  return (
    <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
      <Stack spacing={2}>
        <Typography variant="h2">Authenticator App</Typography>
        {codes ? (
          <RecoveryCodes
            codes={codes}
            title={status.totp === 'on' ? 'New recovery codes are ready; the old ones no longer work.' : undefined}
            onDone={() => setCodes(null)}
          />
        ) : status.totp === 'on' ? (
          <>
            <Typography>
              On since {status.totp_confirmed_at?.slice(0, 10)}. Recovery codes left: {status.recovery_codes_left}.
            </Typography>
            <RegenerateForm
              onDone={(fresh) => {
                setCodes(fresh);
                reload();
              }}
            />
            <DisableForm onDone={reload} />
          </>
        ) : enrolment ? (
          <Enrol
            enrolment={enrolment}
            onDone={(recovery) => {
              setEnrolment(null);
              setCodes(recovery);
              reload();
            }}
          />
        ) : (
          <Box>
            <Typography sx={{ mb: 2 }}>Off.</Typography>
            <Button variant="contained" onClick={start}>
              Set Up Authenticator App
            </Button>
          </Box>
        )}
      </Stack>
    </Paper>
  );
}

function Enrol({ enrolment, onDone }: { enrolment: TTotpEnrolment; onDone: (codes: string[]) => void }) {
  const { refresh } = useSession();
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | undefined>();
  const src = `data:image/svg+xml;charset=utf-8,${encodeURIComponent(enrolment.qr_svg)}`;
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    try {
      const answer = await call(secondFactorContract.confirmTotp, { body: { code } });
      await refresh();
      onDone(answer.recovery_codes);
    } catch (failure) {
      setError(fieldError(failure, 'code'));
    }
  };
  return (
    <Stack spacing={2} component="form" onSubmit={submit} noValidate>
      <Typography>1. Scan this QR code with your authenticator app.</Typography>
      <Box component="img" src={src} alt="QR code for the authenticator app" sx={{ width: 200, height: 200 }} />
      <Typography variant="body2">
        Or type this key into the app:{' '}
        <Box component="code" data-testid="totp-secret" sx={{ wordBreak: 'break-all', fontWeight: 600 }}>
          {enrolment.secret}
        </Box>
      </Typography>
      <Typography>2. Enter the 6-digit code the app shows.</Typography>
      <TextField
        id="totp-code"
        label="Code"
        value={code}
        onChange={(event) => setCode(event.target.value)}
        error={error !== undefined}
        helperText={error}
        autoComplete="one-time-code"
        slotProps={{ htmlInput: { inputMode: 'numeric' } }}
        sx={{ maxWidth: 240 }}
      />
      <Box>
        <Button type="submit" variant="contained">
          Turn On
        </Button>
      </Box>
    </Stack>
  );
}

function RecoveryCodes({ codes, title, onDone }: { codes: string[]; title?: string; onDone: () => void }) {
  const download = () => {
    const blob = new Blob([`Sheepfold recovery codes\n\n${codes.join('\n')}\n`], { type: 'text/plain' });
    const link = document.createElement('a');
    link.href = URL.createObjectURL(blob);
    link.download = 'sheepfold-recovery-codes.txt';
    link.click();
    URL.revokeObjectURL(link.href);
  };
  return (
    <Stack spacing={2}>
      <Alert severity="success">{title ?? 'The authenticator app is on.'}</Alert>
      <Typography>
        Keep these recovery codes somewhere safe. Each one signs you in once if you lose your phone. They are shown only
        now.
      </Typography>
      <Box
        component="ol"
        data-testid="recovery-codes"
        sx={{ fontFamily: 'monospace', fontSize: '1.1rem', columns: { xs: 1, sm: 2 }, m: 0 }}
      >
        {codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </Box>
      <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
        <Button variant="outlined" onClick={download}>
          Download Codes
        </Button>
        <Button variant="contained" onClick={onDone}>
          I Have Saved Them
        </Button>
      </Box>
    </Stack>
  );
}

function DisableForm({ onDone }: { onDone: () => void }) {
  const messages = useMessages();
  return (
    <PasswordOrCodeForm
      idPrefix="disable"
      intro="To turn it off, enter your password and a code from the app (or a recovery code)."
      codeLabel="Code"
      submitLabel="Turn Off"
      danger
      refusalMessage="message-bar"
      // DELETE with a body goes as POST with _method (form: true), as the web sends every such call.
      send={(values) => call(secondFactorContract.disableTotp, { body: values, form: true })}
      onDone={() => {
        messages.success('The authenticator app is off.');
        onDone();
      }}
    />
  );
}

/** New recovery codes (decision 16): the password or a current code proves it is the owner. */
function RegenerateForm({ onDone }: { onDone: (codes: string[]) => void }) {
  return (
    <PasswordOrCodeForm
      idPrefix="regenerate"
      intro="Lost or used up your recovery codes? Make new ones with your password or a code from the app; the old ones stop working."
      codeLabel="Or a code from the app"
      submitLabel="New Recovery Codes"
      formLabel="New recovery codes"
      refusalMessage="under-password"
      send={(values) => call(secondFactorContract.regenerateRecoveryCodes, { body: values })}
      onDone={(answer) => onDone(answer.recovery_codes)}
    />
  );
}
