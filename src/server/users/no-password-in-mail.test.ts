import { simpleParser } from 'mailparser';
import { mailQueue } from '../db/schema';
import { createTestApp, type SignedIn, type TestApp } from '../test-support/harness';

/**
 * No mail carries a password (docs/security.md, "Mail"): not the welcome mail, not the mail that says
 * a password was changed, not a reset mail. The one-time link is enough to get in.
 */
let t: TestApp;
let admin: SignedIn;

beforeAll(async () => {
  t = await createTestApp({ env: { PUBLIC_URL: 'http://office.example:3000' } });
  admin = await t.signIn('admin');
});
afterAll(() => t.close());

/** Every word a reader of the mail sees: subject, text and HTML, decoded. */
async function wordsOf(raw: string): Promise<string> {
  const mail = await simpleParser(raw);
  return [mail.subject ?? '', mail.text ?? '', typeof mail.html === 'string' ? mail.html : ''].join('\n');
}

describe('passwords in mail', () => {
  it('are never written into a mail, whichever mail it is', async () => {
    const email = `lydia.${Date.now().toString(36)}@field.example`;
    const created = await t.call('POST', '/api/user', {
      token: admin.token,
      json: { name: 'Lydia Thyatira', email, role: 'missionary', password: 'Purple-Cloth-71' },
    });
    expect(created.status).toBe(201);
    const changed = await t.call('PATCH', `/api/user/${created.body.id}/update-password`, {
      token: admin.token,
      json: { password: 'Riverside-Prayer-29', password_confirmation: 'Riverside-Prayer-29' },
    });
    expect(changed.status).toBe(200);
    const reset = await t.call('POST', '/api/password/email', { json: { email } });
    expect(reset.status).toBe(200);

    const mails = await Promise.all((await t.outbox()).filter((raw) => raw.includes(email)).map(wordsOf));
    // Welcome (with its one-time link), "your password was changed", and the reset link.
    expect(mails).toHaveLength(3);
    expect(mails[0]).toMatch(/\/reset-password\/[\w-]{40,}/);
    for (const words of mails) {
      expect(words).not.toContain('Purple-Cloth-71');
      expect(words).not.toContain('Riverside-Prayer-29');
      expect(words).not.toMatch(/temporary password/i);
    }
    // Nor does any queued notification.
    const queued = await t.ctx.db.select().from(mailQueue);
    for (const row of queued)
      expect(`${row.textBody}${row.htmlBody}`).not.toMatch(/Purple-Cloth-71|Riverside-Prayer-29/);
  });
});
