import type { FeatureRoutes } from '../../routes';
import { CreateUserPage } from './CreateUserPage';
import { UserProfilePage } from './UserProfilePage';
import { UsersPage } from './UsersPage';

export const userRoutes: FeatureRoutes = {
  staff: [
    { path: '/admin/users', element: <UsersPage /> },
    { path: '/admin/users/archived', element: <UsersPage /> },
    { path: '/admin/user/create', element: <CreateUserPage /> },
    { path: '/admin/user/:user_id/profile', element: <UserProfilePage /> },
  ],
};
