import { Button, Paper, Stack, Typography } from '@mui/material';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { categoriesContract } from '../../../domain/categories/contract';
import { MESSAGES } from '../../../domain/messages';
import { settingsContract } from '../../../domain/settings/contract';
import { call } from '../../api/call';
import { keys } from '../../api/query-keys';
import type { Category } from '../../api/types';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { type Column, DataTable } from '../../components/DataTable';
import { ErrorState } from '../../components/ErrorState';
import { Loading } from '../../components/Loading';
import { localPage } from '../../components/local-page';
import { PageHeader } from '../../components/PageHeader';
import { useCurrentUser } from '../../session/session';
import { useMessages } from '../../shell/messages';
import { TaxYearsForm } from '../year-end/TaxYearsForm';
import { CategoryDialog } from './CategoryDialog';
import { SettingsForm } from './SettingsForm';

const flag = (value: 0 | 1) => (value ? 'Yes' : 'No');

/** A part of the settings with a page of its own: what it is for, and the button to it. */
function SettingsLink(props: { title: string; text: string; to: string; button: string }) {
  return (
    <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'center' } }}>
        <Stack sx={{ flexGrow: 1 }}>
          <Typography variant="h2">{props.title}</Typography>
          <Typography variant="body2" color="text.secondary">
            {props.text}
          </Typography>
        </Stack>
        <Button variant="outlined" component={RouterLink} to={props.to} sx={{ whiteSpace: 'nowrap' }}>
          {props.button}
        </Button>
      </Stack>
    </Paper>
  );
}

/** The account mapping and the exchange rates have pages of their own: they do not fit beside the rates. */
function SettingsLinks() {
  return (
    <>
      <SettingsLink
        title="Accounting"
        text="Map the journal’s accounts to your chart for the QuickBooks, Xero, Aplos and Sage Intacct exports."
        to="/admin/settings/accounting"
        button="Accounting Settings"
      />
      <SettingsLink
        title="Exchange rates"
        text="The rate of each currency per US dollar, by month, that the expense form suggests to missionaries."
        to="/admin/settings/exchange-rates"
        button="Exchange Rates"
      />
    </>
  );
}

/** /admin/settings: the settings form, the tax figures by year, the links to the account mapping and the exchange rates, and the categories table. */
export function SettingsPage() {
  const me = useCurrentUser();
  const editable = me.role === 'admin';
  const messages = useMessages();
  const queryClient = useQueryClient();
  const settings = useQuery({ queryKey: keys.settings, queryFn: () => call(settingsContract.listSettings) });
  const categories = useQuery({
    queryKey: keys.categories.all,
    queryFn: () => call(categoriesContract.listCategories),
  });
  const [editing, setEditing] = useState<Category | 'new' | null>(null);
  const [deleting, setDeleting] = useState<Category | null>(null);
  const remove = useMutation({
    mutationFn: (category: Category) => call(categoriesContract.deleteCategory, { params: { id: category.id } }),
    onSuccess: () => {
      messages.success(MESSAGES.categoryDeleted);
      queryClient.invalidateQueries({ queryKey: keys.categories.all });
    },
    onError: (error) => messages.error(error.message),
    onSettled: () => setDeleting(null),
  });

  const columns: Column<Category>[] = [
    { key: 'expense_category', label: 'Category', sortKey: 'expense_category' },
    { key: 'description', label: 'Description', sortKey: 'description' },
    { key: 'expense', label: 'Expense', sortKey: 'expense', render: (c) => flag(c.expense) },
    { key: 'mileage', label: 'Mileage', sortKey: 'mileage', render: (c) => flag(c.mileage) },
    { key: 'advance', label: 'Advance', sortKey: 'advance', render: (c) => flag(c.advance) },
  ];

  return (
    <>
      <PageHeader title="Settings" />
      <Stack spacing={3}>
        {settings.isPending ? (
          <Loading />
        ) : settings.isError ? (
          <ErrorState error={settings.error} onRetry={() => settings.refetch()} />
        ) : (
          <SettingsForm settings={settings.data} editable={editable} />
        )}
        <TaxYearsForm editable={editable} />
        <SettingsLinks />
        {categories.isError ? (
          <ErrorState error={categories.error} onRetry={() => categories.refetch()} />
        ) : (
          <DataTable<Category>
            title="Categories"
            urlPrefix="categories"
            queryKey={keys.categories.table(categories.data)}
            fetchPage={async (params) => localPage(categories.data ?? [], params, ['expense_category', 'description'])}
            defaultOrderBy="expense_category"
            defaultOrder="asc"
            columns={columns}
            rowKey={(category) => category.id}
            searchLabel="Search categories"
            emptyText="No categories yet. Add the first one."
            toolbar={
              editable && (
                <Button variant="contained" onClick={() => setEditing('new')} sx={{ whiteSpace: 'nowrap' }}>
                  Add Category
                </Button>
              )
            }
            actions={
              editable
                ? (category) => (
                    <>
                      <Button size="small" onClick={() => setEditing(category)}>
                        Update
                      </Button>
                      <Button size="small" color="error" onClick={() => setDeleting(category)}>
                        Delete
                      </Button>
                    </>
                  )
                : undefined
            }
          />
        )}
      </Stack>
      {editing && <CategoryDialog category={editing === 'new' ? null : editing} onClose={() => setEditing(null)} />}
      <ConfirmDialog
        open={deleting !== null}
        title="Delete category?"
        confirmLabel="Delete"
        destructive
        busy={remove.isPending}
        onClose={() => setDeleting(null)}
        onConfirm={() => deleting && remove.mutate(deleting)}
      >
        “{deleting?.expense_category}” will be removed. Categories already used on expenses cannot be deleted.
      </ConfirmDialog>
    </>
  );
}
