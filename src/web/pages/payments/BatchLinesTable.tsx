import { Box, Button, Chip, Stack, Typography } from '@mui/material';
import type { TPaymentBatch, TPaymentLine } from '../../../domain/payments/contract';
import { date, money } from '../../format';
import { METHOD_NAMES, STATUS_COLORS, statusLabel } from './batch-summary';
import { PlainTable } from './PlainTable';

/** What the line's status needs said: its hold's reason, the prenote, or the return. */
function lineNote(line: TPaymentLine): string | null {
  if (line.status === 'held') return line.held_reason;
  if (line.status === 'prenote')
    return 'A $0.00 prenote tests the new account; the amount is paid in a later batch. Clear to pay it now instead.';
  if (line.status === 'returned')
    return `Returned ${date(line.return_date)}: ${line.return_reason ?? line.return_code ?? ''}. The amount is back on the fund.`;
  return null;
}

/** The actions an admin has on one line: a draft's clear and leave-out, a released line's return. */
function LineButtons(props: {
  batch: TPaymentBatch;
  line: TPaymentLine;
  onClear(): void;
  onLeaveOut(): void;
  onReturn(): void;
}) {
  const { batch, line } = props;
  const who = line.user_name;
  if (batch.status === 'released') {
    if (line.status !== 'paid') return null;
    return (
      <Button size="small" onClick={props.onReturn} aria-label={`Record a return of ${who}'s payment`}>
        Record return
      </Button>
    );
  }
  const clearable = line.status === 'prenote' || (line.status === 'held' && line.method !== 'none');
  return (
    <Box sx={{ display: 'flex', gap: 0.5, flexWrap: 'wrap' }}>
      {clearable && (
        <Button
          size="small"
          onClick={props.onClear}
          aria-label={`Clear ${who}'s ${line.status === 'prenote' ? 'prenote' : 'hold'}`}
        >
          {line.status === 'prenote' ? 'Pay now' : 'Clear hold'}
        </Button>
      )}
      <Button size="small" color="inherit" onClick={props.onLeaveOut} aria-label={`Leave ${who}'s line out`}>
        Leave out
      </Button>
    </Box>
  );
}

type LineProps = {
  batch: TPaymentBatch;
  admin: boolean;
  onClear(line: TPaymentLine): void;
  onLeaveOut(line: TPaymentLine): void;
  onReturn(line: TPaymentLine): void;
};

function StatusCell({ line }: { line: TPaymentLine }) {
  const note = lineNote(line);
  return (
    <>
      <Chip size="small" label={statusLabel(line.status)} sx={{ bgcolor: STATUS_COLORS[line.status], color: '#fff' }} />
      {note && (
        <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
          {note}
        </Typography>
      )}
    </>
  );
}

const accountOf = (line: TPaymentLine) =>
  [line.masked_account, line.method === 'wire' ? line.currency : null].filter(Boolean).join(' · ');

/** On a phone: one card per payee, as a table would push the status and actions off screen. */
function LineCards(props: LineProps) {
  return (
    <Stack spacing={1} sx={{ display: { xs: 'flex', sm: 'none' } }}>
      {props.batch.lines.map((line) => (
        <Box key={line.id} sx={{ border: 1, borderColor: 'divider', borderRadius: 1, p: 1.5 }}>
          <Box sx={{ display: 'flex', justifyContent: 'space-between', gap: 1 }}>
            <Typography sx={{ fontWeight: 500 }}>{line.user_name}</Typography>
            <Typography sx={{ fontWeight: 500 }}>{money(line.amount)}</Typography>
          </Box>
          <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
            {METHOD_NAMES[line.method]} {accountOf(line)}
          </Typography>
          <StatusCell line={line} />
          {props.admin && (
            <Box sx={{ mt: 1 }}>
              <LineButtons
                batch={props.batch}
                line={line}
                onClear={() => props.onClear(line)}
                onLeaveOut={() => props.onLeaveOut(line)}
                onReturn={() => props.onReturn(line)}
              />
            </Box>
          )}
        </Box>
      ))}
    </Stack>
  );
}

/** One row per payee: method, masked account, amount, status with its reason, and the line's actions. */
export function BatchLinesTable(props: LineProps) {
  const { batch } = props;
  if (batch.lines.length === 0) return <Typography color="text.secondary">This batch has no lines.</Typography>;
  return (
    <>
      <LineCards {...props} />
      <Box sx={{ display: { xs: 'none', sm: 'block' } }}>
        <PlainTable
          label={`Lines of batch #${batch.id}`}
          head={
            <>
              <th>Payee</th>
              <th>Method</th>
              <th className="num">Amount</th>
              <th>Status</th>
              {props.admin && <th>Actions</th>}
            </>
          }
        >
          {batch.lines.map((line) => (
            <tr key={line.id} data-line={line.user_name}>
              <td>
                {line.user_name}
                {line.missionary_number && (
                  <Typography variant="body2" color="text.secondary" component="div">
                    #{line.missionary_number}
                  </Typography>
                )}
              </td>
              <td>
                {METHOD_NAMES[line.method]}
                <Typography variant="body2" color="text.secondary" component="div">
                  {accountOf(line)}
                </Typography>
              </td>
              <td className="num">{money(line.amount)}</td>
              <Box component="td" sx={{ maxWidth: 320 }}>
                <StatusCell line={line} />
              </Box>
              {props.admin && (
                <td>
                  <LineButtons
                    batch={batch}
                    line={line}
                    onClear={() => props.onClear(line)}
                    onLeaveOut={() => props.onLeaveOut(line)}
                    onReturn={() => props.onReturn(line)}
                  />
                </td>
              )}
            </tr>
          ))}
        </PlainTable>
      </Box>
    </>
  );
}
