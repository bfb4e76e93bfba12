/**
 * How a passkey prompt ended without a passkey, when the browser (not the server) said no:
 * - cancelled: the person closed the prompt, it timed out, or no passkey of this site was there;
 * - unavailable: this device or this address cannot use passkeys at all;
 * - alreadyRegistered: adding a passkey on a device that already holds one for this account.
 */
export const PASSKEY_PROMPT_CODES = {
  cancelled: "passkey_cancelled",
  unavailable: "passkey_unavailable",
  alreadyRegistered: "passkey_already_registered",
} as const;

export type PasskeyPromptCode = (typeof PASSKEY_PROMPT_CODES)[keyof typeof PASSKEY_PROMPT_CODES];
