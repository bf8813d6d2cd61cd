import { lazyPage } from '../../components/lazy-page';
import type { FeatureRoutes } from '../../routes';

const CreateUserPage = lazyPage(() => import('./CreateUserPage'), 'CreateUserPage');
const UserProfilePage = lazyPage(() => import('./UserProfilePage'), 'UserProfilePage');
const UsersPage = lazyPage(() => import('./UsersPage'), 'UsersPage');

export const userRoutes: FeatureRoutes = {
  staff: [
    { path: '/admin/users', element: <UsersPage /> },
    { path: '/admin/users/archived', element: <UsersPage /> },
    { path: '/admin/user/create', element: <CreateUserPage /> },
    { path: '/admin/user/:user_id/profile', element: <UserProfilePage /> },
  ],
};
