import { configure, screen, within } from '@testing-library/react';
import type { TOutboxMail, TOutboxPage } from '../../../domain/notifications/contract';
import { renderGuarded, signedInApi, signOutApi } from '../../testing';
import { OutboxPage } from './OutboxPage';

// A shared 2-core machine: give the fake API and MUI time.
configure({ asyncUtilTimeout: 10_000 });
const SLOW = { timeout: 60_000 };

function mail(id: number, overrides: Partial<TOutboxMail>): TOutboxMail {
  return {
    id,
    kind: 'advance_approved',
    user_id: 100 + id,
    to_address: `person${id}@example.org`,
    subject: `Mail number ${id}`,
    status: 'queued',
    attempts: 0,
    next_attempt_at: '2026-11-02T10:00:00.000Z',
    last_error: null,
    sent_at: null,
    created_at: '2026-11-02T09:00:00.000Z',
    attachment_statement_id: null,
    ...overrides,
  };
}

afterEach(signOutApi);

describe('Outbox', () => {
  it(
    'says for each mail what happened: sent to the server, written to the folder, or failed and why',
    SLOW,
    async () => {
      const rows = [
        mail(1, { status: 'sent', attempts: 1, sent_at: '2026-11-02T10:01:00.000Z' }),
        mail(2, { status: 'written', attempts: 1, sent_at: '2026-11-02T10:01:00.000Z' }),
        mail(3, { status: 'failed', attempts: 6, last_error: '451 Mailbox temporarily unavailable' }),
        mail(4, { status: 'queued' }),
      ];
      const page: TOutboxPage = {
        data: rows,
        total_count: rows.length,
        smtp_configured: false,
        counts: { queued: 1, sending: 0, sent: 1, written: 1, failed: 1 },
      };
      const server = signedInApi('admin');
      server.on('GET', '/outbox', () => ({ status: 200, body: page }));
      renderGuarded([{ path: '/admin/outbox', element: <OutboxPage /> }], '/admin/outbox');

      const rowOf = async (subject: string) => (await screen.findByText(subject)).closest('tr')!;
      expect(within(await rowOf('Mail number 1')).getByText('Sent to the mail server')).toBeInTheDocument();
      expect(
        within(await rowOf('Mail number 2')).getByText('Written to the outbox folder, not sent'),
      ).toBeInTheDocument();
      const failed = within(await rowOf('Mail number 3'));
      expect(failed.getByText('Failed')).toBeInTheDocument();
      expect(failed.getByText('Reason: 451 Mailbox temporarily unavailable')).toBeInTheDocument();
      expect(within(await rowOf('Mail number 4')).getByText('Queued')).toBeInTheDocument();
      const summary = screen.getAllByRole('status').find((element) => element.textContent?.includes('waiting'));
      expect(summary).toHaveTextContent(
        '1 waiting · 1 sent to the mail server · 1 written to the outbox folder · 1 failed',
      );
      expect(screen.getByText(/No mail server is configured/)).toBeInTheDocument();
    },
  );
});
