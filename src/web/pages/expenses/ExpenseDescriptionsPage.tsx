import { Alert, Box, Paper, Tab, Tabs, Typography } from '@mui/material';
import { Link as RouterLink, useParams } from 'react-router';
import type { CategoryUse } from '../../../domain/categories/schemas';
import { ErrorState } from '../../components/ErrorState';
import { Loading } from '../../components/Loading';
import { PageHeader } from '../../components/PageHeader';
import { useCategories } from './queries';

const KINDS: Record<string, { title: string; flag: CategoryUse; intro: string }> = {
  reimbursement: {
    title: 'Reimbursement Categories',
    flag: 'expense',
    intro: 'Use these categories for expenses you paid yourself and want reimbursed.',
  },
  advance: {
    title: 'Advance Categories',
    flag: 'advance',
    intro: 'Use these categories for what you bought with an advance.',
  },
  mileage: {
    title: 'Mileage Categories',
    flag: 'mileage',
    intro: 'Use these types for trips driven with your own vehicle.',
  },
};

/** /expense-descriptions/mileage | reimbursement | advance: each category's name and description. */
export function ExpenseDescriptionsPage() {
  const { kind = 'reimbursement' } = useParams();
  const categories = useCategories();
  const current = KINDS[kind];
  return (
    <>
      <PageHeader title="Expense Descriptions" />
      <Tabs value={current ? kind : false} sx={{ mb: 2 }} aria-label="Kinds of expenses" variant="scrollable">
        <Tab
          value="reimbursement"
          label="Reimbursement"
          component={RouterLink}
          to="/expense-descriptions/reimbursement"
        />
        <Tab value="advance" label="Advance" component={RouterLink} to="/expense-descriptions/advance" />
        <Tab value="mileage" label="Mileage" component={RouterLink} to="/expense-descriptions/mileage" />
      </Tabs>
      {!current ? (
        <Alert severity="warning">There is no “{kind}” list. Choose one of the tabs above.</Alert>
      ) : categories.isPending ? (
        <Loading />
      ) : categories.isError ? (
        <ErrorState error={categories.error} onRetry={() => categories.refetch()} />
      ) : (
        <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
          <Typography variant="h2" sx={{ mb: 1 }}>
            {current.title}
          </Typography>
          <Typography color="text.secondary" sx={{ mb: 2 }}>
            {current.intro}
          </Typography>
          {(() => {
            const rows = categories.data.filter((category) => category[current.flag] === 1);
            if (rows.length === 0)
              return <Typography color="text.secondary">No categories of this kind yet.</Typography>;
            return (
              <Box component="dl" sx={{ m: 0 }}>
                {rows.map((category) => (
                  <Box key={category.id} sx={{ py: 1.25, borderTop: 1, borderColor: 'divider' }}>
                    <Typography component="dt" sx={{ fontWeight: 600 }}>
                      {category.expense_category}
                    </Typography>
                    <Typography component="dd" sx={{ m: 0 }} color="text.secondary">
                      {category.description}
                    </Typography>
                  </Box>
                ))}
              </Box>
            );
          })()}
        </Paper>
      )}
    </>
  );
}
