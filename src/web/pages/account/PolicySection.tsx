import { FormControlLabel, Paper, Stack, Switch, Typography } from '@mui/material';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { secondFactorContract } from '../../../domain/second-factor/contract';
import { ApiError, call } from '../../api/call';
import { keys } from '../../api/query-keys';
import { useMessages } from '../../shell/messages';

/** Admins: "Require a second factor for administrators" (decision 16). */
export function PolicySection({ totpOn }: { totpOn: boolean }) {
  const messages = useMessages();
  const queryClient = useQueryClient();
  const { data } = useQuery({
    queryKey: keys.account.secondFactorPolicy,
    queryFn: () => call(secondFactorContract.policy),
  });
  const change = async (on: boolean) => {
    try {
      queryClient.setQueryData(
        keys.account.secondFactorPolicy,
        await call(secondFactorContract.updatePolicy, { body: { require_for_admins: on } }),
      );
      messages.success(on ? 'Administrators now need a second factor.' : 'The second factor is optional again.');
    } catch (error) {
      messages.error(error instanceof ApiError ? error.message : String(error));
    }
  };
  return (
    <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
      <Stack spacing={1}>
        <Typography variant="h2">Administrators</Typography>
        <FormControlLabel
          control={
            <Switch checked={data?.require_for_admins ?? false} onChange={(event) => change(event.target.checked)} />
          }
          label="Require a second factor for administrators"
        />
        <Typography variant="body2" color="text.secondary">
          When on, an administrator who signs in without one is sent to set up an authenticator app before anything
          else.{!totpOn && ' Set up your own first.'}
        </Typography>
      </Stack>
    </Paper>
  );
}
