import { createHash, generateKeyPairSync, type KeyObject, randomBytes, sign } from "node:crypto";
import type {
  AuthenticationResponseJSON,
  PublicKeyCredentialCreationOptionsJSON,
  PublicKeyCredentialRequestOptionsJSON,
  RegistrationResponseJSON,
} from "@simplewebauthn/server";

/** A CBOR value as WebAuthn uses it: integers, byte and text strings, maps. */
export type Cbor = number | string | Uint8Array | Map<Cbor, Cbor>;

function cborHead(major: number, length: number): Buffer {
  if (length < 24) return Buffer.from([(major << 5) | length]);
  if (length < 0x100) return Buffer.from([(major << 5) | 24, length]);
  if (length < 0x10000) {
    const head = Buffer.alloc(3);
    head[0] = (major << 5) | 25;
    head.writeUInt16BE(length, 1);
    return head;
  }
  const head = Buffer.alloc(5);
  head[0] = (major << 5) | 26;
  head.writeUInt32BE(length, 1);
  return head;
}

/** The minimal CBOR encoder (RFC 8949) an attestation object and a COSE key need. */
export function encodeCbor(value: Cbor): Buffer {
  if (typeof value === "number") {
    if (!Number.isSafeInteger(value)) throw new Error(`CBOR: not an integer: ${value}`);
    return value >= 0 ? cborHead(0, value) : cborHead(1, -1 - value);
  }
  if (typeof value === "string") {
    const bytes = Buffer.from(value, "utf8");
    return Buffer.concat([cborHead(3, bytes.length), bytes]);
  }
  if (value instanceof Uint8Array) return Buffer.concat([cborHead(2, value.length), value]);
  const entries = [...value].flatMap(([key, item]) => [encodeCbor(key), encodeCbor(item)]);
  return Buffer.concat([cborHead(5, value.size), ...entries]);
}

const FLAG_USER_PRESENT = 0x01;
const FLAG_USER_VERIFIED = 0x04;
const FLAG_ATTESTED_CREDENTIAL = 0x40;
const COSE_ALG_ES256 = -7;

type Credential = { id: Buffer; rpId: string; userHandle: string; privateKey: KeyObject; signCount: number };

function b64url(bytes: Uint8Array): string {
  return Buffer.from(bytes).toString("base64url");
}

function sha256(data: Uint8Array | string): Buffer {
  return createHash("sha256").update(data).digest();
}

/** COSE_Key of a P-256 public key (RFC 9053): kty EC2, alg ES256, crv P-256, x, y. */
function coseKey(publicKey: KeyObject): Buffer {
  const jwk = publicKey.export({ format: "jwk" });
  if (jwk.x === undefined || jwk.y === undefined) throw new Error("not an EC public key");
  return encodeCbor(
    new Map<Cbor, Cbor>([
      [1, 2],
      [3, COSE_ALG_ES256],
      [-1, 1],
      [-2, Buffer.from(jwk.x, "base64url")],
      [-3, Buffer.from(jwk.y, "base64url")],
    ]),
  );
}

function authenticatorData(rpId: string, flags: number, signCount: number, attested?: Buffer): Buffer {
  const counter = Buffer.alloc(4);
  counter.writeUInt32BE(signCount);
  return Buffer.concat([sha256(rpId), Buffer.from([flags]), counter, ...(attested ? [attested] : [])]);
}

export type CeremonyOverrides = {
  /** The page origin the browser would report; the authenticator's own origin otherwise. */
  origin?: string;
};

/**
 * A platform authenticator in software, for tests without a browser: P-256 keys (ES256), "none"
 * attestation, user present and verified. It answers the JSON options a WebAuthn server sends
 * (what the browser passes to navigator.credentials.create / get) with the JSON the browser would
 * post back, so the server's real verification runs on it.
 */
export function createSoftwareAuthenticator(options: { origin: string }) {
  const credentials: Credential[] = [];

  function clientData(type: "webauthn.create" | "webauthn.get", challenge: string, origin: string): Buffer {
    return Buffer.from(JSON.stringify({ type, challenge, origin, crossOrigin: false }), "utf8");
  }

  return {
    credentials: credentials as readonly Credential[],

    /** navigator.credentials.create(): a new key pair for the relying party and user of the options. */
    register(
      creation: PublicKeyCredentialCreationOptionsJSON,
      overrides: CeremonyOverrides = {},
    ): RegistrationResponseJSON {
      if (!creation.pubKeyCredParams.some((param) => param.alg === COSE_ALG_ES256)) {
        throw new Error("the relying party does not accept ES256");
      }
      const rpId = creation.rp.id ?? new URL(options.origin).hostname;
      const { publicKey, privateKey } = generateKeyPairSync("ec", { namedCurve: "P-256" });
      const credential: Credential = {
        id: randomBytes(32),
        rpId,
        userHandle: creation.user.id,
        privateKey,
        signCount: 0,
      };
      const idLength = Buffer.alloc(2);
      idLength.writeUInt16BE(credential.id.length);
      // AAGUID all zeros: "none" attestation names no authenticator model.
      const attested = Buffer.concat([Buffer.alloc(16), idLength, credential.id, coseKey(publicKey)]);
      const authData = authenticatorData(
        rpId,
        FLAG_USER_PRESENT | FLAG_USER_VERIFIED | FLAG_ATTESTED_CREDENTIAL,
        credential.signCount,
        attested,
      );
      const attestationObject = encodeCbor(
        new Map<Cbor, Cbor>([
          ["fmt", "none"],
          ["attStmt", new Map()],
          ["authData", authData],
        ]),
      );
      credentials.push(credential);
      const id = b64url(credential.id);
      return {
        id,
        rawId: id,
        type: "public-key",
        authenticatorAttachment: "platform",
        clientExtensionResults: {},
        response: {
          clientDataJSON: b64url(
            clientData("webauthn.create", creation.challenge, overrides.origin ?? options.origin),
          ),
          attestationObject: b64url(attestationObject),
          authenticatorData: b64url(authData),
          transports: ["internal"],
          publicKeyAlgorithm: COSE_ALG_ES256,
          publicKey: b64url(publicKey.export({ format: "der", type: "spki" })),
        },
      };
    },

    /**
     * navigator.credentials.get(): an assertion by an allowed credential of this relying party (a
     * discoverable one when the server allows any). Each use moves the signature counter forward.
     */
    authenticate(
      request: PublicKeyCredentialRequestOptionsJSON,
      overrides: CeremonyOverrides = {},
    ): AuthenticationResponseJSON {
      const rpId = request.rpId ?? new URL(options.origin).hostname;
      const allowed = request.allowCredentials?.map((descriptor) => descriptor.id);
      const credential = credentials.find(
        (candidate) =>
          candidate.rpId === rpId &&
          (allowed === undefined || allowed.length === 0 || allowed.includes(b64url(candidate.id))),
      );
      if (credential === undefined) throw new Error(`no credential for ${rpId}`);
      credential.signCount += 1;
      const authData = authenticatorData(rpId, FLAG_USER_PRESENT | FLAG_USER_VERIFIED, credential.signCount);
      const clientDataJSON = clientData(
        "webauthn.get",
        request.challenge,
        overrides.origin ?? options.origin,
      );
      // ECDSA over authenticatorData || SHA-256(clientDataJSON); node signs EC keys in DER, as WebAuthn wants.
      const signature = sign(
        "sha256",
        Buffer.concat([authData, sha256(clientDataJSON)]),
        credential.privateKey,
      );
      const id = b64url(credential.id);
      return {
        id,
        rawId: id,
        type: "public-key",
        authenticatorAttachment: "platform",
        clientExtensionResults: {},
        response: {
          clientDataJSON: b64url(clientDataJSON),
          authenticatorData: b64url(authData),
          signature: b64url(signature),
          userHandle: credential.userHandle,
        },
      };
    },
  };
}

export type SoftwareAuthenticator = ReturnType<typeof createSoftwareAuthenticator>;
