import { Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle } from '@mui/material';
import { formatUSD, fromDollars } from '../../../domain/money';
import type { FullReport } from './types';
import { useProcessReport } from './use-process-report';

/** Processing an advance report: staff confirm its receipts, which closes the advance. */
export function ConfirmReceiptDialog({ report, onClose }: { report: FullReport; onClose(): void }) {
  const process = useProcessReport(report, onClose);
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="xs" aria-labelledby="process-title">
      <DialogTitle id="process-title">Confirm receipt</DialogTitle>
      <DialogContent>
        <DialogContentText>
          The advance report of {report.user_name} totals {formatUSD(fromDollars(report.total_amount))} against an
          approved {formatUSD(fromDollars(report.advance_request?.amount_approved ?? 0))}. Confirming the receipts
          closes advance request #{report.advance_request_id}.
        </DialogContentText>
        {report.cash_returned > 0 && (
          <DialogContentText sx={{ mt: 2 }}>
            {report.user_name} gives back {formatUSD(fromDollars(report.cash_returned))} of unspent cash: confirming
            adds it to their fund.
          </DialogContentText>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Cancel</Button>
        <Button variant="contained" onClick={() => process.mutate(null)} disabled={process.isPending}>
          Confirm Receipt
        </Button>
      </DialogActions>
    </Dialog>
  );
}
