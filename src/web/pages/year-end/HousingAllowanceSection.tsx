import { Alert, Button, Card, CardContent, List, ListItem, ListItemText, Stack, Typography } from '@mui/material';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { type THousingAllowance, yearEndContract } from '../../../domain/year-end/contract';
import { call } from '../../api/call';
import { featureKeyOf, queryKeyOf } from '../../api/contract-keys';
import { keys } from '../../api/query-keys';
import type { User } from '../../api/types';
import { ErrorState } from '../../components/ErrorState';
import { date, localToday, money } from '../../format';
import { useCurrentUser } from '../../session/session';
import { useMessages } from '../../shell/messages';
import { HousingDesignationDialog } from './HousingDesignationDialog';

type Designation = THousingAllowance['designations'][number];

/**
 * A minister's housing allowance (docs/tax.md, "Housing allowance"): each year's designation with
 * what approved distributions paid under it and what is left, and what was paid as taxable wages
 * without one. Admins add and change designations; others read them (a missionary their own).
 * Nothing shows for someone who is not a minister and never had a designation.
 */
export function HousingAllowanceSection({ user }: { user: User }) {
  const me = useCurrentUser();
  const editable = me.role === 'admin' && !user.deleted_at;
  const messages = useMessages();
  const queryClient = useQueryClient();
  const input = { params: { id: user.id } };
  const query = useQuery({
    // The profile's save changes the minister flag: the key follows it.
    queryKey: [...queryKeyOf(yearEndContract.housingAllowance, input), user.updated_at],
    queryFn: () => call(yearEndContract.housingAllowance, input),
  });
  const [editing, setEditing] = useState<Designation | 'new' | null>(null);
  const data = query.data;
  if (query.isError) return <ErrorState error={query.error} onRetry={() => query.refetch()} />;
  if (!data || (data.minister === 0 && data.designations.length === 0 && data.taxable.length === 0)) return null;
  const thisYear = Number(localToday().slice(0, 4));
  const designatedThisYear = data.designations.some((d) => d.year === thisYear);
  const saved = () => {
    messages.success('Housing allowance designation saved.');
    setEditing(null);
    queryClient.invalidateQueries({ queryKey: featureKeyOf(yearEndContract.housingAllowance) });
    queryClient.invalidateQueries({ queryKey: keys.users.one(user.id) });
  };
  return (
    <Card variant="outlined" component="section" aria-labelledby="housing-allowance-title">
      <CardContent>
        <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between', gap: 1, flexWrap: 'wrap' }}>
          <Typography id="housing-allowance-title" variant="h2">
            Housing allowance designations
          </Typography>
          {editable && (
            <Button variant="outlined" size="small" onClick={() => setEditing('new')}>
              Add Designation
            </Button>
          )}
        </Stack>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
          The board designates a minister’s housing allowance in advance, per calendar year. What is paid under it is
          free of income tax (W-2 box 14); without one the allowance is taxable wages.
          {!editable && ' Only an admin can change the designations.'}
        </Typography>
        {data.minister === 1 && !designatedThisYear && (
          <Alert severity="warning" sx={{ mb: 1 }}>
            No designation for {thisYear} yet: this year’s housing allowance is paid as taxable wages.
          </Alert>
        )}
        {data.designations.length > 0 && (
          <List dense disablePadding aria-label="Designations by year">
            {data.designations.map((d) => (
              <ListItem key={d.year} disableGutters divider>
                <ListItemText
                  primary={`${d.year}: ${money(d.amount)} designated, ${money(d.paid)} paid so far, ${money(d.left)} left`}
                  secondary={`Approved by the board on ${date(d.approved_on)}`}
                />
                {editable && (
                  <Button size="small" onClick={() => setEditing(d)} aria-label={`Edit the ${d.year} designation`}>
                    Edit
                  </Button>
                )}
              </ListItem>
            ))}
          </List>
        )}
        {data.taxable.map((t) => (
          <Alert key={t.year} severity="info" sx={{ mt: 1 }}>
            {money(t.amount)} of housing allowance paid in {t.year} was taxable wages (no designation in time).
          </Alert>
        ))}
      </CardContent>
      {editing && (
        <HousingDesignationDialog
          userId={user.id}
          designation={editing === 'new' ? null : editing}
          all={data.designations}
          defaultYear={designatedThisYear ? thisYear + 1 : thisYear}
          onSaved={saved}
          onClose={() => setEditing(null)}
        />
      )}
    </Card>
  );
}
