import {
  type AuthenticationResponseJSON,
  generateAuthenticationOptions,
  generateRegistrationOptions,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
  type WebAuthnCredential,
} from "@simplewebauthn/server";
import { describe, expect, it } from "vitest";
import { type Cbor, createSoftwareAuthenticator, encodeCbor } from "./software-authenticator.ts";

const ORIGIN = "http://localhost:3000";
const RP_ID = "localhost";

// RFC 8949 appendix A.
const CBOR_VECTORS: [Cbor, string][] = [
  [0, "00"],
  [23, "17"],
  [24, "1818"],
  [100, "1864"],
  [1000, "1903e8"],
  [1000000, "1a000f4240"],
  [-1, "20"],
  [-10, "29"],
  [-100, "3863"],
  [-1000, "3903e7"],
  ["a", "6161"],
  ["IETF", "6449455446"],
  [new Uint8Array([1, 2, 3, 4]), "4401020304"],
  [
    new Map<Cbor, Cbor>([
      [1, 2],
      [3, 4],
    ]),
    "a201020304",
  ],
];

describe("encodeCbor", () => {
  it.each(CBOR_VECTORS)("encodes %o as the RFC does", (value, hex) => {
    expect(encodeCbor(value).toString("hex")).toBe(hex);
  });
});

async function registered() {
  const authenticator = createSoftwareAuthenticator({ origin: ORIGIN });
  const creation = await generateRegistrationOptions({
    rpName: "Kinfile",
    rpID: RP_ID,
    userName: "ada@example.com",
    attestationType: "none",
  });
  const response = authenticator.register(creation);
  const verification = await verifyRegistrationResponse({
    response,
    expectedChallenge: creation.challenge,
    expectedOrigin: ORIGIN,
    expectedRPID: RP_ID,
  });
  if (!verification.registrationInfo) throw new Error("registration not verified");
  return { authenticator, verification, credential: verification.registrationInfo.credential };
}

function verifyAssertion(
  credential: WebAuthnCredential,
  response: AuthenticationResponseJSON,
  challenge: string,
) {
  return verifyAuthenticationResponse({
    response,
    expectedChallenge: challenge,
    expectedOrigin: ORIGIN,
    expectedRPID: RP_ID,
    credential,
  });
}

describe("software authenticator", () => {
  it("registers a credential that @simplewebauthn/server verifies", async () => {
    const { verification, credential, authenticator } = await registered();
    expect(verification.verified).toBe(true);
    expect(verification.registrationInfo?.fmt).toBe("none");
    expect(verification.registrationInfo?.userVerified).toBe(true);
    expect(credential.id).toBe(Buffer.from(authenticator.credentials[0]?.id ?? []).toString("base64url"));
  });

  it("signs assertions that verify, with a counter that moves forward", async () => {
    const { authenticator, credential } = await registered();
    const first = await generateAuthenticationOptions({
      rpID: RP_ID,
      allowCredentials: [{ id: credential.id }],
    });
    const one = await verifyAssertion(credential, authenticator.authenticate(first), first.challenge);
    expect(one.verified).toBe(true);
    expect(one.authenticationInfo.newCounter).toBe(1);

    const second = await generateAuthenticationOptions({ rpID: RP_ID });
    const two = await verifyAssertion(
      { ...credential, counter: one.authenticationInfo.newCounter },
      authenticator.authenticate(second),
      second.challenge,
    );
    expect(two.authenticationInfo.newCounter).toBe(2);
  });

  it("produces assertions a server refuses when tampered with or from another origin", async () => {
    const { authenticator, credential } = await registered();
    const options = await generateAuthenticationOptions({ rpID: RP_ID });
    const good = authenticator.authenticate(options);
    const signature = Buffer.from(good.response.signature, "base64url");
    signature[signature.length - 1] = (signature.at(-1) ?? 0) ^ 0xff;
    const tampered = { ...good, response: { ...good.response, signature: signature.toString("base64url") } };
    expect((await verifyAssertion(credential, tampered, options.challenge)).verified).toBe(false);
    const elsewhere = authenticator.authenticate(options, { origin: "https://evil.example" });
    await expect(verifyAssertion(credential, elsewhere, options.challenge)).rejects.toThrow(/origin/i);
  });
});
