import { readConfig } from './config';
import { startupSummary } from './startup-summary';

const box = ['', '  First run: created the admin account', '    password: Ab3dE5gH', ''];

describe('startupSummary', () => {
  it('says where the app, its data and its mail are, and keeps the first-run box last', () => {
    const config = readConfig({ PORT: '3100', DATA_DIR: '/srv/sheepfold' });
    const lines = startupSummary({ config, webBuilt: true, firstRun: box });
    expect(lines.join('\n')).toContain('Sheepfold is ready on http://localhost:3100');
    expect(lines.join('\n')).toContain('embedded, in /srv/sheepfold');
    expect(lines.join('\n')).toContain('written to /srv/sheepfold/outbox (no SMTP_URL)');
    expect(lines.join('\n')).toContain('errors only (LOG_LEVEL=debug logs every request)');
    expect(lines.slice(-box.length)).toEqual(box);
  });

  it('names PUBLIC_URL, PostgreSQL without its credentials, SMTP, debug logs and a missing build', () => {
    const config = readConfig({
      PUBLIC_URL: 'https://sheepfold.example.org/',
      DATABASE_URL: 'postgres://app:s3cret@db.internal:5432/sheepfold',
      SMTP_URL: 'smtp://mailer:hunter2@smtp.example.org:587',
      LOG_LEVEL: 'debug',
    });
    const text = startupSummary({ config, webBuilt: false, firstRun: [] }).join('\n');
    expect(text).toContain('ready on https://sheepfold.example.org');
    expect(text).toContain('PostgreSQL at db.internal:5432/sheepfold');
    expect(text).toContain('mail:     SMTP');
    expect(text).toContain('debug: every request');
    expect(text).toContain('web app:  not built');
    for (const secret of ['s3cret', 'hunter2', 'app:s', 'mailer:']) expect(text).not.toContain(secret);
  });
});
