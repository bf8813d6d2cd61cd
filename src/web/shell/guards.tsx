import { Navigate, Outlet, useLocation } from 'react-router';
import type { Role } from '../../domain/roles';
import { Loading } from '../components/Loading';
import { useSession } from '../session/session';

/**
 * docs/product.md §2.1: without a token cookie a guarded page goes to /login; with the wrong role it goes
 * to /. `roles` undefined means any signed-in user with a role.
 */
export const SECURITY_PATH = '/account/security';

export function Guard({ roles }: { roles?: readonly Role[] }) {
  const { status, user } = useSession();
  const location = useLocation();
  if (status === 'loading') return <Loading label="Signing you in" />;
  if (!user) return <Navigate to="/login" replace state={{ from: location.pathname + location.search }} />;
  if (user.role === 'none') return <Navigate to="/" replace />;
  // An admin the second-factor setting holds back reaches only the enrolment screen (decision 16).
  if (user.second_factor_setup_required && location.pathname !== SECURITY_PATH) {
    return <Navigate to={SECURITY_PATH} replace />;
  }
  if (roles && !roles.includes(user.role)) return <Navigate to="/" replace />;
  return <Outlet />;
}
