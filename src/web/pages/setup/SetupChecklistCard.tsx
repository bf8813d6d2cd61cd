import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import RadioButtonUncheckedIcon from '@mui/icons-material/RadioButtonUnchecked';
import {
  Box,
  Button,
  LinearProgress,
  List,
  ListItem,
  ListItemIcon,
  ListItemText,
  Paper,
  Typography,
} from '@mui/material';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link as RouterLink } from 'react-router';
import type { SetupStepKey } from '../../../domain/setup/checklist';
import { setupContract } from '../../../domain/setup/contract';
import type { Terms } from '../../../domain/terms';
import { call } from '../../api/call';
import { queryKeyOf } from '../../api/contract-keys';
import { keys } from '../../api/query-keys';
import { useCurrentUser } from '../../session/session';
import { useMessages } from '../../shell/messages';
import { useTerms } from '../../site/site-config';

interface StepView {
  label: string;
  hint: string;
  action: { label: string; to: string };
}

function stepView(key: SetupStepKey, terms: Terms, payrollUserId: number | null): StepView {
  const missionary = terms.missionary.toLowerCase();
  switch (key) {
    case 'settings':
      return {
        label: 'Review the settings',
        hint: 'Mileage rate, admin fee and cap, Social Security and Medicare rates. Saving them once ticks this.',
        action: { label: 'Settings', to: '/admin/settings' },
      };
    case 'categories':
      return {
        label: 'Add expense, mileage and advance categories',
        hint: `What a ${missionary} can claim: at least one category for expenses, one for mileage and one for advances.`,
        action: { label: 'Categories', to: '/admin/settings' },
      };
    case 'missionary':
      return {
        label: `Add your first ${missionary}`,
        hint: `A user with the role ${terms.missionary} and an Account # that matches the donation file.`,
        action: { label: 'Add User', to: '/admin/user/create' },
      };
    case 'payroll':
      return {
        label: `Enter a ${missionary}'s payroll info`,
        hint: 'Tax status, net salary and the other Payroll Info fields MAT Day pays from.',
        action: {
          label: 'Payroll Info',
          to: payrollUserId === null ? '/admin/users' : `/admin/user/${payrollUserId}/profile`,
        },
      };
    case 'donations':
      return {
        label: 'Import the first donation file',
        hint: "The donor system's export for the month, named after the month (e.g. November 2026).",
        action: { label: 'Denari Import', to: '/admin/denari-import' },
      };
    case 'mat_day':
      return {
        label: 'Run the first MAT Day',
        hint: `Build a ${missionary}'s distribution from that month's donations and approve it.`,
        action: { label: 'MAT Day Processing', to: '/admin/distribution-form' },
      };
  }
}

/** The checklist's query, also read by the dashboard that waits for it (StaffReportsPage). */
export const setupChecklistQuery = {
  queryKey: queryKeyOf(setupContract.getSetupChecklist),
  queryFn: () => call(setupContract.getSetupChecklist),
};

/**
 * The admin dashboard's setup checklist. Each step is ticked from the data by the server
 * (GET /setup-checklist), so it ticks itself whenever the dashboard is opened again; the card is gone
 * once every step is done. Self-contained: the dashboard renders it with one line.
 */
export function SetupChecklistCard() {
  const me = useCurrentUser();
  const terms = useTerms();
  const messages = useMessages();
  const queryClient = useQueryClient();
  const admin = me.role === 'admin';
  const checklist = useQuery({ ...setupChecklistQuery, enabled: admin });
  const addDefaults = useMutation({
    mutationFn: () => call(setupContract.addDefaultCategories),
    onSuccess: async (result) => {
      messages.success(
        result.added === 0
          ? 'The default categories are already there.'
          : `Added ${result.added} default categories. Rename or delete them on Settings.`,
      );
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeyOf(setupContract.getSetupChecklist) }),
        queryClient.invalidateQueries({ queryKey: keys.categories.all }),
      ]);
    },
    onError: (error) => messages.error(error.message),
  });

  if (!admin || !checklist.data || checklist.data.complete) return null;
  const { steps, missionary_without_payroll_id } = checklist.data;
  const done = steps.filter((step) => step.done).length;

  return (
    <Paper variant="outlined" component="section" aria-labelledby="setup-checklist-title" sx={{ p: 2, mb: 2 }}>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'baseline', gap: 1, justifyContent: 'space-between' }}>
        <Typography id="setup-checklist-title" variant="h2" sx={{ fontSize: '1.25rem' }}>
          Getting started
        </Typography>
        <Typography color="text.secondary">
          {done} of {steps.length} done
        </Typography>
      </Box>
      <LinearProgress
        variant="determinate"
        value={(done / steps.length) * 100}
        sx={{ my: 1.5 }}
        aria-label={`Setup: ${done} of ${steps.length} steps done`}
      />
      <List disablePadding>
        {steps.map((step) => {
          const view = stepView(step.key, terms, missionary_without_payroll_id);
          return (
            <ListItem
              key={step.key}
              disableGutters
              sx={{ alignItems: 'flex-start', flexWrap: 'wrap', columnGap: 1 }}
              data-step={step.key}
              data-done={step.done}
            >
              <ListItemIcon sx={{ minWidth: 36, mt: 0.75 }}>
                {step.done ? (
                  <CheckCircleIcon color="success" titleAccess="Done" />
                ) : (
                  <RadioButtonUncheckedIcon color="disabled" titleAccess="To do" />
                )}
              </ListItemIcon>
              <ListItemText
                primary={view.label}
                secondary={step.done ? 'Done' : view.hint}
                sx={{ flex: '1 1 240px', color: step.done ? 'text.secondary' : undefined }}
              />
              {!step.done && (
                <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', mt: 0.75, ml: { xs: 4.5, sm: 0 } }}>
                  {step.key === 'categories' && (
                    <Button
                      variant="contained"
                      size="small"
                      onClick={() => addDefaults.mutate()}
                      disabled={addDefaults.isPending}
                    >
                      Add default categories
                    </Button>
                  )}
                  <Button variant="outlined" size="small" component={RouterLink} to={view.action.to}>
                    {view.action.label}
                  </Button>
                </Box>
              )}
            </ListItem>
          );
        })}
      </List>
    </Paper>
  );
}
