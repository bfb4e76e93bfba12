import { describe, expect, it } from "vitest";
import { decodeBase32, totp, totpSecretOf } from "./totp.ts";

// RFC 6238 appendix B, SHA-1 rows: the key is the ASCII "12345678901234567890".
const RFC_SECRET = "GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ";
const RFC_VECTORS: [seconds: number, code: string][] = [
  [59, "94287082"],
  [1111111109, "07081804"],
  [1111111111, "14050471"],
  [1234567890, "89005924"],
  [2000000000, "69279037"],
  [20000000000, "65353130"],
];

describe("totp", () => {
  it("decodes the RFC's base32 key", () => {
    expect(decodeBase32(RFC_SECRET).toString("ascii")).toBe("12345678901234567890");
  });

  it.each(RFC_VECTORS)("gives the RFC 6238 code at %i s", (seconds, code) => {
    expect(totp(RFC_SECRET, { at: seconds * 1000, digits: 8 })).toBe(code);
    expect(totp(RFC_SECRET, { at: seconds * 1000 })).toBe(code.slice(2));
  });

  it("reads the secret of an otpauth URI", () => {
    expect(totpSecretOf(`otpauth://totp/Kinfile:a%40b.c?secret=${RFC_SECRET}&issuer=Kinfile`)).toBe(
      RFC_SECRET,
    );
  });
});
