import { ApiError, parseApiError } from "../api/client.ts";
import { PASSKEY_PROMPT_CODES, type PasskeyPromptCode } from "./passkeyPromptCodes.ts";

/*
 * The browser's passkey prompt with better-auth's client and the WebAuthn helpers: a chunk that
 * loads when someone presses a passkey button (passkeys.ts), out of the pages' own code.
 */

/** @simplewebauthn's codes for a device or an address that cannot do what was asked. */
const UNAVAILABLE = new Set([
  "ERROR_INVALID_DOMAIN",
  "ERROR_INVALID_RP_ID",
  "ERROR_AUTHENTICATOR_GENERAL_ERROR",
  "ERROR_AUTHENTICATOR_MISSING_DISCOVERABLE_CREDENTIAL_SUPPORT",
  "ERROR_AUTHENTICATOR_MISSING_USER_VERIFICATION_SUPPORT",
  "ERROR_AUTHENTICATOR_NO_SUPPORTED_PUBKEYCREDPARAMS_ALG",
]);

/**
 * The error a failed passkey call rejects with. The server's refusals carry our error shape and
 * keep their code; the browser's own end of the prompt (better-auth passes @simplewebauthn's
 * code, e.g. ERROR_CEREMONY_ABORTED, or NotAllowedError as ERROR_PASSTHROUGH_SEE_CAUSE_PROPERTY)
 * becomes one of PASSKEY_PROMPT_CODES, so the person reads what happened rather than a failure.
 */
export function passkeyFailure(error: { status: number; code?: string }): ApiError {
  const parsed = parseApiError(error.status, error);
  if (parsed.code !== "unexpected_response") return parsed;
  return new ApiError(error.status, promptCode(error.code), "");
}

function promptCode(browserCode: string | undefined): PasskeyPromptCode {
  if (browserCode === "ERROR_AUTHENTICATOR_PREVIOUSLY_REGISTERED")
    return PASSKEY_PROMPT_CODES.alreadyRegistered;
  if (browserCode !== undefined && UNAVAILABLE.has(browserCode)) return PASSKEY_PROMPT_CODES.unavailable;
  return PASSKEY_PROMPT_CODES.cancelled;
}

/** better-auth's client with its passkey plugin, speaking the app's language to the server. */
async function passkeyAuthClient(language: string) {
  const [{ createAuthClient }, { passkeyClient }] = await Promise.all([
    import("better-auth/client"),
    import("@better-auth/passkey/client"),
  ]);
  return createAuthClient({
    baseURL: window.location.origin,
    basePath: "/api/auth",
    fetchOptions: { headers: { "Accept-Language": language } },
    plugins: [passkeyClient()],
  });
}

/** Asks the browser for a passkey and signs in with it; rejects with passkeyFailure's error. */
export async function signInWithPasskeyNow(language: string): Promise<void> {
  const result = await (await passkeyAuthClient(language)).signIn.passkey();
  if (result.error) throw passkeyFailure(result.error);
}

/** Registers a passkey for the signed-in account; rejects with passkeyFailure's error. */
export async function registerPasskeyNow(name: string | undefined, language: string): Promise<void> {
  const result = await (await passkeyAuthClient(language)).passkey.addPasskey(name ? { name } : undefined);
  if (result?.error) throw passkeyFailure(result.error);
}
