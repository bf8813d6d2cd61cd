import { lazyPage } from '../../components/lazy-page';
import type { FeatureRoutes } from '../../routes';

const MissionaryProfilePage = lazyPage(() => import('./MissionaryProfilePage'), 'MissionaryProfilePage');

export const missionaryProfileRoutes: FeatureRoutes = {
  missionary: [{ path: '/profile/:user_id', element: <MissionaryProfilePage /> }],
};
