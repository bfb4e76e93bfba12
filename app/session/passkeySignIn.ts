import { passkeyClient } from "@better-auth/passkey/client";
import { createAuthClient } from "better-auth/client";
import { ApiError, parseApiError } from "../api/client.ts";

/*
 * Loaded only when someone presses "Sign in with a passkey": the better-auth client and the
 * WebAuthn helpers stay out of the sign-in page's own code.
 */

/** Codes of a ceremony the person stopped or the browser refused: nothing went wrong server-side. */
export const PASSKEY_CANCELLED_CODE = "passkey_cancelled";

function client(language: string) {
  return createAuthClient({
    baseURL: window.location.origin,
    basePath: "/api/auth",
    fetchOptions: { headers: { "Accept-Language": language } },
    plugins: [passkeyClient()],
  });
}

/** Asks the browser for a passkey and signs in with it; rejects with an ApiError when refused. */
export async function signInWithPasskey(language: string): Promise<void> {
  const result = await client(language).signIn.passkey();
  const error = result.error;
  if (!error) return;
  // The server's refusals carry our error format; the browser's own (cancelled, not allowed) do not.
  const parsed = parseApiError(error.status, error);
  if (parsed.code !== "unexpected_response") throw parsed;
  throw new ApiError(error.status, PASSKEY_CANCELLED_CODE, error.message ?? "");
}
