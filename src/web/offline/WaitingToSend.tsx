import { Alert, AlertTitle, Box, Button, Stack, Typography } from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useState } from 'react';
import { keys } from '../api/query-keys';
import type { SessionUser } from '../api/types';
import { date, dateTime } from '../format';
import { discardOutboxItem, lastSync, onOutboxChange, outboxItems, retryQueued, sendOutbox } from './outbox';
import { actionOf, belongsTo, isReportCreate, type OutboxItem } from './queue';

const KIND_NAMES = {
  report: 'New report',
  expense: 'Expense',
  mileage: 'Mileage trip',
  fileUpload: 'Receipt',
} as const;

/** What waits on this device for the user (all of it, or one report's), kept current. */
export function useOutbox(userId: number, reportId?: number, disabled = false) {
  const [items, setItems] = useState<OutboxItem[]>([]);
  const reload = useCallback(() => {
    if (disabled) return;
    outboxItems(userId)
      .then((all) => setItems(reportId === undefined ? all : all.filter((item) => belongsTo(item, reportId))))
      .catch(() => setItems([]));
  }, [userId, reportId, disabled]);
  useEffect(() => {
    reload();
    return onOutboxChange(reload);
  }, [reload]);
  return items;
}

/**
 * Sends what waits when the page opens online and whenever the link returns, then reloads the
 * reports. Also keeps the signed-in user for a reload without a connection (the session uses it
 * only while its token is this one).
 */
export function useSendWhenOnline(me: SessionUser) {
  const queryClient = useQueryClient();
  useEffect(() => localStorage.setItem('me', JSON.stringify(me)), [me]);
  useEffect(() => {
    const send = () => sendOutbox().then(() => queryClient.invalidateQueries({ queryKey: keys.expenseReports.all }));
    if (navigator.onLine) send();
    window.addEventListener('online', send);
    return () => window.removeEventListener('online', send);
  }, [queryClient]);
}

/** "Expense: 03/10/2026 · KES 4750", "Change to mileage trip: …", "Delete receipt …": dates as the app shows them. */
export function describeItem(item: OutboxItem): string {
  const { fields } = item;
  const action = actionOf(item);
  const name = KIND_NAMES[item.kind];
  if (action === 'delete') return `Delete ${name.toLowerCase()} #${item.targetId}`;
  const prefix = action === 'update' ? `Change to ${name.toLowerCase()}` : name;
  if (item.kind === 'report') {
    return action === 'update' ? `${prefix} #${item.targetId}` : `${prefix}, started ${dateTime(item.madeAt)}`;
  }
  if (item.kind === 'expense') {
    const amount = [fields.currency, fields.field_currency].filter(Boolean).join(' ');
    return `${prefix}: ${date(fields.date)} · ${amount}`;
  }
  if (item.kind === 'mileage') {
    const odometer =
      fields.odometer_end && fields.odometer_start ? `${fields.odometer_start}–${fields.odometer_end}` : '';
    return `${prefix}: ${date(fields.date)} · ${fields.total_distance || odometer}`;
  }
  return `${prefix}: ${item.filename ?? 'photo'}`;
}

/** Expenses and trips (new or changed) open in their form again; the rest can only be sent again. */
const editableInForm = (item: OutboxItem) =>
  (item.kind === 'expense' || item.kind === 'mileage') && actionOf(item) !== 'delete';

/**
 * One item the server refused, with its words and the user's choice: discard it, or keep editing
 * (an expense or trip opens in its form; anything else is sent once more as it is). Never dropped
 * and never retried without the user.
 */
function Refused({ item, onEdit }: { item: OutboxItem; onEdit?: (item: OutboxItem) => void }) {
  const [busy, setBusy] = useState(false);
  const again = () => {
    setBusy(true);
    retryQueued(item.seq!)
      .catch(() => undefined) // the new refusal is shown in place of the old one
      .finally(() => setBusy(false));
  };
  return (
    <Alert severity="warning">
      <AlertTitle>Not sent: {describeItem(item)}</AlertTitle>
      The server said: “{item.refused}” The office may have changed, processed or returned this report. Nothing was
      overwritten{isReportCreate(item) ? '; discarding it discards the lines made for it' : ''}.
      <Stack direction="row" spacing={1} sx={{ mt: 1 }}>
        {onEdit && editableInForm(item) ? (
          <Button color="inherit" variant="outlined" size="small" onClick={() => onEdit(item)}>
            Keep editing
          </Button>
        ) : (
          <Button color="inherit" variant="outlined" size="small" onClick={again} disabled={busy || !navigator.onLine}>
            Try again
          </Button>
        )}
        <Button color="inherit" variant="outlined" size="small" onClick={() => discardOutboxItem(item.seq!)}>
          Discard
        </Button>
      </Stack>
    </Alert>
  );
}

/**
 * "Waiting to send (n)" with the time of the last sync, and each refused item with the server's
 * reason (the office changed or returned the report meanwhile): shown until the user discards or
 * edits it, never overwritten. Sends what waits when the page opens online and whenever the link
 * returns.
 */
export function WaitingToSend({
  me,
  reportId,
  onEdit,
}: {
  me: SessionUser;
  reportId?: number;
  onEdit?: (item: OutboxItem) => void;
}) {
  const items = useOutbox(me.id, reportId);
  useSendWhenOnline(me);
  const waiting = items.filter((item) => !item.refused);
  const refused = items.filter((item) => item.refused);
  if (items.length === 0) return null;
  const synced = lastSync();
  return (
    <Stack spacing={1} aria-label="Waiting to send">
      {waiting.length > 0 && (
        <Alert severity="info" role="status">
          <AlertTitle>Waiting to send ({waiting.length})</AlertTitle>
          <Typography variant="body2">
            Kept on this device and sent in order when the connection returns.{' '}
            {synced ? `Last sync ${dateTime(synced)}.` : 'Not synced yet.'}
          </Typography>
          <Box component="ul" sx={{ m: 0, pl: 2.5 }}>
            {waiting.map((item) => (
              <li key={item.seq}>{describeItem(item)}</li>
            ))}
          </Box>
        </Alert>
      )}
      {refused.map((item) => (
        <Refused key={item.seq} item={item} onEdit={onEdit} />
      ))}
    </Stack>
  );
}
