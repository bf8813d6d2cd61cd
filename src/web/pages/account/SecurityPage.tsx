import { Alert, Stack, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { secondFactorContract } from '../../../domain/second-factor/contract';
import { call } from '../../api/call';
import { keys } from '../../api/query-keys';
import { Loading } from '../../components/Loading';
import { PageHeader } from '../../components/PageHeader';
import { useCurrentUser } from '../../session/session';
import { PasskeysSection } from './PasskeysSection';
import { PolicySection } from './PolicySection';
import { TotpSection } from './TotpSection';

/**
 * /account/security: the signed-in user's second factors (decision 16, docs/decisions.md). An administrator
 * whom the setting requires to enrol lands here and can reach nothing else until they have.
 */
export function SecurityPage() {
  const me = useCurrentUser();
  const { data: status } = useQuery({
    queryKey: keys.account.secondFactor,
    queryFn: () => call(secondFactorContract.status),
  });
  return (
    <>
      <PageHeader title="Account Security" />
      <Stack spacing={3} sx={{ maxWidth: 720 }}>
        {status?.enrolment_needed && (
          <Alert severity="warning">
            Administrators must use a second factor. Set up an authenticator app below to continue.
          </Alert>
        )}
        <Typography variant="body2" color="text.secondary">
          A second factor keeps your account safe even if someone learns your password: signing in then also asks for a
          code from an authenticator app on your phone (Google Authenticator, Microsoft Authenticator, 1Password and the
          like).
        </Typography>
        {status ? <TotpSection status={status} /> : <Loading label="Loading" />}
        {status && !status.enrolment_needed && <PasskeysSection />}
        {me.role === 'admin' && !status?.enrolment_needed && <PolicySection totpOn={status?.totp === 'on'} />}
      </Stack>
    </>
  );
}
