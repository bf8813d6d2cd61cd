import {
  Box,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  InputAdornment,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import { formatUSD } from '../../../domain/money';
import { ErrorState } from '../../components/ErrorState';
import { ConfirmReceiptDialog } from './ConfirmReceiptDialog';
import type { FullReport } from './types';
import { useReimbursement } from './use-process-report';

/**
 * Staff processing (docs/product.md §5): a reimbursement takes the payout made now, shows the new unreimbursed
 * total (reimbursement due − payout) and asks to confirm the payout in words that say what happens
 * ("Pay Ruth Okafor $150.00 now? It comes from their fund and leaves $4,850.00; $84.62 stays owed.").
 * While the payout is typed it already says who pays now and that leaving it at $0.00 lets MAT Day pay
 * it ("Pay $133.68 now from Ruth Okafor's fund. Leave it at $0.00 and MAT Day pays it with their next
 * distribution."). An advance report confirms the receipt, which closes the advance.
 */
export function ProcessReportDialog({ report, onClose }: { report: FullReport; onClose(): void }) {
  return report.type === 'advance' ? (
    <ConfirmReceiptDialog report={report} onClose={onClose} />
  ) : (
    <ProcessReimbursementDialog report={report} onClose={onClose} />
  );
}

function ProcessReimbursementDialog({ report, onClose }: { report: FullReport; onClose(): void }) {
  const reimbursement = useReimbursement(report, onClose);
  const { step, result, preview } = reimbursement;
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="xs" aria-labelledby="process-title">
      <DialogTitle id="process-title">{step === 'enter' ? 'Process Reimbursement' : 'Confirm Payout'}</DialogTitle>
      <DialogContent>
        {step === 'enter' ? (
          <PayoutEntry reimbursement={reimbursement} />
        ) : (
          <DialogContentText component="div">
            <Typography>{preview.sentence(result?.ok ? result.payout : 0)}</Typography>
          </DialogContentText>
        )}
      </DialogContent>
      <DialogActions>
        {step === 'enter' ? (
          <>
            <Button onClick={onClose}>Cancel</Button>
            <Button
              variant="contained"
              onClick={reimbursement.toConfirm}
              disabled={preview.loading || preview.failed !== null}
            >
              Continue
            </Button>
          </>
        ) : (
          <>
            <Button onClick={reimbursement.back}>Back</Button>
            {/* Focused, so Enter in Payout then Enter again pays, without reaching for the mouse. */}
            <Button variant="contained" onClick={reimbursement.pay} disabled={reimbursement.paying} autoFocus>
              Confirm Payout
            </Button>
          </>
        )}
      </DialogActions>
    </Dialog>
  );
}

/** The first step: what is due, the payout, and the unreimbursed total it leaves. */
function PayoutEntry({ reimbursement }: { reimbursement: ReturnType<typeof useReimbursement> }) {
  const { due, payoutText, fieldError, result, preview } = reimbursement;
  return (
    <Stack spacing={2} sx={{ pt: 1 }}>
      <Row label="Reimbursement due" value={formatUSD(due)} />
      <TextField
        id="payout"
        label="Payout"
        value={payoutText}
        onChange={(event) => reimbursement.setPayout(event.target.value)}
        onKeyDown={(event) => {
          // Enter continues, as in any form (the dialog has no <form> of its own).
          if (event.key === 'Enter') {
            event.preventDefault();
            reimbursement.toConfirm();
          }
        }}
        inputMode="decimal"
        autoFocus
        error={fieldError !== null}
        helperText={fieldError ?? 'What is paid to the missionary now'}
        slotProps={{ input: { startAdornment: <InputAdornment position="start">$</InputAdornment> } }}
      />
      <Row label="New unreimbursed total" value={result?.ok ? formatUSD(result.unreimbursed) : '—'} strong />
      {/* Before anything happens: who pays now, and that MAT Day pays it instead when left at $0.00. */}
      <Typography variant="body2" color="text.secondary" aria-live="polite" data-testid="payout-choice">
        {(result?.ok ? preview.choice(result.payout) : null) ?? ' '}
      </Typography>
      {preview.failed && <ErrorState error={preview.failed} onRetry={preview.retry} />}
    </Stack>
  );
}

function Row({ label, value, strong }: { label: string; value: string; strong?: boolean }) {
  return (
    <Box sx={{ display: 'flex', justifyContent: 'space-between', gap: 2 }}>
      <Typography color="text.secondary">{label}</Typography>
      <Typography sx={{ fontWeight: strong ? 700 : 500 }}>{value}</Typography>
    </Box>
  );
}
