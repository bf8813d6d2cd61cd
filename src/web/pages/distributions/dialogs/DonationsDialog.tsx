import {
  Button,
  Checkbox,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  Typography,
  useMediaQuery,
  useTheme,
} from '@mui/material';
import type { DonationResult } from '../../../../domain/distributions';
import { useTerms } from '../../../site/site-config';
import { usd } from '../cents';
import { type RowsColumn, RowsTable } from '../components/RowsTable';

/** "General Fund" for a donation without a hold account (docs/product.md §2.4). */
export function fundNameOf(donation: Pick<DonationResult, 'hold_account_id' | 'fund_name'>): string {
  return donation.hold_account_id === null ? 'General Fund' : donation.fund_name;
}

/**
 * Donations dialog: every donation of the upload. Only a designated donation (one with a hold
 * account) has an Approved checkbox — ticking it deposits it into that account; it is disabled in
 * read-only mode.
 */
export function DonationsDialog(props: {
  open: boolean;
  donations: readonly DonationResult[];
  total: string;
  readOnly: boolean;
  onToggle(id: number): void;
  onClose(): void;
}) {
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('sm'));
  const terms = useTerms();
  const columns: RowsColumn<DonationResult>[] = [
    { key: 'fund', label: 'Fund Name', render: fundNameOf },
    { key: 'amount', label: 'Amount', align: 'right', render: (row) => usd(row.amount), footer: props.total },
    {
      key: 'approved',
      label: 'Approved',
      align: 'center',
      render: (row) =>
        row.hold_account_id === null ? null : (
          <Checkbox
            checked={row.approved}
            disabled={props.readOnly}
            onChange={() => props.onToggle(row.id)}
            slotProps={{
              input: { 'aria-label': `Approve donation ${row.id} to ${row.fund_name} of ${usd(row.amount)}` },
            }}
          />
        ),
    },
    {
      key: 'deposited',
      label: 'Deposited',
      align: 'right',
      render: (row) => (row.hold_account_id === null ? '' : usd(row.deposited)),
    },
  ];
  return (
    <Dialog
      open={props.open}
      onClose={props.onClose}
      aria-labelledby="donations-title"
      maxWidth="sm"
      fullWidth
      fullScreen={phone}
    >
      <DialogTitle id="donations-title">Donations</DialogTitle>
      <DialogContent>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
          Every donation counts in Total Donations. A ticked designated donation is also deposited into its hold
          account.
        </Typography>
        <RowsTable
          label="Donations"
          columns={columns}
          rows={props.donations}
          rowKey={(row) => row.id}
          emptyText={`No donations for this ${terms.missionary.toLowerCase()} in the chosen upload.`}
        />
      </DialogContent>
      <DialogActions>
        <Button variant="contained" onClick={props.onClose}>
          Close
        </Button>
      </DialogActions>
    </Dialog>
  );
}
