import { MESSAGES } from '../../domain/messages';
import {
  addExpense,
  getReport,
  jpeg,
  pdf,
  seedCategories,
  startReport,
  uploadReceipt,
} from '../test-support/expense-fixtures';
import { createTestApp, expectStatus, type SignedIn, type TestApp } from '../test-support/harness';
import { storedFileNames } from '../test-support/stored-files';

let t: TestApp;
let admin: SignedIn;
let employee: SignedIn;
let ruth: SignedIn;
let boaz: SignedIn;
let cat: Awaited<ReturnType<typeof seedCategories>>;

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.signIn('admin');
  employee = await t.signIn('employee');
  ruth = await t.signIn('missionary');
  boaz = await t.signIn('missionary');
  cat = await seedCategories(t);
});
afterAll(() => t.close());

const storedFiles = (userId: number, reportId: number) => storedFileNames(t, `receipts/${userId}/${reportId}`);

describe('POST /api/fileUpload', () => {
  it('stores a photo under a normalised name and lists it on the report', async () => {
    const report = await startReport(t, ruth);
    const content = jpeg(4096);
    const uploaded = await uploadReceipt(t, ruth, report.id, content, 'Taxi Receipt (March).JPG');
    expect(uploaded.status).toBe(201);
    expect(uploaded.body).toMatchObject({
      expense_report_id: report.id,
      filename: 'taxi_receipt__march_.jpg',
      content_type: 'image/jpeg',
      size_bytes: 4096,
      file_url: `/api/fileUpload/${uploaded.body.id}`,
    });
    expect(uploaded.body).not.toHaveProperty('file_path');
    expect((await getReport(t, ruth, report.id)).file_upload).toEqual([uploaded.body]);
    expect(await storedFiles(ruth.id, report.id)).toEqual([expect.stringMatching(/-taxi_receipt__march_\.jpg$/)]);
  });

  it('takes a PDF whatever type the browser claims, and names it by its content when unnamed', async () => {
    const report = await startReport(t, ruth);
    const uploaded = await t.call('POST', '/api/fileUpload', {
      token: ruth.token,
      multipart: {
        expense_report_id: String(report.id),
        file: { content: pdf(), filename: 'scan', type: 'application/octet-stream' },
      },
    });
    expect(uploaded.status).toBe(201);
    expect(uploaded.body).toMatchObject({ filename: 'scan.pdf', content_type: 'application/pdf' });
  });

  it('refuses more than 5 MB with docs/product.md’s message and 413, and keeps nothing', async () => {
    const report = await startReport(t, ruth);
    const exactly = await uploadReceipt(t, ruth, report.id, jpeg(5 * 1024 * 1024), 'max.jpg');
    expect(exactly.status).toBe(201);
    const tooBig = await uploadReceipt(t, ruth, report.id, jpeg(5 * 1024 * 1024 + 1), 'big.jpg');
    expect(tooBig.status).toBe(413);
    expect(tooBig.body).toEqual({ message: MESSAGES.fileTooLarge, errors: { file: [MESSAGES.fileTooLarge] } });
    expect(MESSAGES.fileTooLarge).toBe('Invalid file. Please choose a file that is 5MB or smaller.');
    expect((await getReport(t, ruth, report.id)).file_upload).toHaveLength(1);
    expect(await storedFiles(ruth.id, report.id)).toHaveLength(1);
  });

  it('refuses content that is not an image or a PDF, whatever its name', async () => {
    const report = await startReport(t, ruth);
    const html = await uploadReceipt(
      t,
      ruth,
      report.id,
      Buffer.from('<html><script>alert(1)</script></html>'),
      'a.jpg',
    );
    expect(html.status).toBe(422);
    expect(html.body.errors.file).toEqual(['Invalid file. Please choose an image or a PDF.']);
    expect(await storedFiles(ruth.id, report.id)).toEqual([]);
  });

  it.each([
    ['no file field', {}],
    ['an empty file', { file: { content: Buffer.alloc(0), filename: 'empty.jpg' } }],
  ])('answers “No file has been chosen.” for %s', async (_name, fields) => {
    const report = await startReport(t, ruth);
    const result = await t.call('POST', '/api/fileUpload', {
      token: ruth.token,
      multipart: { expense_report_id: String(report.id), ...fields },
    });
    expect(result.status).toBe(422);
    expect(result.body.errors.file).toEqual([MESSAGES.fileNotChosen]);
  });

  it('needs the report', async () => {
    const result = await t.call('POST', '/api/fileUpload', {
      token: ruth.token,
      multipart: { file: { content: jpeg(), filename: 'a.jpg' } },
    });
    expect(result.status).toBe(422);
    expect(result.body.errors.expense_report_id).toEqual(['Expense report is required.']);
  });

  it('is for the owner of a draft report only', async () => {
    const report = await startReport(t, ruth);
    await expectStatus(t, 401, [
      [
        'POST',
        '/api/fileUpload',
        { multipart: { expense_report_id: String(report.id), file: { content: jpeg(), filename: 'a.jpg' } } },
      ],
    ]);
    for (const intruder of [boaz, admin, employee]) {
      expect((await uploadReceipt(t, intruder, report.id)).status).toBe(403);
    }
    expect((await uploadReceipt(t, ruth, 999999)).status).toBe(404);
    await addExpense(t, ruth, report.id, { expense_code: cat.expense });
    await t.call('PATCH', `/api/submit/expense-report/${report.id}`, { token: ruth.token });
    const late = await uploadReceipt(t, ruth, report.id);
    expect(late.status).toBe(409);
    expect(await storedFiles(ruth.id, report.id)).toEqual([]);
  });
});

describe('GET /api/fileUpload/{id}', () => {
  it('serves the bytes to the owner and to staff, never to another missionary', async () => {
    const report = await startReport(t, ruth);
    const content = jpeg(3000);
    const uploaded = await uploadReceipt(t, ruth, report.id, content, 'lunch.jpg');
    for (const viewer of [ruth, admin, employee]) {
      const file = await t.call('GET', `/api/fileUpload/${uploaded.body.id}`, { token: viewer.token });
      expect(file.status).toBe(200);
      expect(file.headers['content-type']).toBe('image/jpeg');
      expect(file.headers['content-disposition']).toBe('attachment; filename="lunch.jpg"');
      expect(file.headers['cache-control']).toBe('private, no-store');
      expect(file.headers['x-content-type-options']).toBe('nosniff');
      expect(Buffer.compare(file.raw, content)).toBe(0);
    }
    await expectStatus(t, 403, [['GET', `/api/fileUpload/${uploaded.body.id}`, { token: boaz.token }]]);
    await expectStatus(t, 401, [['GET', `/api/fileUpload/${uploaded.body.id}`]]);
    await expectStatus(t, 404, [['GET', '/api/fileUpload/999999', { token: admin.token }]]);
  });
});

describe('receipts are named after their content (decision 19)', () => {
  it('a JPEG uploaded as evil.html is stored and served as evil_html.jpg, image/jpeg, attachment', async () => {
    const report = await startReport(t, ruth);
    const uploaded = await uploadReceipt(t, ruth, report.id, jpeg(500), 'evil.html');
    expect(uploaded.status).toBe(201);
    expect(uploaded.body.filename).toBe('evil_html.jpg');
    const file = await t.call('GET', `/api/fileUpload/${uploaded.body.id}`, { token: ruth.token });
    expect(file.headers['content-type']).toBe('image/jpeg');
    expect(file.headers['content-disposition']).toBe('attachment; filename="evil_html.jpg"');
  });

  it('refuses an HTML/PDF polyglot', async () => {
    const report = await startReport(t, ruth);
    const polyglot = Buffer.from('<html><script>alert(document.cookie)</script>\n%PDF-1.4\n%%EOF');
    const refused = await uploadReceipt(t, ruth, report.id, polyglot, 'evil.html');
    expect(refused.status).toBe(422);
    expect(await storedFiles(ruth.id, report.id)).toEqual([]);
  });
});

describe('DELETE /api/fileUpload/{id}', () => {
  it('lets the owner of a draft delete a receipt, and removes the stored file', async () => {
    const report = await startReport(t, ruth);
    const uploaded = await uploadReceipt(t, ruth, report.id);
    await expectStatus(t, 401, [['DELETE', `/api/fileUpload/${uploaded.body.id}`]]);
    await expectStatus(t, 403, [
      ['DELETE', `/api/fileUpload/${uploaded.body.id}`, { token: boaz.token }],
      ['DELETE', `/api/fileUpload/${uploaded.body.id}`, { token: admin.token }],
    ]);
    const deleted = await t.call('POST', `/api/fileUpload/${uploaded.body.id}`, {
      token: ruth.token,
      form: { _method: 'DELETE' },
    });
    expect(deleted.status).toBe(200);
    expect(deleted.body.message).toBe('File upload deleted!');
    expect(await storedFiles(ruth.id, report.id)).toEqual([]);
    expect((await getReport(t, ruth, report.id)).file_upload).toEqual([]);
    await expectStatus(t, 404, [['DELETE', `/api/fileUpload/${uploaded.body.id}`, { token: ruth.token }]]);
  });

  it('keeps receipts of submitted reports (409)', async () => {
    const report = await startReport(t, ruth);
    const uploaded = await uploadReceipt(t, ruth, report.id);
    await addExpense(t, ruth, report.id, { expense_code: cat.expense });
    await t.call('PATCH', `/api/submit/expense-report/${report.id}`, { token: ruth.token });
    const refused = await t.call('DELETE', `/api/fileUpload/${uploaded.body.id}`, { token: ruth.token });
    expect(refused.status).toBe(409);
    expect(await storedFiles(ruth.id, report.id)).toHaveLength(1);
  });
});
