import { boolean, index, integer, pgTable, serial, text } from 'drizzle-orm/pg-core';
import { createdAt, instant } from './columns';
import { users } from './users';

/** Api tokens are stored as SHA-256 hashes; the token itself is shown to its owner once. */
export const apiTokens = pgTable(
  'api_tokens',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull().unique(),
    createdAt: createdAt(),
    lastUsedAt: instant('last_used_at').notNull().defaultNow(),
    revokedAt: instant('revoked_at'),
    /** The session was opened with two factors (password and code, or a passkey). */
    secondFactor: boolean('second_factor').notNull().default(false),
    /**
     * When this session last proved the second factor (at sign-in, at enrolment, or again through
     * POST /second-factor/verify): a reversal or a release asks for it within 15 minutes.
     */
    secondFactorAt: instant('second_factor_at'),
  },
  (t) => [index('api_tokens_user_idx').on(t.userId)],
);

export const passwordResetTokens = pgTable(
  'password_reset_tokens',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull().unique(),
    createdAt: createdAt(),
    expiresAt: instant('expires_at').notNull(),
    usedAt: instant('used_at'),
  },
  (t) => [index('password_reset_tokens_user_idx').on(t.userId)],
);

/** Failed sign-ins and password calls per key, so repeated attempts get 429 across processes. */
export const authThrottle = pgTable('auth_throttle', {
  key: text('key').primaryKey(),
  attempts: integer('attempts').notNull().default(0),
  windowStartedAt: instant('window_started_at').notNull(),
});
