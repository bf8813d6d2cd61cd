import { Alert, AlertTitle, Box, Button, Stack, Typography } from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useState } from 'react';
import { keys } from '../api/query-keys';
import { useCurrentUser } from '../session/session';
import { discardOutboxItem, lastSync, type OutboxItem, onOutboxChange, outboxItems, sendOutbox } from './outbox';

const KIND_NAMES = { expense: 'Expense', mileage: 'Mileage trip', fileUpload: 'Receipt' } as const;

/** What waits on this device for the user (all of it, or one report's), kept current. */
export function useOutbox(userId: number, reportId?: number) {
  const [items, setItems] = useState<OutboxItem[]>([]);
  const reload = useCallback(
    () =>
      outboxItems(userId)
        .then((all) => setItems(reportId === undefined ? all : all.filter((item) => item.reportId === reportId)))
        .catch(() => setItems([])),
    [userId, reportId],
  );
  useEffect(() => {
    reload();
    return onOutboxChange(reload);
  }, [reload]);
  return items;
}

function summary(item: OutboxItem): string {
  const { fields } = item;
  if (item.kind === 'expense') {
    return `${fields.date ?? ''} · ${fields.field_currency ?? ''} ${fields.currency ?? ''}`.trim();
  }
  if (item.kind === 'mileage') {
    const odometer =
      fields.odometer_end && fields.odometer_start ? `${fields.odometer_start}–${fields.odometer_end}` : '';
    return `${fields.date ?? ''} · ${fields.total_distance || fields.distance || odometer}`;
  }
  return item.filename ?? 'photo';
}

const time = (iso: string) => new Date(iso).toLocaleString([], { dateStyle: 'short', timeStyle: 'short' });

/**
 * "Waiting to send (n)" with the time of the last sync, and each refused item with the server's
 * reason (the office changed or returned the report meanwhile): shown until the user discards it,
 * never overwritten. Sends what waits when the page opens online and whenever the link returns.
 */
export function WaitingToSend({ userId, reportId }: { userId: number; reportId?: number }) {
  const items = useOutbox(userId, reportId);
  const queryClient = useQueryClient();
  const me = useCurrentUser();
  // Kept for a reload without a connection; the session uses it only while its token is this one.
  useEffect(() => localStorage.setItem('me', JSON.stringify(me)), [me]);
  useEffect(() => {
    const send = () => sendOutbox().then(() => queryClient.invalidateQueries({ queryKey: keys.expenseReports.all }));
    if (navigator.onLine) send();
    window.addEventListener('online', send);
    return () => window.removeEventListener('online', send);
  }, [queryClient]);
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
            {synced ? `Last sync ${time(synced)}.` : 'Not synced yet.'}
          </Typography>
          <Box component="ul" sx={{ m: 0, pl: 2.5 }}>
            {waiting.map((item) => (
              <li key={item.seq}>
                {KIND_NAMES[item.kind]}: {summary(item)}
              </li>
            ))}
          </Box>
        </Alert>
      )}
      {refused.map((item) => (
        <Alert
          key={item.seq}
          severity="warning"
          action={
            <Button color="inherit" size="small" onClick={() => discardOutboxItem(item.seq!)}>
              Discard
            </Button>
          }
        >
          <AlertTitle>
            Not sent: {KIND_NAMES[item.kind]} {summary(item)}
          </AlertTitle>
          {item.refused} The report may have been changed or returned by the office; add it again if it still applies.
        </Alert>
      ))}
    </Stack>
  );
}
