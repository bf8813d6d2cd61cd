import DeleteOutlineIcon from '@mui/icons-material/DeleteOutlined';
import { Box, Button, Chip, Link, Stack, Tab, Tabs, Tooltip, Typography } from '@mui/material';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type Dispatch, type SetStateAction, useCallback, useState } from 'react';
import { Navigate, Link as RouterLink, useNavigate, useParams } from 'react-router';
import type { ReviewFlag } from '../../../domain/distributions';
import { distributionsContract } from '../../../domain/distributions/contract';
import { MESSAGES } from '../../../domain/messages';
import { call } from '../../api/call';
import { keys } from '../../api/query-keys';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { type Column, DataTable } from '../../components/DataTable';
import { PageHeader } from '../../components/PageHeader';
import { date, money } from '../../format';
import { useCurrentUser } from '../../session/session';
import { useMessages } from '../../shell/messages';
import { useTerms } from '../../site/site-config';
import { IconAction } from '../expenses/report-columns';
import { StatementButton } from '../statements/StatementButton';
import { type ApproveChoice, ApproveDialog } from './dialogs/ApproveDialog';
import { BuildMatDayDialog } from './dialogs/BuildMatDayDialog';
import { DISTRIBUTION_STATUSES, type DistributionRecord, type DistributionStatus } from './types';

/** Distribution lists default to 100 rows (docs/product.md §9). */
export const DISTRIBUTION_PAGE_SIZE = 100;

// Short enough that the Review column and the row actions fit at 1280 px beside the menu;
// the full sentence is the chip's accessible name and tooltip.
const FLAG_LABELS: Record<ReviewFlag['code'], string> = {
  negative_ending_balance: 'Negative',
  donations_down: 'Donations down',
  unreimbursed_growing: 'Unreimbursed up',
};

export function ReviewFlagChips({ flags }: { flags: readonly ReviewFlag[] | null | undefined }) {
  if (!flags || flags.length === 0) {
    return (
      <Typography component="span" variant="body2" color="text.secondary">
        —
      </Typography>
    );
  }
  return (
    <Box component="span" sx={{ display: 'inline-flex', flexWrap: 'wrap', gap: 0.5 }}>
      {flags.map((flag) => (
        <Tooltip key={flag.code} title={flag.message}>
          <Chip
            size="small"
            color={flag.code === 'negative_ending_balance' ? 'error' : 'warning'}
            variant="outlined"
            label={FLAG_LABELS[flag.code] ?? flag.code}
            aria-label={flag.message}
          />
        </Tooltip>
      ))}
    </Box>
  );
}

/** /admin/distributions/:status — Approved, Pending and Reversed tabs (docs/product.md §2.1, §2.3). */
export function DistributionsPage() {
  const { status } = useParams();
  if (!DISTRIBUTION_STATUSES.includes(status as DistributionStatus)) {
    return <Navigate to="/admin/distributions/approved" replace />;
  }
  return <DistributionsList key={status} status={status as DistributionStatus} />;
}

const formPath = (row: DistributionRecord) => `/admin/distribution-form/${row.id}`;

const EMPTY_TEXT: Record<DistributionStatus, string> = {
  pending: 'No pending distributions.',
  approved: 'No approved distributions yet.',
  reversed: 'No reversed distributions.',
};

/** The list's columns: pending lists show the review flags, approved ones the approval date, reversed ones the reversal's. */
function distributionColumns(missionaryTerm: string, status: DistributionStatus): Column<DistributionRecord>[] {
  const pending = status === 'pending';
  return [
    { key: 'id', label: 'ID', sortKey: 'id' },
    {
      key: 'user_name',
      label: missionaryTerm,
      sortKey: 'user_name',
      render: (row) => (
        <Link component={RouterLink} to={formPath(row)} onClick={(event) => event.stopPropagation()}>
          {row.user_name}
        </Link>
      ),
    },
    {
      key: 'dates',
      label: 'Dates',
      sortKey: 'start_date',
      render: (row) => (
        // The range may break after the dash, so the review chips and the actions fit at 1280 px.
        <Box component="span" sx={{ display: 'inline-block', minWidth: '11ch' }}>
          {date(row.start_date)} – {date(row.end_date)}
          <Typography component="span" variant="caption" color="text.secondary" sx={{ display: 'block' }}>
            {row.donation_upload_name ?? 'No donations'}
          </Typography>
        </Box>
      ),
    },
    { key: 'total_donations', label: 'Donations', align: 'right', render: (row) => money(row.total_donations) },
    {
      key: 'total_funds_disbursed',
      label: 'Disbursed',
      align: 'right',
      render: (row) => money(row.total_funds_disbursed),
      hideOnMobile: true,
    },
    {
      key: 'ending_balance',
      label: 'Ending Balance',
      sortKey: 'ending_balance',
      align: 'right',
      render: (row) => (
        <Typography component="span" variant="body2" color={row.ending_balance < 0 ? 'error' : undefined}>
          {money(row.ending_balance)}
        </Typography>
      ),
    },
    ...(pending
      ? [
          {
            key: 'review_flags',
            label: 'Review',
            render: (row: DistributionRecord) => <ReviewFlagChips flags={row.review_flags} />,
          },
        ]
      : status === 'reversed'
        ? [
            {
              key: 'reversed_at',
              label: 'Reversed',
              render: (row: DistributionRecord) => (
                <Tooltip title={row.reversal_reason ?? ''}>
                  <span>{date(row.reversed_at)}</span>
                </Tooltip>
              ),
              hideOnMobile: true,
            },
          ]
        : [
            {
              key: 'approved_at',
              label: 'Approved',
              sortKey: 'approved_at',
              render: (row: DistributionRecord) => date(row.approved_at),
              hideOnMobile: true,
            },
          ]),
  ];
}

/** Approving the selected distributions and deleting one; each closes its dialog when done. */
function useDistributionActions(
  setSelected: Dispatch<SetStateAction<Array<string | number>>>,
  setConfirmApprove: (open: boolean) => void,
  setDeleting: (row: DistributionRecord | null) => void,
) {
  const messages = useMessages();
  const queryClient = useQueryClient();
  const approve = useMutation({
    mutationFn: ({ ids, reviewed }: ApproveChoice) =>
      call(distributionsContract.batchApprove, {
        body: { distribution_ids: JSON.stringify(ids), reviewed: JSON.stringify(reviewed) },
        form: true,
      }),
    onSuccess: () => {
      messages.success(MESSAGES.distributionsApproved);
      setSelected([]);
      setConfirmApprove(false);
      queryClient.invalidateQueries({ queryKey: keys.distributions.all });
      queryClient.invalidateQueries({ queryKey: keys.users.all });
    },
    onError: (error) => {
      messages.error(
        error.message && error.message !== 'Something went wrong.' ? error.message : MESSAGES.somethingWentWrong,
      );
      setConfirmApprove(false);
      queryClient.invalidateQueries({ queryKey: keys.distributions.all });
    },
  });

  const remove = useMutation({
    mutationFn: (row: DistributionRecord) => call(distributionsContract.deleteDistribution, { params: { id: row.id } }),
    onSuccess: (_result, row) => {
      messages.success(MESSAGES.distributionDeleted);
      setSelected((current) => current.filter((key) => key !== row.id));
      setDeleting(null);
      queryClient.invalidateQueries({ queryKey: keys.distributions.all });
    },
    onError: (error) => {
      messages.error(
        error.message && error.message !== 'Something went wrong.' ? error.message : MESSAGES.somethingWentWrong,
      );
      setDeleting(null);
    },
  });
  return { approve, remove };
}

/** Edit and Delete on a pending row (admins); View, and the statement of an approved one, otherwise. */
function RowActions(props: { row: DistributionRecord; editable: boolean; pending: boolean; onDelete(): void }) {
  const { row, pending } = props;
  if (props.editable) {
    return (
      <>
        <Button size="small" component={RouterLink} to={formPath(row)}>
          Edit
        </Button>
        <IconAction
          label={`Delete distribution #${row.id}`}
          color="error"
          icon={<DeleteOutlineIcon fontSize="small" />}
          onClick={props.onDelete}
        />
      </>
    );
  }
  return (
    <>
      <Button size="small" component={RouterLink} to={formPath(row)}>
        View
      </Button>
      {!pending && (
        <StatementButton
          distributionId={row.id}
          accessibleLabel={`Statement of ${row.user_name}, ${date(row.start_date)} – ${date(row.end_date)}`}
        />
      )}
    </>
  );
}

/** The title, the admin's Build and New buttons, and the Approved / Pending / Reversed tabs. */
function ListHeader(props: { status: DistributionStatus; isAdmin: boolean; onBuild(): void }) {
  const { status, isAdmin } = props;
  return (
    <>
      <PageHeader
        title={`Distributions - Status: ${status}`}
        actions={
          isAdmin && (
            <>
              <Button variant="outlined" onClick={props.onBuild}>
                Build MAT Day distributions
              </Button>
              <Button variant="contained" component={RouterLink} to="/admin/distribution-form">
                New Distribution
              </Button>
            </>
          )
        }
      />
      <Tabs value={DISTRIBUTION_STATUSES.indexOf(status)} sx={{ mb: 2 }} aria-label="Distribution lists">
        <Tab label="Approved" component={RouterLink} to="/admin/distributions/approved" />
        <Tab label="Pending" component={RouterLink} to="/admin/distributions/pending" />
        <Tab label="Reversed" component={RouterLink} to="/admin/distributions/reversed" />
      </Tabs>
    </>
  );
}

/** The rows seen so far, so the Approve dialog can list the selected ones' flags across pages. */
function useSeenRows() {
  const [seen, setSeen] = useState<ReadonlyMap<number, DistributionRecord>>(new Map());
  const remember = useCallback(
    (rows: DistributionRecord[]) =>
      setSeen((current) => {
        const next = new Map(current);
        for (const row of rows) next.set(row.id, row);
        return next;
      }),
    [],
  );
  return [seen, remember] as const;
}

function DistributionsList({ status }: { status: DistributionStatus }) {
  const me = useCurrentUser();
  const terms = useTerms();
  const isAdmin = me.role === 'admin';
  const pending = status === 'pending';
  const messages = useMessages();
  const navigate = useNavigate();
  const [selected, setSelected] = useState<Array<string | number>>([]);
  const [confirmApprove, setConfirmApprove] = useState(false);
  const [deleting, setDeleting] = useState<DistributionRecord | null>(null);
  const [building, setBuilding] = useState(false);
  const [seen, remember] = useSeenRows();
  const selectedRows = selected.flatMap((id) => seen.get(Number(id)) ?? []);

  const { approve, remove } = useDistributionActions(setSelected, setConfirmApprove, setDeleting);

  const startApprove = () => {
    if (selected.length === 0) {
      messages.error(MESSAGES.noDistributionsSelected);
      return;
    }
    setConfirmApprove(true);
  };

  return (
    <>
      <ListHeader status={status} isAdmin={isAdmin} onBuild={() => setBuilding(true)} />
      <DataTable<DistributionRecord>
        key={status}
        queryKey={keys.distributions.list(status)}
        fetchPage={(params) => call(distributionsContract.paginateDistributions, { query: { ...params, status } })}
        defaultLimit={DISTRIBUTION_PAGE_SIZE}
        columns={distributionColumns(terms.missionary, status)}
        rowKey={(row) => row.id}
        searchLabel={`Search ${terms.missionary.toLowerCase()} or upload`}
        emptyText={EMPTY_TEXT[status]}
        onRowClick={(row) => navigate(formPath(row))}
        selection={pending && isAdmin ? { selected, onChange: setSelected } : undefined}
        onRowsLoaded={remember}
        toolbar={
          pending && (
            <Stack
              direction={{ xs: 'column', sm: 'row' }}
              spacing={1}
              sx={{ flexGrow: 1, alignItems: { sm: 'center' } }}
            >
              {isAdmin && (
                <Button
                  variant="contained"
                  disabled={selected.length === 0 || approve.isPending}
                  onClick={startApprove}
                >
                  Approve Selected{selected.length > 0 ? ` (${selected.length})` : ''}
                </Button>
              )}
            </Stack>
          )
        }
        actions={(row) => (
          <RowActions row={row} editable={isAdmin && pending} pending={pending} onDelete={() => setDeleting(row)} />
        )}
      />
      {confirmApprove && (
        <ApproveDialog
          rows={selectedRows}
          busy={approve.isPending}
          onClose={() => setConfirmApprove(false)}
          onApprove={(choice) => approve.mutate(choice)}
        />
      )}
      <ConfirmDialog
        open={deleting !== null}
        title="Delete distribution?"
        confirmLabel="Delete"
        destructive
        busy={remove.isPending}
        onClose={() => setDeleting(null)}
        onConfirm={() => deleting && remove.mutate(deleting)}
      >
        {deleting &&
          `The pending distribution #${deleting.id} for ${deleting.user_name} (${date(deleting.start_date)} – ${date(deleting.end_date)}) will be deleted. Its reports, advances and donations become free for another distribution.`}
      </ConfirmDialog>
      {building && (
        <BuildMatDayDialog
          onClose={() => setBuilding(false)}
          onBuilt={() => navigate('/admin/distributions/pending')}
        />
      )}
    </>
  );
}
