import {
  Alert,
  Button,
  FormControl,
  FormControlLabel,
  FormLabel,
  Paper,
  Radio,
  RadioGroup,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { notificationsContract, type TOfficeNotices } from '../../../domain/notifications/contract';
import {
  OFFICE_NOTICE_LABELS,
  OFFICE_NOTICE_MODES,
  type OfficeNoticeMode,
} from '../../../domain/notifications/office-notices';
import { isStaff } from '../../../domain/roles';
import { call } from '../../api/call';
import { queryKeyOf } from '../../api/contract-keys';
import { ApiError } from '../../api/error';
import type { User } from '../../api/types';
import { useCurrentUser } from '../../session/session';
import { useMessages } from '../../shell/messages';

/** The zone this browser reads times in; the digest's time is kept in it. */
function browserZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
}

/**
 * "Mail about submissions" on a staff member's own profile (decision 21, extended): off, one mail
 * per submitted report or advance request, or one daily digest at a time of day they choose, read
 * in this browser's time zone.
 */
export function OfficeNoticesSection({ user }: { user: User }) {
  const me = useCurrentUser();
  if (user.id !== me.id || !isStaff(me.role)) return null;
  return <OfficeNotices />;
}

const key = queryKeyOf(notificationsContract.getOfficeNotices, {});

function OfficeNotices() {
  const messages = useMessages();
  const queryClient = useQueryClient();
  const query = useQuery({ queryKey: key, queryFn: () => call(notificationsContract.getOfficeNotices) });
  const [mode, setMode] = useState<OfficeNoticeMode>('off');
  const [time, setTime] = useState('07:30');
  const zone = query.data?.time_zone ?? browserZone();
  useEffect(() => {
    if (!query.data) return;
    setMode(query.data.mode);
    if (query.data.digest_time) setTime(query.data.digest_time);
  }, [query.data]);
  const save = useMutation({
    mutationFn: (body: { mode: OfficeNoticeMode; digest_time: string | null; time_zone: string | null }) =>
      call(notificationsContract.updateOfficeNotices, { body }),
    onSuccess: (saved: TOfficeNotices) => {
      queryClient.setQueryData(key, saved);
      messages.success('Your mail about submissions is saved.');
    },
  });
  const errors = save.error instanceof ApiError ? save.error.errors : {};
  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    const digest = mode === 'digest';
    save.mutate({ mode, digest_time: digest ? time : null, time_zone: digest ? browserZone() : null });
  };
  return (
    <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }} component="section" aria-labelledby="office-notices">
      <Typography variant="h2" id="office-notices" sx={{ mb: 1 }}>
        Mail about submissions
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        When a missionary submits an expense report or asks for an advance.
      </Typography>
      <Stack component="form" spacing={2} onSubmit={submit} noValidate>
        <FormControl disabled={!query.data}>
          <FormLabel id="office-notices-mode">Email me</FormLabel>
          <RadioGroup
            aria-labelledby="office-notices-mode"
            value={mode}
            onChange={(event) => setMode(event.target.value as OfficeNoticeMode)}
          >
            {OFFICE_NOTICE_MODES.map((value) => (
              <FormControlLabel key={value} value={value} control={<Radio />} label={OFFICE_NOTICE_LABELS[value]} />
            ))}
          </RadioGroup>
        </FormControl>
        {mode === 'digest' && (
          <TextField
            type="time"
            label="Time of the daily digest"
            value={time}
            onChange={(event) => setTime(event.target.value)}
            error={Boolean(errors.digest_time || errors.time_zone)}
            helperText={
              errors.digest_time?.[0] ??
              errors.time_zone?.[0] ??
              `In your time zone, ${zone}. It lists what was submitted since the last digest; none is sent on a day with nothing new.`
            }
            sx={{ maxWidth: 420 }}
            slotProps={{ inputLabel: { shrink: true } }}
          />
        )}
        {save.isError && !errors.digest_time && !errors.time_zone && (
          <Alert severity="error">{save.error.message}</Alert>
        )}
        <div>
          <Button type="submit" variant="contained" disabled={!query.data || save.isPending}>
            Save
          </Button>
        </div>
      </Stack>
    </Paper>
  );
}
