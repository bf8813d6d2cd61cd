import {
  Alert,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  Link,
  Paper,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link as RouterLink, useNavigate } from 'react-router';
import { MESSAGES } from '../../../domain/messages';
import { ROLE_LABELS } from '../../../domain/roles';
import { usersContract } from '../../../domain/users/contract';
import { createUserSchema, generatePassword, USER_ROLES } from '../../../domain/users/schemas';
import { call } from '../../api/call';
import { keys } from '../../api/query-keys';
import { applyServerErrors, FormField, useSchemaForm } from '../../components/form';
import { PageHeader } from '../../components/PageHeader';
import { useCurrentUser } from '../../session/session';
import { useMessages } from '../../shell/messages';

const formSchema = createUserSchema.omit({ password: true, baseUrl: true });
const EMPTY = { name: '', email: '', role: '', missionary_number: '' };

function randomInt(maxExclusive: number): number {
  const values = new Uint32Array(1);
  // Rejection sampling keeps every character equally likely.
  const limit = Math.floor(0x1_0000_0000 / maxExclusive) * maxExclusive;
  do crypto.getRandomValues(values);
  while (values[0] >= limit);
  return values[0] % maxExclusive;
}

/**
 * /admin/user/create: Basic Info; the password is generated (8 characters) and never shown or mailed:
 * the user chooses theirs with the welcome mail's one-time link.
 */
export function CreateUserPage() {
  const me = useCurrentUser();
  if (me.role !== 'admin') {
    return (
      <>
        <PageHeader title="Create New User" />
        <Alert severity="info" sx={{ maxWidth: 640 }}>
          Only administrators can add users. Ask an administrator to create the account.{' '}
          <Link component={RouterLink} to="/admin/users">
            Back to all users
          </Link>
        </Alert>
      </>
    );
  }
  return <CreateUserForm />;
}

function CreateUserForm() {
  const messages = useMessages();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const form = useSchemaForm(formSchema, EMPTY);
  const [created, setCreated] = useState<{ name: string; email: string; link: string } | null>(null);

  const submit = form.handleSubmit(async (values) => {
    try {
      const user = await call(usersContract.createUser, {
        body: { ...values, password: generatePassword(randomInt) },
        form: true,
      });
      messages.success(MESSAGES.userCreated);
      queryClient.invalidateQueries({ queryKey: keys.users.all });
      // Without SMTP the welcome mail only reaches the server's outbox: the admin passes the link on.
      if (user.sign_in_link) setCreated({ name: user.name, email: user.email, link: user.sign_in_link });
      else navigate('/admin/users');
    } catch (error) {
      applyServerErrors(form, error);
      messages.error(MESSAGES.userCreateFailed);
    }
  });

  return (
    <>
      <PageHeader
        title="Create New User"
        subtitle="The welcome mail carries a one-time link to choose a password; it never carries a password."
      />
      <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 }, maxWidth: 640 }}>
        <Typography variant="h2" sx={{ mb: 2 }}>
          Basic Info
        </Typography>
        <Stack component="form" spacing={2} onSubmit={submit} noValidate>
          <FormField control={form.control} name="name" label="Name" required autoComplete="off" />
          <FormField control={form.control} name="email" label="Email" type="email" required autoComplete="off" />
          <FormField
            control={form.control}
            name="role"
            label="Role"
            required
            options={USER_ROLES.map((role) => ({ value: role, label: ROLE_LABELS[role] }))}
          />
          <FormField control={form.control} name="missionary_number" label="Account #" autoComplete="off" />
          <Stack direction="row" spacing={1} sx={{ justifyContent: 'flex-end' }}>
            <Button type="button" onClick={() => form.reset(EMPTY)}>
              Clear Form
            </Button>
            <Button type="submit" variant="contained" disabled={form.formState.isSubmitting}>
              Create User
            </Button>
          </Stack>
        </Stack>
      </Paper>
      {created && <SignInLinkDialog {...created} onClose={() => navigate('/admin/users')} />}
    </>
  );
}

function SignInLinkDialog({
  name,
  email,
  link,
  onClose,
}: {
  name: string;
  email: string;
  link: string;
  onClose(): void;
}) {
  const [copied, setCopied] = useState(false);
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="sm" aria-labelledby="sign-in-link-title">
      <DialogTitle id="sign-in-link-title">Give {name} this sign-in link</DialogTitle>
      <DialogContent>
        <Stack spacing={2}>
          <Typography variant="body2">
            Mail is not set up on this server (no SMTP_URL), so the welcome mail to {email} was not sent. Send this link
            to them yourself: it lets them choose their password, works once, and expires in 7 days. It is shown only
            now.
          </Typography>
          <TextField
            label="One-time sign-in link"
            value={link}
            fullWidth
            multiline
            slotProps={{ input: { readOnly: true } }}
            onFocus={(event) => event.target.select()}
          />
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button
          onClick={async () => {
            await navigator.clipboard?.writeText(link).catch(() => undefined);
            setCopied(true);
          }}
        >
          {copied ? 'Copied' : 'Copy Link'}
        </Button>
        <Button variant="contained" onClick={onClose}>
          Done
        </Button>
      </DialogActions>
    </Dialog>
  );
}
