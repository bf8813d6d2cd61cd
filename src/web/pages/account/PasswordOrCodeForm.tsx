import { Box, Button, Stack, TextField, Typography } from '@mui/material';
import { type FormEvent, useState } from 'react';
import { ApiError } from '../../api/client';
import { useMessages } from '../../shell/messages';

export interface PasswordOrCode {
  password: string;
  code: string;
}

/**
 * The password and a code from the app, which prove it is the owner before the authenticator app is
 * turned off or new recovery codes are made (decision 16). A refusal's field messages go under their
 * fields; its message goes to the message bar, or under Password when the server names no field.
 */
export function PasswordOrCodeForm<Answer>({
  idPrefix,
  intro,
  codeLabel,
  submitLabel,
  danger = false,
  formLabel,
  refusalMessage,
  send,
  onDone,
}: {
  /** Ids of the inputs: `<idPrefix>-password`, `<idPrefix>-code`. */
  idPrefix: string;
  intro: string;
  codeLabel: string;
  submitLabel: string;
  danger?: boolean;
  /** The form's accessible name, when it needs one to be found among others. */
  formLabel?: string;
  refusalMessage: 'message-bar' | 'under-password';
  /** Sends the proof; resolves with the server's answer when it agreed. */
  send(values: PasswordOrCode): Promise<Answer>;
  /** After the server agreed (the inputs are emptied first). */
  onDone(answer: Answer): void;
}) {
  const messages = useMessages();
  const [values, setValues] = useState<PasswordOrCode>({ password: '', code: '' });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    let answer: Answer;
    try {
      answer = await send(values);
    } catch (failure) {
      if (!(failure instanceof ApiError)) throw failure;
      const fields = Object.fromEntries(Object.entries(failure.errors).map(([k, v]) => [k, v[0]]));
      if (refusalMessage === 'message-bar') {
        setErrors(fields);
        messages.error(failure.message);
      } else {
        setErrors(Object.keys(fields).length > 0 ? fields : { password: failure.message });
      }
      return;
    }
    setValues({ password: '', code: '' });
    setErrors({});
    onDone(answer);
  };
  return (
    <Stack spacing={2} component="form" onSubmit={submit} noValidate sx={{ maxWidth: 480 }} aria-label={formLabel}>
      <Typography variant="body2" color="text.secondary">
        {intro}
      </Typography>
      <TextField
        id={`${idPrefix}-password`}
        label="Password"
        type="password"
        autoComplete="current-password"
        value={values.password}
        onChange={(event) => setValues({ ...values, password: event.target.value })}
        error={errors.password !== undefined}
        helperText={errors.password}
      />
      <TextField
        id={`${idPrefix}-code`}
        label={codeLabel}
        autoComplete="one-time-code"
        value={values.code}
        onChange={(event) => setValues({ ...values, code: event.target.value })}
        error={errors.code !== undefined}
        helperText={errors.code}
      />
      <Box>
        <Button type="submit" variant="outlined" color={danger ? 'error' : undefined}>
          {submitLabel}
        </Button>
      </Box>
    </Stack>
  );
}
