import type { User } from '../../api/types';
import { DonationsTrendCard } from './DonationsTrendCard';

/** The donations-over-time chart on the admin user profile (missionaries only). */
export function DonationsTrendSection({ user }: { user: User }) {
  if (user.role !== 'missionary') return null;
  return <DonationsTrendCard userId={user.id} />;
}
