import { Alert } from '@mui/material';
import { useParams } from 'react-router';
import '../../../domain/users/schemas';

export { BankDetailsCard } from './BankDetailsCard';

import { PaymentBatchPage } from './PaymentBatchPage';
import { PaymentSettingsPage } from './PaymentSettingsPage';
import { PaymentsPage } from './PaymentsPage';

/**
 * /admin/payments/*: the list (''), the settings ('settings') and a batch ('{id}'), chosen here rather
 * than in the first page's route table. One route and one import() there instead of three, each with
 * its list of chunks to preload, keeps the first page's JavaScript within its budget
 * (test/web-budget.test.ts); a nested <Routes> would bring router code the first page does not load.
 */
export function PaymentScreens() {
  const rest = useParams()['*'] ?? '';
  if (rest === '') return <PaymentsPage />;
  if (rest === 'settings') return <PaymentSettingsPage />;
  if (/^\d+$/.test(rest)) return <PaymentBatchPage batchId={Number(rest)} />;
  return <Alert severity="warning">There is no such Payments page. Open Payments from the menu.</Alert>;
}
