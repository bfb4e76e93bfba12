/*
 * What sign-in and My Account share about the browser's passkey prompt. The prompt's code
 * (passkeyCeremony.ts, with better-auth's client and the WebAuthn helpers) loads only when someone
 * presses a passkey button: it stays out of the pages' own code.
 */

/** Asks the browser for a passkey and signs in with it; rejects with an ApiError (passkeyPromptCodes.ts). */
export async function signInWithPasskey(language: string): Promise<void> {
  const { signInWithPasskeyNow } = await import("./passkeyCeremony.ts");
  return signInWithPasskeyNow(language);
}

/** Registers a passkey for the signed-in account; rejects like signInWithPasskey. */
export async function registerPasskey(name: string | undefined, language: string): Promise<void> {
  const { registerPasskeyNow } = await import("./passkeyCeremony.ts");
  return registerPasskeyNow(name, language);
}

/** Whether this browser can use passkeys at all. */
export function browserSupportsPasskeys(): boolean {
  return typeof window !== "undefined" && typeof window.PublicKeyCredential === "function";
}
