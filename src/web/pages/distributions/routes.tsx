import { Navigate, useParams } from 'react-router';
import { isStaff } from '../../../domain/roles';
import { lazyPage } from '../../components/lazy-page';
import type { FeatureRoutes } from '../../routes';
import { useCurrentUser } from '../../session/session';

const DistributionFormPage = lazyPage(() => import('./DistributionFormPage'), 'DistributionFormPage');
const DistributionsPage = lazyPage(() => import('./DistributionsPage'), 'DistributionsPage');
const PayStubPage = lazyPage(() => import('./PayStubPage'), 'PayStubPage');

/**
 * One distribution, by who is looking (docs/product.md "My distribution: the pay stub"): a missionary
 * reads it as a pay stub at /distribution/:id; staff work on it in the five-step form. Each address
 * sends the other side to its own view, so a link in mail or an old bookmark opens the right one.
 */
function DistributionView({ as }: { as: 'pay-stub' | 'form' }) {
  const { id } = useParams();
  const staff = isStaff(useCurrentUser().role);
  if (as === 'pay-stub' && staff) return <Navigate to={`/admin/distribution-form/${id}`} replace />;
  if (as === 'form' && !staff && id) return <Navigate to={`/distribution/${id}`} replace />;
  return as === 'pay-stub' ? <PayStubPage /> : <DistributionFormPage />;
}

/** docs/product.md §2.1: the list and the form for staff; a missionary's own distribution as a pay stub. */
export const distributionRoutes: FeatureRoutes = {
  staff: [
    { path: '/admin/distributions', element: <Navigate to="/admin/distributions/approved" replace /> },
    { path: '/admin/distributions/:status', element: <DistributionsPage /> },
    { path: '/admin/distribution-form', element: <DistributionFormPage /> },
    { path: '/admin/distribution-form/:id', element: <DistributionFormPage /> },
  ],
  user: [
    { path: '/distribution/:id', element: <DistributionView as="pay-stub" /> },
    { path: '/distribution-form', element: <DistributionFormPage /> },
    { path: '/distribution-form/:id', element: <DistributionView as="form" /> },
  ],
};
