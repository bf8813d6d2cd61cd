import { readConfig } from '../config';
import { mailLinkBase, publicUrlWarning } from './links';

describe('mailLinkBase', () => {
  it.each([
    // PUBLIC_URL, PORT, expected start of every link
    ['https://sheepfold.example.org', '3000', 'https://sheepfold.example.org'],
    ['https://sheepfold.example.org/', '3000', 'https://sheepfold.example.org'], // trailing slash dropped
    [undefined, '3000', 'http://localhost:3000'],
    [undefined, '8080', 'http://localhost:8080'],
  ])('PUBLIC_URL %s, PORT %s → %s', (publicUrl, port, expected) => {
    const config = readConfig({ PUBLIC_URL: publicUrl, PORT: port });
    expect(mailLinkBase(config)).toBe(expected);
  });

  it('warns while PUBLIC_URL is unset, and only then', () => {
    expect(publicUrlWarning(readConfig({ PORT: '3000' }))).toContain('http://localhost:3000');
    expect(publicUrlWarning(readConfig({ PUBLIC_URL: 'https://x.example.org' }))).toBeNull();
  });
});
