import { ApiError, parseApiError } from "../../api/client.ts";

/** The code of a ceremony the person stopped or the browser refused: nothing failed on the server. */
export const PASSKEY_CANCELLED_CODE = "passkey_cancelled";

/** Whether this browser can create a passkey at all. */
export function browserSupportsPasskeys(): boolean {
  return typeof window !== "undefined" && typeof window.PublicKeyCredential === "function";
}

/**
 * Registers a passkey for the signed-in account: the server's options, the browser's prompt, the
 * server's check. better-auth's client and the WebAuthn helpers load only when someone presses
 * "Add a passkey". Rejects with an ApiError: the server's (our format), or PASSKEY_CANCELLED_CODE.
 */
export async function registerPasskey(name: string | undefined, language: string): Promise<void> {
  const [{ createAuthClient }, { passkeyClient }] = await Promise.all([
    import("better-auth/client"),
    import("@better-auth/passkey/client"),
  ]);
  const client = createAuthClient({
    baseURL: window.location.origin,
    basePath: "/api/auth",
    fetchOptions: { headers: { "Accept-Language": language } },
    plugins: [passkeyClient()],
  });
  const result = await client.passkey.addPasskey(name ? { name } : undefined);
  const error = result?.error;
  if (!error) return;
  const parsed = parseApiError(error.status, error);
  if (parsed.code !== "unexpected_response") throw parsed;
  throw new ApiError(error.status, PASSKEY_CANCELLED_CODE, "");
}
