import { type FormEvent, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { isStaff } from '../../../domain/roles';
import { SIGN_IN_MESSAGES } from '../../../domain/sign-in-messages';
import { ApiError } from '../../api/client';
import type { SessionUser } from '../../api/types';
import { useSession } from '../../session/session';
import { useMessages } from '../../shell/messages';

export type LoginField = 'email' | 'password';
export type LoginErrors = Partial<Record<LoginField, string>>;

/**
 * The shared login schema's messages for these values. The schema (and zod with it) loads while the
 * user types: the login page is the first thing a missionary on a slow link waits for, so it carries
 * neither zod nor react-hook-form (the login page's 170 KiB budget, test/web-budget.test.ts).
 */
async function validate(values: Record<LoginField, string>): Promise<LoginErrors> {
  const { loginSchema } = await import('../../../domain/auth/schemas');
  const result = loginSchema.safeParse(values);
  const errors: LoginErrors = {};
  for (const issue of result.error?.issues ?? []) {
    const field = issue.path[0] as LoginField;
    errors[field] ??= issue.message;
  }
  return errors;
}

/**
 * The login form's state: the values and their messages, the password sign-in (which may answer with
 * a second-factor challenge), the passkey sign-in, and where a new session goes.
 */
export function useLoginForm() {
  const { login, adopt } = useSession();
  const messages = useMessages();
  const navigate = useNavigate();
  const location = useLocation();
  const [values, setValues] = useState<Record<LoginField, string>>({ email: '', password: '' });
  const [errors, setErrors] = useState<LoginErrors>({});
  const [touched, setTouched] = useState<Partial<Record<LoginField, boolean>>>({});
  const [submitting, setSubmitting] = useState(false);
  const [challenge, setChallenge] = useState<string | null>(null);
  /** Why sign-in is refused for now (429: the throttle or the account guard), shown on the card. */
  const [refusal, setRefusal] = useState<string | null>(null);

  /** Where a new session goes: enrolment first when the admins' setting asks for it. */
  const proceed = (signedIn: SessionUser) => {
    messages.success(SIGN_IN_MESSAGES.welcome);
    if (signedIn.second_factor_setup_required) return navigate('/account/security');
    const firstLogin = signedIn.created_at === signedIn.updated_at;
    const from = (location.state as { from?: string } | null)?.from;
    if (firstLogin) navigate(isStaff(signedIn.role) ? '/admin/dashboard/' : `/dashboard/${signedIn.id}`);
    else navigate(from && from !== '/login' ? from : '/');
  };

  const change = (field: LoginField) => async (value: string) => {
    const next = { ...values, [field]: value };
    setValues(next);
    // As the other forms do (mode onTouched): once a field was left, it is checked as it changes.
    if (touched[field]) setErrors({ ...errors, [field]: (await validate(next))[field] });
  };
  const leave = (field: LoginField) => async () => {
    setTouched({ ...touched, [field]: true });
    setErrors({ ...errors, [field]: (await validate(values))[field] });
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const found = await validate(values);
    setErrors(found);
    setTouched({ email: true, password: true });
    if (Object.keys(found).length > 0) return;
    setSubmitting(true);
    setRefusal(null);
    try {
      const answer = await login(values.email.trim(), values.password.trim());
      if ('second_factor_required' in answer) setChallenge(answer.challenge_token);
      else proceed(answer);
    } catch (error) {
      if (error instanceof ApiError && error.status === 429) return setRefusal(error.message);
      if (error instanceof ApiError) {
        setErrors(Object.fromEntries(Object.entries(error.errors).map(([field, texts]) => [field, texts[0]])));
      }
      messages.error(SIGN_IN_MESSAGES.loginFailed);
    } finally {
      setSubmitting(false);
    }
  };

  const withPasskey = async () => {
    setSubmitting(true);
    const signedIn = await (await import('./SecondFactorStep')).passkeyButton(values.email.trim(), messages.error);
    setSubmitting(false);
    if (signedIn) {
      adopt(signedIn);
      proceed(signedIn);
    }
  };

  return {
    values,
    errors,
    submitting,
    challenge,
    refusal,
    cancelChallenge: (reason?: string) => {
      setChallenge(null);
      setRefusal(reason ?? null);
    },
    proceed,
    change,
    leave,
    submit,
    withPasskey,
  };
}

export type LoginFormState = ReturnType<typeof useLoginForm>;
