import { Stack, Typography } from '@mui/material';
import { PageHeader } from '../../components/PageHeader';
import { useCurrentUser } from '../../session/session';
import { ChangePasswordForm } from '../profile/ChangePasswordForm';

/** /account/password: every signed-in user changes their own password (decision 16, docs/decisions.md). */
export function ChangePasswordPage() {
  const me = useCurrentUser();
  return (
    <>
      <PageHeader title="Change Password" />
      <Stack spacing={2} sx={{ maxWidth: 640 }}>
        <Typography variant="body2" color="text.secondary">
          Your current password is needed. When you change it, every other place you are signed in (another browser, a
          phone) is signed out, and a mail tells you it happened.
        </Typography>
        <ChangePasswordForm userId={me.id} heading={false} />
      </Stack>
    </>
  );
}
