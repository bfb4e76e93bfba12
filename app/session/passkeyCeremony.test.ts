import { describe, expect, it } from "vitest";
import { passkeyFailure } from "./passkeyCeremony.ts";
import { PASSKEY_PROMPT_CODES } from "./passkeyPromptCodes.ts";

describe("passkeyFailure", () => {
  it("keeps the server's refusal, in our error shape, as it is", () => {
    const error = passkeyFailure({
      status: 400,
      error: { code: "passkey_not_found", message: "This passkey is not known." },
    } as { status: number });
    expect(error.code).toBe("passkey_not_found");
    expect(error.message).toBe("This passkey is not known.");
  });

  it.each([
    ["ERROR_PASSTHROUGH_SEE_CAUSE_PROPERTY", PASSKEY_PROMPT_CODES.cancelled],
    ["ERROR_CEREMONY_ABORTED", PASSKEY_PROMPT_CODES.cancelled],
    ["AUTH_CANCELLED", PASSKEY_PROMPT_CODES.cancelled],
    [undefined, PASSKEY_PROMPT_CODES.cancelled],
    ["ERROR_INVALID_DOMAIN", PASSKEY_PROMPT_CODES.unavailable],
    ["ERROR_INVALID_RP_ID", PASSKEY_PROMPT_CODES.unavailable],
    ["ERROR_AUTHENTICATOR_GENERAL_ERROR", PASSKEY_PROMPT_CODES.unavailable],
    ["ERROR_AUTHENTICATOR_PREVIOUSLY_REGISTERED", PASSKEY_PROMPT_CODES.alreadyRegistered],
  ])("names the browser's %s as %s, not as a failure", (browserCode, expected) => {
    expect(passkeyFailure({ status: 400, code: browserCode }).code).toBe(expected);
  });
});
