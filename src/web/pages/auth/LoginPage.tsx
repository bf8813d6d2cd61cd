import { lazyPage } from '../../components/lazy-page';
import { useSession } from '../../session/session';
import { LoginForm } from './LoginForm';
import { SignedInCard } from './SignedInCard';
import { useLoginForm } from './use-login-form';

// Only the few users with an authenticator app reach this step: it loads when they do.
const SecondFactorStep = lazyPage(() => import('./SecondFactorStep'), 'SecondFactorStep');

/** docs/product.md §2.1 /login: email and password; when signed in, who you are and Logout. */
export function LoginPage() {
  const { user, logout, expired } = useSession();
  const login = useLoginForm();

  if (login.challenge) {
    return (
      <SecondFactorStep challengeToken={login.challenge} onDone={login.proceed} onCancel={login.cancelChallenge} />
    );
  }
  if (user) return <SignedInCard email={user.email} onLogout={() => logout()} />;
  return <LoginForm login={login} expired={expired} />;
}
