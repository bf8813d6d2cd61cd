import { Checkbox, FormControlLabel, FormGroup, Paper, Typography } from '@mui/material';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TNotificationPreferences } from '../../../domain/notifications/contract';
import { notificationsContract } from '../../../domain/notifications/contract';
import {
  NOTIFICATION_KINDS,
  NOTIFICATION_LABELS,
  type NotificationKind,
} from '../../../domain/notifications/notifications';
import { call } from '../../api/call';
import { keys } from '../../api/query-keys';
import { useMessages } from '../../shell/messages';

/** "Email me when…" on the profile (decision 21): each kind of mail on or off, saved as it is ticked. */
export function NotificationPreferencesSection() {
  const messages = useMessages();
  const queryClient = useQueryClient();
  const query = useQuery({
    queryKey: keys.notificationPreferences,
    queryFn: () => call(notificationsContract.getNotificationPreferences),
  });
  const save = useMutation({
    mutationFn: (change: Partial<Record<NotificationKind, 0 | 1>>) =>
      call(notificationsContract.updateNotificationPreferences, { body: change, form: true }),
    // The box changes as it is ticked; a refusal puts the saved choices back.
    onMutate: async (change) => {
      await queryClient.cancelQueries({ queryKey: keys.notificationPreferences });
      const before = queryClient.getQueryData<TNotificationPreferences>(keys.notificationPreferences);
      if (before) queryClient.setQueryData(keys.notificationPreferences, { ...before, ...change });
      return { before };
    },
    onSuccess: (saved) => {
      queryClient.setQueryData(keys.notificationPreferences, saved);
      messages.success('Your mail choices are saved.');
    },
    onError: (error, _change, context) => {
      if (context?.before) queryClient.setQueryData(keys.notificationPreferences, context.before);
      messages.error(error.message || 'Something went wrong.');
    },
  });
  return (
    <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }} component="section" aria-labelledby="email-me-when">
      <Typography variant="h2" id="email-me-when" sx={{ mb: 1 }}>
        Email me when…
      </Typography>
      <FormGroup>
        {NOTIFICATION_KINDS.map((kind) => (
          <FormControlLabel
            key={kind}
            label={NOTIFICATION_LABELS[kind]}
            control={
              <Checkbox
                checked={query.data ? query.data[kind] === 1 : false}
                disabled={!query.data}
                onChange={(event) => save.mutate({ [kind]: event.target.checked ? 1 : 0 })}
              />
            }
          />
        ))}
      </FormGroup>
    </Paper>
  );
}
