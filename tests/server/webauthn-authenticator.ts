/**
 * A software FIDO2 authenticator for the server tests: an ES256 key, 'none' attestation, authenticator
 * data and COSE key written with CBOR (@levischuck/tiny-cbor, simplewebauthn's own CBOR), and assertions
 * signed as a real key signs them. It answers the JSON the browser's @simplewebauthn/browser would send.
 */
import { createHash, generateKeyPairSync, randomBytes, sign, type KeyObject } from 'node:crypto';
import { encodeCBOR, type CBORType } from '@levischuck/tiny-cbor';

const b64url = (bytes: Uint8Array) => Buffer.from(bytes).toString('base64url');
const sha256 = (data: Uint8Array | string) => createHash('sha256').update(data).digest();

/** Authenticator data flags. */
const UP = 0x01;
const UV = 0x04;
const AT = 0x40;

export interface Options {
  challenge: string;
  rp?: { id: string };
  rpId?: string;
}

export class SoftAuthenticator {
  readonly credentialId = randomBytes(32);
  private readonly privateKey: KeyObject;
  private readonly publicKey: KeyObject;
  counter = 0;
  /** Whether this key verifies its user (PIN, biometrics). */
  userVerified = true;

  constructor(readonly origin: string) {
    const pair = generateKeyPairSync('ec', { namedCurve: 'P-256' });
    this.privateKey = pair.privateKey;
    this.publicKey = pair.publicKey;
  }

  get id(): string {
    return b64url(this.credentialId);
  }

  private coseKey(): Uint8Array {
    const jwk = this.publicKey.export({ format: 'jwk' });
    return encodeCBOR(
      new Map<number, CBORType>([
        [1, 2], // kty: EC2
        [3, -7], // alg: ES256
        [-1, 1], // crv: P-256
        [-2, new Uint8Array(Buffer.from(jwk.x!, 'base64url'))],
        [-3, new Uint8Array(Buffer.from(jwk.y!, 'base64url'))],
      ]),
    );
  }

  private authData(rpId: string, attested: boolean): Buffer {
    const flags = UP | (this.userVerified ? UV : 0) | (attested ? AT : 0);
    const count = Buffer.alloc(4);
    count.writeUInt32BE(this.counter);
    const parts = [sha256(rpId), Buffer.from([flags]), count];
    if (attested) {
      const length = Buffer.alloc(2);
      length.writeUInt16BE(this.credentialId.length);
      parts.push(Buffer.alloc(16), length, this.credentialId, Buffer.from(this.coseKey()));
    }
    return Buffer.concat(parts);
  }

  private clientData(type: string, challenge: string, origin = this.origin): Buffer {
    return Buffer.from(JSON.stringify({ type, challenge, origin, crossOrigin: false }));
  }

  /** navigator.credentials.create → RegistrationResponseJSON, as text. */
  register(options: Options, over: { origin?: string } = {}): string {
    const rpId = options.rp?.id ?? options.rpId!;
    const attestationObject = encodeCBOR(
      new Map<string, CBORType>([
        ['fmt', 'none'],
        ['attStmt', new Map<string, CBORType>()],
        ['authData', new Uint8Array(this.authData(rpId, true))],
      ]),
    );
    return JSON.stringify({
      id: this.id,
      rawId: this.id,
      type: 'public-key',
      response: {
        clientDataJSON: b64url(this.clientData('webauthn.create', options.challenge, over.origin)),
        attestationObject: b64url(attestationObject),
        transports: ['usb'],
      },
      clientExtensionResults: {},
      authenticatorAttachment: 'cross-platform',
    });
  }

  /** navigator.credentials.get → AuthenticationResponseJSON, as text (the counter moves first, as a key's does). */
  assert(options: Options, over: { origin?: string; counter?: number } = {}): string {
    this.counter = over.counter ?? this.counter + 1;
    const rpId = options.rpId ?? options.rp!.id;
    const authenticatorData = this.authData(rpId, false);
    const clientDataJSON = this.clientData('webauthn.get', options.challenge, over.origin);
    const signature = sign('sha256', Buffer.concat([authenticatorData, sha256(clientDataJSON)]), this.privateKey);
    return JSON.stringify({
      id: this.id,
      rawId: this.id,
      type: 'public-key',
      response: {
        clientDataJSON: b64url(clientDataJSON),
        authenticatorData: b64url(authenticatorData),
        signature: b64url(signature),
      },
      clientExtensionResults: {},
    });
  }
}
