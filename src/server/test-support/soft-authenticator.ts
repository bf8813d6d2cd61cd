import crypto from 'node:crypto';

/**
 * A software WebAuthn authenticator for route tests: an ES256 key pair per credential, answers
 * built as a browser would send them ("none" attestation, user present and verified). The browser
 * tests use Chromium's virtual authenticator instead (e2e/second-factor.spec.ts).
 */
type Cbor = number | string | Uint8Array | CborMap | { [key: string]: Cbor };
interface CborMap extends Map<Cbor, Cbor> {}

function head(major: number, length: number): Buffer {
  if (length < 24) return Buffer.from([(major << 5) | length]);
  if (length < 256) return Buffer.from([(major << 5) | 24, length]);
  const out = Buffer.alloc(3);
  out[0] = (major << 5) | 25;
  out.writeUInt16BE(length, 1);
  return out;
}

/** The CBOR subset WebAuthn needs: small integers, byte and text strings, maps. */
export function cbor(value: Cbor): Buffer {
  if (typeof value === 'number') return value >= 0 ? head(0, value) : head(1, -1 - value);
  if (typeof value === 'string') return Buffer.concat([head(3, Buffer.byteLength(value)), Buffer.from(value)]);
  if (value instanceof Uint8Array) return Buffer.concat([head(2, value.length), Buffer.from(value)]);
  const entries = value instanceof Map ? [...value.entries()] : Object.entries(value);
  return Buffer.concat([head(5, entries.length), ...entries.flatMap(([k, v]) => [cbor(k), cbor(v)])]);
}

const b64url = (bytes: Uint8Array | string) => Buffer.from(bytes).toString('base64url');
const sha256 = (data: Uint8Array | string) => crypto.createHash('sha256').update(data).digest();

export class SoftAuthenticator {
  readonly credentialId = crypto.randomBytes(16);
  private readonly keys = crypto.generateKeyPairSync('ec', { namedCurve: 'P-256' });
  private signCount = 0;

  constructor(
    private readonly rpID: string,
    private readonly origin: string,
  ) {}

  get id(): string {
    return b64url(this.credentialId);
  }

  private authData(withCredential: boolean): Buffer {
    const flags = 0x01 | 0x04 | (withCredential ? 0x40 : 0); // user present, user verified, attested data
    this.signCount += 1;
    const count = Buffer.alloc(4);
    count.writeUInt32BE(this.signCount);
    const parts: Buffer[] = [sha256(this.rpID), Buffer.from([flags]), count];
    if (withCredential) {
      const jwk = this.keys.publicKey.export({ format: 'jwk' });
      const cose = new Map<Cbor, Cbor>([
        [1, 2], // kty: EC2
        [3, -7], // alg: ES256
        [-1, 1], // crv: P-256
        [-2, Buffer.from(jwk.x as string, 'base64url')],
        [-3, Buffer.from(jwk.y as string, 'base64url')],
      ]);
      const length = Buffer.alloc(2);
      length.writeUInt16BE(this.credentialId.length);
      parts.push(Buffer.alloc(16), length, this.credentialId, cbor(cose));
    }
    return Buffer.concat(parts);
  }

  private clientData(type: string, challenge: string): Buffer {
    return Buffer.from(JSON.stringify({ type, challenge, origin: this.origin, crossOrigin: false }));
  }

  /** What navigator.credentials.create() gives for these options, serialised. */
  register(options: { challenge: string }) {
    const attestationObject = cbor({ fmt: 'none', attStmt: {}, authData: this.authData(true) });
    return {
      id: this.id,
      rawId: this.id,
      type: 'public-key',
      response: {
        clientDataJSON: b64url(this.clientData('webauthn.create', options.challenge)),
        attestationObject: b64url(attestationObject),
        transports: ['internal'],
      },
      clientExtensionResults: {},
    };
  }

  /** What navigator.credentials.get() gives for these options, serialised. */
  signIn(options: { challenge: string }) {
    const authenticatorData = this.authData(false);
    const clientDataJSON = this.clientData('webauthn.get', options.challenge);
    const signature = crypto.sign(
      'sha256',
      Buffer.concat([authenticatorData, sha256(clientDataJSON)]),
      this.keys.privateKey,
    );
    return {
      id: this.id,
      rawId: this.id,
      type: 'public-key',
      response: {
        clientDataJSON: b64url(clientDataJSON),
        authenticatorData: b64url(authenticatorData),
        signature: b64url(signature),
      },
      clientExtensionResults: {},
    };
  }
}
