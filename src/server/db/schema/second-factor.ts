import { index, integer, pgTable, serial, text } from 'drizzle-orm/pg-core';
import { createdAt, instant } from './columns';
import { users } from './users';

/**
 * A user's TOTP secret (RFC 6238, base32). Pending until confirmed with a current code; the last
 * accepted time step is kept so one code never works twice (decision 16, docs/decisions.md).
 */
export const totpCredentials = pgTable('totp_credentials', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  secret: text('secret').notNull(),
  confirmedAt: instant('confirmed_at'),
  lastStep: integer('last_step').notNull().default(0),
  createdAt: createdAt(),
});

/** One-time recovery codes, stored as SHA-256 hashes; the codes are shown once, at enrolment. */
export const recoveryCodes = pgTable(
  'recovery_codes',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    codeHash: text('code_hash').notNull().unique(),
    usedAt: instant('used_at'),
    createdAt: createdAt(),
  },
  (t) => [index('recovery_codes_user_idx').on(t.userId)],
);

/** WebAuthn credentials (passkeys): the public key and signature counter the authenticator gave. */
export const passkeys = pgTable(
  'passkeys',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    credentialId: text('credential_id').notNull().unique(),
    publicKey: text('public_key').notNull(),
    counter: integer('counter').notNull().default(0),
    transports: text('transports').notNull().default(''),
    createdAt: createdAt(),
    lastUsedAt: instant('last_used_at'),
  },
  (t) => [index('passkeys_user_idx').on(t.userId)],
);

/**
 * Short-lived steps of signing in or registering: a password that still needs its second factor,
 * or a WebAuthn challenge. The client holds the token; only its hash is stored. Used once.
 */
export const authChallenges = pgTable('auth_challenges', {
  id: serial('id').primaryKey(),
  tokenHash: text('token_hash').notNull().unique(),
  purpose: text('purpose').notNull(),
  userId: integer('user_id').references(() => users.id, { onDelete: 'cascade' }),
  challenge: text('challenge'),
  createdAt: createdAt(),
  expiresAt: instant('expires_at').notNull(),
  usedAt: instant('used_at'),
});
