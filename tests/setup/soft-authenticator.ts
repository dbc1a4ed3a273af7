import crypto from "node:crypto";

/*
 * A software passkey authenticator (decision 165's tests): an EC P-256 key made with node:crypto
 * answers WebAuthn ceremonies as a browser and a platform authenticator would, byte for byte
 * (attestation "none", authenticator data, client data, DER ECDSA signatures), so the tests
 * prove the server's checks without a browser. Written from the WebAuthn spec, not from the
 * library under test: its CBOR is the few lines below.
 */

type Cbor = number | string | Uint8Array | Map<Cbor, Cbor>;

function head(major: number, value: number) {
  if (value < 24) return Buffer.from([(major << 5) | value]);
  if (value < 0x100) return Buffer.from([(major << 5) | 24, value]);
  if (value < 0x10000) return Buffer.from([(major << 5) | 25, value >> 8, value & 0xff]);
  const out = Buffer.alloc(5);
  out[0] = (major << 5) | 26;
  out.writeUInt32BE(value, 1);
  return out;
}

/** The CBOR of integers, text, bytes and maps: all a COSE key and an attestation need. */
function cbor(value: Cbor): Buffer {
  if (typeof value === "number") return value >= 0 ? head(0, value) : head(1, -1 - value);
  if (typeof value === "string") {
    const text = Buffer.from(value, "utf8");
    return Buffer.concat([head(3, text.length), text]);
  }
  if (value instanceof Uint8Array) return Buffer.concat([head(2, value.length), value]);
  const parts: Uint8Array[] = [head(5, value.size)];
  for (const [key, item] of value) parts.push(cbor(key), cbor(item));
  return Buffer.concat(parts);
}

const b64url = (bytes: Uint8Array) => Buffer.from(bytes).toString("base64url");
const sha256 = (bytes: Uint8Array | string) => crypto.createHash("sha256").update(bytes).digest();

const FLAG_UP = 0x01;
const FLAG_UV = 0x04;
const FLAG_AT = 0x40;

export type SoftAuthenticatorOptions = {
  /** Where the "browser" runs: the origin in the client data. */
  origin: string;
  /** The relying party id whose hash the authenticator data carries. */
  rpId: string;
  /** Whether it checks a PIN or a fingerprint (the UV flag); true unless said. */
  userVerified?: boolean;
};

/** One credential of a software authenticator, with its own key and signature count. */
export function softPasskey(options: SoftAuthenticatorOptions) {
  const { privateKey, publicKey } = crypto.generateKeyPairSync("ec", { namedCurve: "P-256" });
  const credentialId = crypto.randomBytes(32);
  const jwk = publicKey.export({ format: "jwk" });
  const cose = cbor(
    new Map<Cbor, Cbor>([
      [1, 2], // kty: EC2
      [3, -7], // alg: ES256
      [-1, 1], // crv: P-256
      [-2, Buffer.from(jwk.x!, "base64url")],
      [-3, Buffer.from(jwk.y!, "base64url")],
    ]),
  );
  let counter = 0;
  let userHandle: string | null = null;

  function flags() {
    return FLAG_UP | (options.userVerified === false ? 0 : FLAG_UV);
  }

  function clientData(
    type: "webauthn.create" | "webauthn.get",
    challenge: string,
    origin?: string,
  ) {
    return Buffer.from(
      JSON.stringify({ type, challenge, origin: origin ?? options.origin, crossOrigin: false }),
    );
  }

  return {
    id: b64url(credentialId),
    /** Sets the count the next assertion starts from (a cloned key's goes back). */
    setCounter(value: number) {
      counter = value;
    },
    /**
     * The browser's answer to registration options (startRegistration's JSON): a new
     * discoverable credential for `options.user.id`, attested "none".
     */
    register(creation: { challenge: string; user: { id: string } }) {
      userHandle = creation.user.id;
      const count = Buffer.alloc(4);
      count.writeUInt32BE(counter);
      const idLength = Buffer.alloc(2);
      idLength.writeUInt16BE(credentialId.length);
      const authData = Buffer.concat([
        sha256(options.rpId),
        Buffer.from([flags() | FLAG_AT]),
        count,
        Buffer.alloc(16), // AAGUID: none
        idLength,
        credentialId,
        cose,
      ]);
      const attestationObject = cbor(
        new Map<Cbor, Cbor>([
          ["fmt", "none"],
          ["attStmt", new Map()],
          ["authData", authData],
        ]),
      );
      return {
        id: b64url(credentialId),
        rawId: b64url(credentialId),
        type: "public-key",
        response: {
          clientDataJSON: b64url(clientData("webauthn.create", creation.challenge)),
          attestationObject: b64url(attestationObject),
          transports: ["internal"],
        },
        clientExtensionResults: {},
        authenticatorAttachment: "platform",
      };
    },
    /**
     * The browser's answer to sign-in options (startAuthentication's JSON), signed with this
     * credential's key; the count goes up by one first. `userHandle` overrides the handle.
     */
    assert(
      request: { challenge: string },
      overrides: { userHandle?: string; origin?: string } = {},
    ) {
      counter += 1;
      const count = Buffer.alloc(4);
      count.writeUInt32BE(counter);
      const authenticatorData = Buffer.concat([
        sha256(options.rpId),
        Buffer.from([flags()]),
        count,
      ]);
      const clientDataJSON = clientData("webauthn.get", request.challenge, overrides.origin);
      const signature = crypto.sign(
        "sha256",
        Buffer.concat([authenticatorData, sha256(clientDataJSON)]),
        privateKey,
      );
      return {
        id: b64url(credentialId),
        rawId: b64url(credentialId),
        type: "public-key",
        response: {
          clientDataJSON: b64url(clientDataJSON),
          authenticatorData: b64url(authenticatorData),
          signature: b64url(signature),
          userHandle: overrides.userHandle ?? userHandle ?? undefined,
        },
        clientExtensionResults: {},
        authenticatorAttachment: "platform",
      };
    },
  };
}
