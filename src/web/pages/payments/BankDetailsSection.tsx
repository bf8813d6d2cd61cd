import { Suspense } from 'react';
import type { User } from '../../api/types';
import { Loading } from '../../components/Loading';
import { lazyPage } from '../../components/lazy-page';
import { useCurrentUser } from '../../session/session';

// Loaded with the Payments screens' chunk when the section shows: the profile pages' chunks and
// the first page's list of chunks to preload stay as they were (test/web-budget.test.ts).
const BankDetailsCard = lazyPage(() => import('./PaymentScreens'), 'BankDetailsCard');

/**
 * The profile's Bank Details section, on the admin user page and the missionary's own profile: the
 * missionary and admins may change them; employees read them masked.
 */
export function BankDetailsSection({ user }: { user: User }) {
  const me = useCurrentUser();
  if (user.role !== 'missionary') return null;
  const own = me.id === user.id;
  return (
    <Suspense fallback={<Loading />}>
      <BankDetailsCard
        userId={user.id}
        name={user.name}
        own={own}
        editable={!user.deleted_at && (own || me.role === 'admin')}
      />
    </Suspense>
  );
}
