import { expectStatus, type SignedIn } from '../test-support/harness';
import { admin, employee, missionary, t } from './test-office';

describe('lists', () => {
  const marker = `zq${Date.now().toString(36)}`;
  let people: SignedIn[];
  let archivedOne: SignedIn;

  beforeAll(async () => {
    // Five missionaries and one employee carry the marker in their names; one missionary is archived.
    people = [];
    for (const [index, first] of ['Abigail', 'Boaz', 'Caleb', 'Deborah', 'Eli'].entries()) {
      people.push(
        await t.signIn('missionary', { name: `${first} ${marker}`, missionaryNumber: `${marker}-${index + 1}` }),
      );
    }
    people.push(await t.signIn('employee', { name: `Felix ${marker}` }));
    archivedOne = await t.signIn('missionary', { name: `Gideon ${marker}` });
    expect((await t.call('DELETE', `/api/user/${archivedOne.id}`, { token: admin.token })).status).toBe(200);
  });

  describe('GET /api/user', () => {
    it('lists active users by name, filtered by role and q', async () => {
      const all = await t.call('GET', '/api/user', { token: employee.token, query: { q: marker } });
      expect(all.status).toBe(200);
      expect(all.body.map((u: { name: string }) => u.name.split(' ')[0])).toEqual([
        'Abigail',
        'Boaz',
        'Caleb',
        'Deborah',
        'Eli',
        'Felix',
      ]);
      const missionaries = await t.call('GET', '/api/user', {
        token: admin.token,
        query: { q: marker.toUpperCase(), role: 'missionary' },
      });
      expect(missionaries.body).toHaveLength(5);
      expect(missionaries.body[0].profile).toBeDefined();
    });

    it('validates the role filter and is for staff only', async () => {
      const bad = await t.call('GET', '/api/user', { token: admin.token, query: { role: 'pope' } });
      expect(bad.status).toBe(422);
      expect(bad.body.errors.role).toBeDefined();
      await expectStatus(t, 401, [['GET', '/api/user']]);
      await expectStatus(t, 403, [['GET', '/api/user', { token: missionary.token }]]);
    });
  });

  describe('GET /api/user/archived', () => {
    it('lists archived users only, for staff', async () => {
      const archived = await t.call('GET', '/api/user/archived', { token: employee.token });
      expect(archived.status).toBe(200);
      const ids = archived.body.map((u: { id: number }) => u.id);
      expect(ids).toContain(archivedOne.id);
      expect(ids).not.toContain(people[0].id);
      expect(archived.body.every((u: { deleted_at: string | null }) => u.deleted_at !== null)).toBe(true);
      await expectStatus(t, 401, [['GET', '/api/user/archived']]);
      await expectStatus(t, 403, [['GET', '/api/user/archived', { token: missionary.token }]]);
    });
  });

  describe('GET /api/paginated_user', () => {
    const page = (query: Record<string, string | number>, token = admin.token) =>
      t.call('GET', '/api/paginated_user', { token, query: { q: marker, ...query } });
    const firstNames = (body: { data: Array<{ name: string }> }) => body.data.map((u) => u.name.split(' ')[0]);

    it('pages with a zero-based page, a limit and total_count', async () => {
      const first = await page({ limit: 2, page: 0, order_by: 'name', order: 'asc' });
      expect(first.status).toBe(200);
      expect(first.body.total_count).toBe(6);
      expect(firstNames(first.body)).toEqual(['Abigail', 'Boaz']);
      const third = await page({ limit: 2, page: 2, order_by: 'name', order: 'asc' });
      expect(firstNames(third.body)).toEqual(['Eli', 'Felix']);
      const beyond = await page({ limit: 2, page: 9, order_by: 'name', order: 'asc' });
      expect(beyond.body).toEqual({ data: [], total_count: 6 });
    });

    it('sorts by the whitelisted columns both ways, id descending by default', async () => {
      expect(firstNames((await page({ order_by: 'name', order: 'desc' })).body)).toEqual([
        'Felix',
        'Eli',
        'Deborah',
        'Caleb',
        'Boaz',
        'Abigail',
      ]);
      const byDefault = (await page({})).body.data.map((u: { id: number }) => u.id);
      expect(byDefault).toEqual([...byDefault].sort((a, b) => b - a));
      const byAccount = await page({ order_by: 'missionary_number', order: 'ASC' });
      expect(byAccount.status).toBe(200);
      expect(firstNames(byAccount.body).slice(0, 5)).toEqual(['Abigail', 'Boaz', 'Caleb', 'Deborah', 'Eli']);
      for (const column of ['id', 'name', 'email', 'role', 'missionary_number', 'created_at']) {
        expect((await page({ order_by: column })).status).toBe(200);
      }
    });

    it('searches name, email and Account #, case-insensitively', async () => {
      const byAccount = await t.call('GET', '/api/paginated_user', {
        token: admin.token,
        query: { q: `${marker.toUpperCase()}-3` },
      });
      expect(firstNames(byAccount.body)).toEqual(['Caleb']);
      const byEmail = await t.call('GET', '/api/paginated_user', {
        token: admin.token,
        query: { q: people[1].email },
      });
      expect(byEmail.body.data.map((u: { id: number }) => u.id)).toEqual([people[1].id]);
      // LIKE wildcards are searched for literally.
      const wildcard = await t.call('GET', '/api/paginated_user', { token: admin.token, query: { q: '%' } });
      expect(wildcard.body.total_count).toBe(0);
    });

    it('shows the archived users with trashed=1 and filters by role', async () => {
      const trashed = await page({ trashed: 1 });
      expect(trashed.body.data.map((u: { id: number }) => u.id)).toEqual([archivedOne.id]);
      expect(trashed.body.total_count).toBe(1);
      const staff = await page({ role: 'employee' });
      expect(firstNames(staff.body)).toEqual(['Felix']);
    });

    it('defaults to 10 rows', async () => {
      // More than a page of users whatever ran before in this file: two more beside the ten above.
      await t.signIn('missionary');
      await t.signIn('employee');
      const all = await t.call('GET', '/api/paginated_user', { token: admin.token });
      expect(all.body.data.length).toBe(Math.min(10, all.body.total_count));
      expect(all.body.total_count).toBeGreaterThan(10);
    });

    it.each([
      [
        { order_by: 'password_hash' },
        'order_by',
        'Sort by one of: id, name, email, role, missionary_number, created_at.',
      ],
      [
        { order_by: 'name; drop table users' },
        'order_by',
        'Sort by one of: id, name, email, role, missionary_number, created_at.',
      ],
      [{ order: 'sideways' }, 'order', 'Order must be asc or desc.'],
      [{ page: -1 }, 'page', 'Page cannot be negative.'],
      [{ page: 1.5 }, 'page', 'Page must be a whole number.'],
      [{ limit: 0 }, 'limit', 'Limit must be at least 1.'],
      [{ page: 1e12 }, 'page', 'Page cannot exceed 10000000.'],
      [{ role: 'wizard' }, 'role', 'Role must be one of: admin, employee, missionary.'],
    ])('answers 422 for %j', async (query, field, message) => {
      const result = await page(query);
      expect(result.status).toBe(422);
      expect(result.body.errors[field]).toEqual([message]);
    });

    it('is for staff only', async () => {
      expect((await page({}, employee.token)).status).toBe(200);
      await expectStatus(t, 401, [['GET', '/api/paginated_user']]);
      await expectStatus(t, 403, [['GET', '/api/paginated_user', { token: missionary.token }]]);
    });
  });

  describe('GET /api/search_user', () => {
    const search = (query: Record<string, string>, token = admin.token) =>
      t.call('GET', '/api/search_user', { token, query });

    it('finds active missionaries from 2 characters on', async () => {
      const found = await search({ q: `Caleb ${marker}` });
      expect(found.status).toBe(200);
      expect(found.body.map((u: { id: number }) => u.id)).toEqual([people[2].id]);
      // The employee and the archived missionary with the marker are not offered.
      const byMarker = await search({ q: marker, role: 'missionary' });
      expect(byMarker.body.map((u: { name: string }) => u.name.split(' ')[0])).toEqual([
        'Abigail',
        'Boaz',
        'Caleb',
        'Deborah',
        'Eli',
      ]);
    });

    it('answers nothing below 2 characters', async () => {
      expect((await search({ q: 'A' })).body).toEqual([]);
      expect((await search({ q: ' a ' })).body).toEqual([]);
      expect((await search({})).body).toEqual([]);
      expect((await search({ q: 'Ab' })).body.length).toBeGreaterThan(0);
    });

    it('searches another role when asked, validates it, and is for staff only', async () => {
      const staff = await search({ q: marker, role: 'employee' });
      expect(staff.body.map((u: { id: number }) => u.id)).toEqual([people[5].id]);
      expect((await search({ q: marker, role: 'king' })).status).toBe(422);
      expect((await search({ q: marker }, employee.token)).status).toBe(200);
      await expectStatus(t, 401, [['GET', '/api/search_user', { query: { q: marker } }]]);
      await expectStatus(t, 403, [['GET', '/api/search_user', { token: missionary.token, query: { q: marker } }]]);
    });
  });
});
