import {
  Alert,
  Box,
  Card,
  CardContent,
  Link,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableRow,
  Typography,
} from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useId } from 'react';
import { Link as RouterLink, useParams } from 'react-router';
import { payStubContract, type TPayStub, type TPayStubLine } from '../../../domain/reports/pay-stub-contract';
import { call } from '../../api/call';
import { queryKeyOf } from '../../api/contract-keys';
import { ErrorState } from '../../components/ErrorState';
import { Loading } from '../../components/Loading';
import { PageHeader } from '../../components/PageHeader';
import { date, money } from '../../format';
import { useCurrentUser } from '../../session/session';
import { StatementButton } from '../statements/StatementButton';

/**
 * /distribution/:id for the missionary: their approved distribution as a pay stub (docs/product.md
 * "My distribution: the pay stub") — what MAT Day paid, the balances before and after, then what came
 * in, their pay, what was paid and how, what is held, and the statement PDF. Read from
 * GET /distribution/{id}/pay-stub; no wizard, no review flags. Phone first: one column of cards.
 */
export function PayStubPage() {
  const { id } = useParams();
  const me = useCurrentUser();
  const params = { id: Number(id) };
  const stub = useQuery({
    queryKey: queryKeyOf(payStubContract.payStub, { params }),
    queryFn: () => call(payStubContract.payStub, { params }),
  });
  if (stub.isPending) return <Loading label="Loading your distribution" />;
  if (stub.isError) {
    return (
      <>
        <PageHeader title="Your distribution" />
        <ErrorState error={stub.error} onRetry={() => stub.refetch()} />
      </>
    );
  }
  return <PayStub stub={stub.data} profilePath={`/profile/${me.id}`} />;
}

function PayStub({ stub, profilePath }: { stub: TPayStub; profilePath: string }) {
  const period = `${date(stub.start_date)} – ${date(stub.mat_date)}`;
  return (
    <Box sx={{ maxWidth: 760, mx: 'auto' }}>
      <PageHeader
        title="Your distribution"
        subtitle={`${period} · MAT Day ${date(stub.mat_date)}`}
        actions={
          <StatementButton
            distributionId={stub.distribution_id}
            label="Statement (PDF)"
            accessibleLabel={`Download the statement for ${period}`}
            variant="contained"
            size="medium"
          />
        }
      />
      <Stack spacing={2}>
        {stub.reversal && (
          <Alert severity="warning">
            This distribution was reversed on {date(stub.reversal.on)}: nothing below was paid, and your balances are
            back where they were before it. Reason: {stub.reversal.reason}
          </Alert>
        )}
        <Card variant="outlined" component="section" aria-label="Summary">
          <CardContent>
            <Typography variant="overline" component="p" color="text.secondary">
              {stub.reversal ? 'Would have been paid on MAT Day' : 'Paid to you on MAT Day'}
            </Typography>
            <Typography component="p" sx={{ fontSize: '2rem', fontWeight: 700, lineHeight: 1.2 }}>
              {money(stub.paid_on_mat_day)}
            </Typography>
            {stub.approved_on && (
              <Typography variant="body2" color="text.secondary">
                Approved {date(stub.approved_on)}
              </Typography>
            )}
            <Balances balances={stub.balances} />
          </CardContent>
        </Card>
        {stub.groups.map((group) => (
          <Group key={group.key} group={group} />
        ))}
        <Typography variant="body2">
          <Link component={RouterLink} to={profilePath}>
            All your distributions
          </Link>
        </Typography>
      </Stack>
    </Box>
  );
}

/** The card's edge lines up with the table's text: no outer cell padding (the theme's first/last-of-type rule). */
const FIRST = { '&:first-of-type': { paddingLeft: 0 } };
const LAST = { '&:last-of-type': { paddingRight: 0 } };

function Balances({ balances }: { balances: TPayStub['balances'] }) {
  return (
    <Table size="small" sx={{ mt: 2 }} aria-label="Balances before and after">
      <TableBody>
        <TableRow>
          <TableCell component="th" scope="col" sx={FIRST}>
            Balance
          </TableCell>
          <TableCell component="th" scope="col" align="right">
            Before
          </TableCell>
          <TableCell component="th" scope="col" align="right" sx={LAST}>
            After
          </TableCell>
        </TableRow>
        {balances.map((balance) => (
          <TableRow key={balance.label}>
            <TableCell component="th" scope="row" sx={{ ...FIRST, fontWeight: 400 }}>
              {balance.label}
            </TableCell>
            <TableCell align="right">{money(balance.before)}</TableCell>
            <TableCell align="right" sx={{ ...LAST, fontWeight: 700 }}>
              {money(balance.after)}
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}

function Group({ group }: { group: TPayStub['groups'][number] }) {
  const titleId = useId();
  return (
    <Card variant="outlined" component="section" aria-labelledby={titleId}>
      <CardContent>
        <Typography variant="h2" id={titleId} sx={{ fontSize: '1.15rem', mb: 1 }}>
          {group.title}
        </Typography>
        {group.intro && (
          <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
            {group.intro}
          </Typography>
        )}
        <Table size="small">
          <TableBody>
            {group.lines.map((line) => (
              // Two "Other (not itemised)" lines of one group differ in amount.
              <Line key={`${line.style}:${line.label}:${line.amount}`} line={line} />
            ))}
          </TableBody>
        </Table>
      </CardContent>
    </Card>
  );
}

function Line({ line }: { line: TPayStubLine }) {
  const strong = line.style === 'subtotal' || line.style === 'total' || line.style === 'balance';
  const muted = line.style === 'note';
  const cell = {
    '&:first-of-type': { paddingLeft: line.style === 'item' ? '20px' : 0 },
    fontWeight: strong ? 700 : 400,
    fontStyle: muted ? 'italic' : undefined,
    color: muted ? 'text.secondary' : undefined,
    borderTop: line.style === 'total' ? 2 : undefined,
    borderTopColor: 'divider',
    overflowWrap: 'anywhere' as const,
  };
  return (
    <TableRow>
      <TableCell component="th" scope="row" sx={cell}>
        {line.label}
        {line.hint && (
          <Typography
            variant="body2"
            component="span"
            color="text.secondary"
            sx={{ display: 'block', fontWeight: 400 }}
          >
            {line.hint}
          </Typography>
        )}
      </TableCell>
      <TableCell
        align="right"
        sx={{ ...cell, ...LAST, paddingLeft: '8px', whiteSpace: 'nowrap', verticalAlign: 'top' }}
      >
        {line.amount === null ? '' : money(line.amount)}
      </TableCell>
    </TableRow>
  );
}
