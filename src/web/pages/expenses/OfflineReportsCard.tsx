import { Alert, AlertTitle, Box, Link, Typography } from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { keys } from '../../api/query-keys';
import type { SessionUser } from '../../api/types';
import { dateTime } from '../../format';
import { EXCHANGE_RATES_KEPT } from '../../offline/kept-copy';
import { isReportCreate, localReportId, type OutboxItem } from '../../offline/queue';
import { allRecords, CACHE, OUTBOX, OUTBOX_CHANGED, putRecord } from '../../offline/store';
import { whenIdle } from '../../shell/when-idle';

/** The reads the add dialogs need, kept as offline/cached-read.ts keeps them (same keys, same shape). */
const OFFLINE_READS = (userId: number) => ({
  categories: '/api/categories',
  settings: '/api/settings',
  [`hold-accounts-${userId}`]: `/api/user/${userId}/hold-accounts`,
  // The office's exchange rates: offline the expense form suggests the last ones known (decision 37).
  [EXCHANGE_RATES_KEPT]: '/api/exchange-rates',
});

/**
 * Online, a copy of what the add dialogs read is kept on the device, so that a report started offline
 * (never opened online) can still offer its categories.
 */
function keepForOffline(me: SessionUser) {
  if (!navigator.onLine) return;
  for (const [key, path] of Object.entries(OFFLINE_READS(me.id))) {
    fetch(path, { headers: { accept: 'application/json', 'api-token': me.api_token } })
      .then((response) => (response.ok ? response.json() : Promise.reject(new Error(String(response.status)))))
      .then((value) => putRecord(CACHE, { key, value }))
      .catch(() => undefined); // the copy from before stays
  }
}

/**
 * While something waits, the dashboard sends it too: when it opens online and whenever the link
 * returns, then shows the server's reports. The sender (offline/outbox.ts) loads only then, so the
 * dashboard's first download stays as it was.
 */
function useSendWhileWaiting(somethingWaits: boolean) {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!somethingWaits) return;
    const send = () => {
      if (!navigator.onLine) return;
      import('../../offline/outbox')
        .then(({ sendOutbox }) => sendOutbox())
        .then(() => queryClient.invalidateQueries({ queryKey: keys.expenseReports.all }))
        .catch(() => undefined); // what could not be sent stays, and is tried again when the link returns
    };
    send();
    window.addEventListener('online', send);
    return () => window.removeEventListener('online', send);
  }, [somethingWaits, queryClient]);
}

/**
 * On the missionary dashboard: the reports started on this device and not sent yet, each a link to
 * its editor (the list of the server's reports cannot load offline; these can), and how much else
 * waits. What waits is sent from here as from the report's page. Part of the dashboard's own chunk and kept small
 * (IndexedDB through store.ts, no outbox, no session: the user comes as a prop): loaded lazily, its
 * chunk made the bundler split the first page's chunk, 1.3 KiB more on the login page
 * (test/web-budget.test.ts).
 */
export function OfflineReportsCard({ me }: { me: SessionUser }) {
  const [items, setItems] = useState<OutboxItem[]>([]);
  useEffect(() => {
    const read = () =>
      allRecords<OutboxItem>(OUTBOX)
        .then((all) => setItems(all.filter((item) => item.userId === me.id)))
        .catch(() => setItems([]));
    read();
    window.addEventListener(OUTBOX_CHANGED, read);
    return () => window.removeEventListener(OUTBOX_CHANGED, read);
  }, [me.id]);
  useEffect(() => {
    localStorage.setItem('me', JSON.stringify(me));
    // Once the dashboard is drawn: the copies serve a later visit offline, not this screen, and four
    // requests started inside React's effects made the dashboard's longest task longer
    // (docs/performance.md, "The dashboard's first load").
    return whenIdle(() => keepForOffline(me));
  }, [me]);
  useSendWhileWaiting(items.some((item) => !item.refused));
  if (items.length === 0) return null;
  const reports = items.filter(isReportCreate);
  const waiting = items.filter((item) => !item.refused).length;
  const refused = items.length - waiting;
  return (
    <Alert severity={refused > 0 ? 'warning' : 'info'} role="status" sx={{ mb: 2 }} aria-label="Kept on this device">
      <AlertTitle>Waiting to send ({waiting})</AlertTitle>
      {reports.length > 0 && (
        <Box component="ul" sx={{ m: 0, pl: 2.5 }}>
          {reports.map((report) => {
            const lines = items.filter((item) => item.reportId === localReportId(report.seq!)).length;
            return (
              <li key={report.seq}>
                <Link component={RouterLink} to={`/expense-report/offline-${report.seq}/edit`}>
                  New report started {dateTime(report.madeAt)}
                </Link>{' '}
                ({lines} {lines === 1 ? 'line' : 'lines'}){report.refused ? ' — not sent, open it to see why' : ''}
              </li>
            );
          })}
        </Box>
      )}
      <Typography variant="body2">
        Kept on this device and sent in order when the connection returns.
        {refused > 0 && ` ${refused} not sent: the office changed the report meanwhile. Open it to decide.`}
      </Typography>
    </Alert>
  );
}
