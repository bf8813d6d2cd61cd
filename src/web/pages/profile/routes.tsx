import type { FeatureRoutes } from '../../routes';
import { MissionaryProfilePage } from './MissionaryProfilePage';

export const missionaryProfileRoutes: FeatureRoutes = {
  missionary: [{ path: '/profile/:user_id', element: <MissionaryProfilePage /> }],
};
