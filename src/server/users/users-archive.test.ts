import { MESSAGES } from '../../domain/messages';
import { expenseReports } from '../db/schema';
import { expectNoChange, expectStatus, TEST_PASSWORD } from '../test-support/harness';
import { admin, employee, missionary, t, USER_TABLES } from './test-office';

describe('archive, restore and delete', () => {
  it('archives, restores, archives again and deletes for good', async () => {
    const user = await t.signIn('missionary');
    const archived = await t.call('DELETE', `/api/user/${user.id}`, { token: admin.token });
    expect(archived.status).toBe(200);
    expect(archived.body).toMatchObject({ id: user.id, deleted: false });
    expect(archived.body.deleted_at).not.toBeNull();
    // Archiving signs the user out everywhere and keeps them out.
    expect((await t.call('GET', `/api/user/${user.id}`, { token: user.token })).status).toBe(401);
    expect((await t.call('POST', '/api/login', { json: { email: user.email, password: TEST_PASSWORD } })).status).toBe(
      422,
    );
    // Staff still see the archived record.
    const read = await t.call('GET', `/api/user/${user.id}`, { token: employee.token });
    expect(read.body.deleted_at).toBe(archived.body.deleted_at);

    const restored = await t.call('POST', `/api/user/${user.id}/restore`, { token: admin.token });
    expect(restored.status).toBe(200);
    expect(restored.body.deleted_at).toBeNull();
    expect((await t.call('POST', '/api/login', { json: { email: user.email, password: TEST_PASSWORD } })).status).toBe(
      200,
    );

    // As the web client sends it: POST with _method=DELETE.
    const again = await t.call('POST', `/api/user/${user.id}`, { token: admin.token, form: { _method: 'DELETE' } });
    expect(again.status).toBe(200);
    expect(again.body.deleted).toBe(false);

    const gone = await t.call('DELETE', `/api/user/${user.id}`, { token: admin.token });
    expect(gone.status).toBe(200);
    expect(gone.body).toMatchObject({ id: user.id, deleted: true });
    expect((await t.call('GET', `/api/user/${user.id}`, { token: admin.token })).status).toBe(404);
    expect((await t.snapshot(['profiles'])).profiles.some((row: any) => row.user_id === user.id)).toBe(false);
  });

  it('refuses to restore a user who is not archived', async () => {
    const user = await t.signIn('missionary');
    const result = await expectNoChange(t, USER_TABLES, () =>
      t.call('POST', `/api/user/${user.id}/restore`, { token: admin.token }),
    );
    expect(result.status).toBe(409);
    expect(result.body.message).toBe(MESSAGES.userNotArchived);
  });

  it('keeps an archived user with an expense report: 409 and nothing deleted', async () => {
    const user = await t.signIn('missionary');
    await t.ctx.db.insert(expenseReports).values({ type: 'reimbursement', userId: user.id });
    await t.call('DELETE', `/api/user/${user.id}`, { token: admin.token });
    const result = await expectNoChange(t, [...USER_TABLES, 'expense_reports'], () =>
      t.call('DELETE', `/api/user/${user.id}`, { token: admin.token }),
    );
    expect(result.status).toBe(409);
    expect(result.body.message).toBe(MESSAGES.userHasRecords);
  });

  it('keeps an archived user with balance history: 409', async () => {
    const user = await t.signIn('missionary');
    await t.call('POST', `/api/user/${user.id}`, { token: admin.token, form: { fund_balance: '10' } });
    await t.call('DELETE', `/api/user/${user.id}`, { token: admin.token });
    const result = await expectNoChange(t, USER_TABLES, () =>
      t.call('DELETE', `/api/user/${user.id}`, { token: admin.token }),
    );
    expect(result.status).toBe(409);
    expect(result.body.message).toBe(MESSAGES.userHasRecords);
  });

  it('refuses to archive oneself', async () => {
    const result = await expectNoChange(t, USER_TABLES, () =>
      t.call('DELETE', `/api/user/${admin.id}`, { token: admin.token }),
    );
    expect(result.status).toBe(409);
    expect(result.body.message).toBe(MESSAGES.cannotDeleteSelf);
  });

  it('answers 401, 403 and 404', async () => {
    const user = await t.signIn('missionary');
    await expectNoChange(t, USER_TABLES, async () => {
      await expectStatus(t, 401, [
        ['DELETE', `/api/user/${user.id}`],
        ['POST', `/api/user/${user.id}/restore`],
      ]);
      await expectStatus(t, 403, [
        ['DELETE', `/api/user/${user.id}`, { token: employee.token }],
        ['DELETE', `/api/user/${user.id}`, { token: user.token }],
        ['POST', `/api/user/${user.id}/restore`, { token: employee.token }],
        ['POST', `/api/user/${user.id}/restore`, { token: missionary.token }],
      ]);
      await expectStatus(t, 404, [
        ['DELETE', '/api/user/999999', { token: admin.token }],
        ['POST', '/api/user/999999/restore', { token: admin.token }],
      ]);
    });
  });
});
