/**
 * The missionary dashboard's words (docs/product.md §8), in a module of their own so the dashboard
 * downloads these two and not every message of the app (its JavaScript budget, docs/performance.md).
 * MESSAGES includes them.
 */
export const DASHBOARD_MESSAGES = {
  somethingWentWrong: 'Something went wrong.',
  reportDeleted: 'You have successfully deleted this expense report',
} as const;
