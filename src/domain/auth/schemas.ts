import { z } from 'zod';
import { emailField, requiredText } from '../fields';
import { MESSAGES } from '../messages';
import { MIN_PASSWORD_LENGTH } from '../roles';

const password = (label = 'Password') =>
  z.preprocess(
    (value) => (typeof value === 'string' ? value.trim() : (value ?? '')),
    z
      .string({ error: `${label} must be text.` })
      .min(1, `${label} is required.`)
      .min(MIN_PASSWORD_LENGTH, MESSAGES.passwordTooShort)
      .max(200, `${label} must be at most 200 characters.`),
  );

/** docs/product.md §5: login trims email and password. */
export const loginSchema = z.object({
  email: emailField(),
  password: z.preprocess(
    (value) => (typeof value === 'string' ? value.trim() : (value ?? '')),
    z.string({ error: 'Password must be text.' }).min(1, 'Password is required.').max(200),
  ),
});
export type LoginInput = z.input<typeof loginSchema>;

export const tokenLoginSchema = z.object({ api_token: requiredText('Token', 200) });

export const passwordEmailSchema = z.object({
  email: emailField(),
  baseUrl: z.string().optional(),
});

export const passwordResetSchema = z
  .object({
    email: emailField(),
    password: password(),
    password_confirmation: z.preprocess(
      (value) => (typeof value === 'string' ? value.trim() : (value ?? '')),
      z.string(),
    ),
    token: requiredText('Token', 200),
  })
  .refine((input) => input.password === input.password_confirmation, {
    path: ['password_confirmation'],
    message: MESSAGES.passwordsDoNotMatch,
  });

export const updatePasswordSchema = z
  .object({
    current_password: z.preprocess(
      (value) => (typeof value === 'string' ? value.trim() : value),
      z.string().optional(),
    ),
    password: password(),
    password_confirmation: z.preprocess(
      (value) => (typeof value === 'string' ? value.trim() : (value ?? '')),
      z.string(),
    ),
  })
  .refine((input) => input.password === input.password_confirmation, {
    path: ['password_confirmation'],
    message: MESSAGES.passwordsDoNotMatch,
  });
