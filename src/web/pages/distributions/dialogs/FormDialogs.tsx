import { usd } from '../cents';
import { manualRowKeys } from '../form-state';
import type { DistributionFormModel } from '../use-distribution-form';
import { AdvanceBreakdownDialog, FundsBreakdownDialog, ReimbursementBreakdownDialog } from './BreakdownDialogs';
import { DonationsDialog } from './DonationsDialog';
import { HoldAccountDialog } from './HoldAccountDialog';
import type { HoldDialogRow } from './hold-dialog-rows';

/** The dialog the summary or a step opened, if any. */
export function FormDialogs({ form }: { form: DistributionFormModel }) {
  const { dialog, setDialog, result, readOnly, dispatch } = form;
  const close = () => setDialog(null);
  const entries: HoldDialogRow[] = (() => {
    const rows = result?.distribution.hold_account_transactions ?? [];
    const keys = manualRowKeys(form.state.transactions, rows);
    return rows.map((row, index) => ({ row, manualKey: keys[index] }));
  })();
  return (
    <>
      {result && dialog?.kind === 'donations' && (
        <DonationsDialog
          open
          donations={result.donations}
          total={usd(result.distribution.total_donations)}
          readOnly={readOnly}
          onToggle={(donationId) => dispatch({ type: 'toggleDonation', id: donationId })}
          onClose={close}
        />
      )}
      {dialog?.kind === 'hold' && (
        <HoldAccountDialog
          open
          type={dialog.type}
          entries={entries}
          accounts={(form.loaded?.holdAccounts ?? []).map((account) => ({
            id: account.id,
            fundName: account.fundName,
          }))}
          readOnly={readOnly}
          onAdd={(accountId, amount) =>
            dispatch({ type: 'addTransaction', accountId, transactionType: dialog.type, amount })
          }
          onDelete={(key) => dispatch({ type: 'deleteTransaction', key })}
          onClose={close}
        />
      )}
      {result && dialog?.kind === 'reimbursements' && (
        <ReimbursementBreakdownDialog open result={result} onClose={close} />
      )}
      {result && dialog?.kind === 'advances' && <AdvanceBreakdownDialog open result={result} onClose={close} />}
      {result && dialog?.kind === 'funds' && <FundsBreakdownDialog open result={result} onClose={close} />}
    </>
  );
}
