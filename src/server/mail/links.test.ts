import { mailLinkBase } from './links';

const request = { protocol: 'https' as const, host: 'office.example.org' };

describe('mailLinkBase', () => {
  it.each([
    // PUBLIC_URL, baseUrl sent by the client, expected start of the link
    [null, 'https://office.example.org', 'https://office.example.org'],
    [null, 'https://office.example.org/admin/user/create', 'https://office.example.org'], // origin only
    [null, 'https://office.example.org:443', 'https://office.example.org'], // default port is the same place
    [null, undefined, 'https://office.example.org'],
    [null, 'https://evil.example', 'https://office.example.org'], // a forged base never leaves the host
    [null, 'javascript:alert(1)', 'https://office.example.org'],
    [null, 'not a url', 'https://office.example.org'],
    ['https://sheepfold.example.org', 'https://office.example.org', 'https://sheepfold.example.org'],
    ['https://sheepfold.example.org', undefined, 'https://sheepfold.example.org'],
  ])('PUBLIC_URL %s, baseUrl %s → %s', (publicUrl, baseUrl, expected) => {
    expect(mailLinkBase({ publicUrl }, request, baseUrl)).toBe(expected);
  });

  it('keeps the port of a development server', () => {
    expect(
      mailLinkBase({ publicUrl: null }, { protocol: 'http', host: 'localhost:3000' }, 'http://localhost:3000'),
    ).toBe('http://localhost:3000');
  });
});
