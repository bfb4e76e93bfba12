import { describe, expect, it } from "vitest";
import { groupForReading, secretFromTotpUri } from "./totpUri.ts";

describe("TOTP key", () => {
  it("comes from the secret parameter of the URI", () => {
    expect(
      secretFromTotpUri(
        "otpauth://totp/Kinfile:ada%40example.test?secret=jbswy3dpehpk3pxp&issuer=Kinfile&digits=6",
      ),
    ).toBe("JBSWY3DPEHPK3PXP");
    expect(secretFromTotpUri("otpauth://totp/Kinfile?issuer=Kinfile")).toBeNull();
    expect(secretFromTotpUri("not a uri")).toBeNull();
  });

  it("reads in groups of four", () => {
    expect(groupForReading("JBSWY3DPEHPK3PXPQ")).toBe("JBSW Y3DP EHPK 3PXP Q");
  });
});
