import AddIcon from '@mui/icons-material/Add';
import { Button, Typography } from '@mui/material';
import { fromDollars, sum, toDollars } from '../../../domain/money';
import { date, money } from '../../format';
import type { PendingMarks } from '../../offline/pending-rows';
import { expenseAmountText, expenseRateText } from './expense-cells';
import { ItemMenu } from './ItemMenu';
import { ItemTable } from './ItemTable';
import { markOf, PendingNote } from './PendingNote';
import { Section } from './ReportSection';
import type { Expense, FullReport } from './types';

export function ExpensesSection(props: {
  report: FullReport;
  editable: boolean;
  /** Rows that wait on this device (offline/pending-rows.ts). */
  marks?: PendingMarks;
  onAdd(): void;
  onEdit(item: Expense): void;
  onDelete(item: Expense): void;
}) {
  const { report, editable } = props;
  // Wire amounts are dollars; they are added as cents (src/domain/money.ts), never as floats.
  const total = sum(report.expense.map((item) => fromDollars(item.usd_amount)));
  return (
    <Section
      title="Expenses"
      action={
        editable && (
          <Button variant="outlined" startIcon={<AddIcon />} onClick={props.onAdd}>
            Add Expense
          </Button>
        )
      }
    >
      <ItemTable<Expense>
        caption="Expenses"
        rows={report.expense}
        empty={editable ? 'No expenses yet. Add what you spent, in the currency you paid in.' : 'No expenses.'}
        columns={[
          {
            label: 'Date',
            render: (item) => (
              <>
                {date(item.date)}
                <PendingNote mark={markOf(props.marks, 'expense', item.id)} />
              </>
            ),
          },
          {
            label: 'Category',
            render: (item) => (
              <>
                {item.category?.expense_category ?? '—'}
                {item.description && (
                  <Typography component="span" variant="body2" color="text.secondary" sx={{ display: 'block' }}>
                    {item.description}
                  </Typography>
                )}
              </>
            ),
          },
          {
            label: 'Amount',
            align: 'right',
            // Decision 22: the code beside the amount and the rate, so a rate can be checked against the receipt.
            render: expenseAmountText,
          },
          {
            label: 'Rate',
            align: 'right',
            render: expenseRateText,
          },
          { label: 'USD', align: 'right', render: (item) => money(item.usd_amount) },
          { label: 'Hold account', render: (item) => item.hold_account?.fund_name ?? '—' },
        ]}
        actions={
          editable
            ? (item) => (
                <ItemMenu
                  label={`expense of ${date(item.date)}, ${money(item.usd_amount)}`}
                  onEdit={() => props.onEdit(item)}
                  onDelete={() => props.onDelete(item)}
                />
              )
            : undefined
        }
      />
      {report.expense.length > 0 && (
        <Typography sx={{ mt: 1, textAlign: 'right', fontWeight: 600 }}>Expenses: {money(toDollars(total))}</Typography>
      )}
    </Section>
  );
}
