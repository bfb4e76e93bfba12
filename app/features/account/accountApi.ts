import { accountApi } from "../../../domain/api/account.ts";
import { portabilityApi } from "../../../domain/api/portability.ts";
import type { Language } from "../../../domain/catalog/languages.ts";
import type { Accent, ThemeMode } from "../../../domain/catalog/themes.ts";
import type { Account, PasswordConfirmation, SignInEventPage } from "../../../domain/schemas/account.ts";
import type { ImportSummary } from "../../../domain/schemas/file-export.ts";
import { apiFetch, callApi, operationUrl } from "../../api/client.ts";

/*
 * The calls of My Account: ours under /api/account, better-auth's under /api/auth (the server
 * re-words its refusals in our error format, so `apiFetch` reads both alike).
 */

function post<T>(path: string, body?: unknown): Promise<T> {
  return apiFetch<T>(path, { method: "POST", ...(body === undefined ? {} : { body: JSON.stringify(body) }) });
}

/** Where the email-change link brings the reader back to. */
const MY_ACCOUNT_RETURN_PATH = "/dashboard/manage-account";

export type AccountChanges = { name?: string; lang?: Language; themeColor?: Accent; themeMode?: ThemeMode };

export function saveAccount(changes: AccountChanges): Promise<Account> {
  return post<Account>("/api/account/save", changes);
}

export async function requestEmailChange(newEmail: string): Promise<void> {
  await post("/api/auth/change-email", { newEmail, callbackURL: MY_ACCOUNT_RETURN_PATH });
}

export async function changePassword(form: {
  currentPassword: string;
  newPassword: string;
  revokeOtherSessions: boolean;
}): Promise<void> {
  await post("/api/auth/change-password", form);
}

/** better-auth sends dates as ISO strings; our API as epoch ms. */
export type DateValue = string | number;

/** One signed-in session (better-auth's session, without anything the app must not keep). */
export type SignedInSession = {
  id: string;
  token: string;
  userAgent?: string | null;
  ipAddress?: string | null;
  createdAt: DateValue;
  updatedAt: DateValue;
  expiresAt: DateValue;
};

export const sessionsQueryKey = ["account", "sessions"] as const;

export function listSessions(): Promise<SignedInSession[]> {
  return apiFetch<SignedInSession[]>("/api/auth/list-sessions");
}

/** The token of this browser's own session, to mark "this device". */
export async function currentSessionToken(): Promise<string | null> {
  const answer = await apiFetch<{ session?: { token?: string } } | null>("/api/auth/get-session");
  return answer?.session?.token ?? null;
}

export const currentSessionQueryKey = ["account", "current-session"] as const;

export async function revokeSession(token: string): Promise<void> {
  await post("/api/auth/revoke-session", { token });
}

export async function revokeOtherSessions(): Promise<void> {
  await post("/api/auth/revoke-other-sessions", {});
}

/** POST /two-factor/enable: the authenticator URI (with the secret) and the backup codes. */
export type TwoFactorSetup = { totpURI: string; backupCodes: string[] };

export function startTwoFactor(password: string): Promise<TwoFactorSetup> {
  return post<TwoFactorSetup>("/api/auth/two-factor/enable", { password });
}

/** Confirms the authenticator: two-factor is on from this call. */
export async function confirmTwoFactor(code: string): Promise<void> {
  await post("/api/auth/two-factor/verify-totp", { code });
}

export async function disableTwoFactor(password: string): Promise<void> {
  await post("/api/auth/two-factor/disable", { password });
}

export async function regenerateBackupCodes(password: string): Promise<string[]> {
  const { backupCodes } = await post<{ backupCodes: string[] }>(
    "/api/auth/two-factor/generate-backup-codes",
    {
      password,
    },
  );
  return backupCodes;
}

export type Passkey = { id: string; name?: string | null; createdAt: DateValue; deviceType?: string };

export const passkeysQueryKey = ["account", "passkeys"] as const;

export function listPasskeys(): Promise<Passkey[]> {
  return apiFetch<Passkey[]>("/api/auth/passkey/list-user-passkeys");
}

export async function renamePasskey(id: string, name: string): Promise<void> {
  await post("/api/auth/passkey/update-passkey", { id, name });
}

export async function deletePasskey(id: string): Promise<void> {
  await post("/api/auth/passkey/delete-passkey", { id });
}

export const eventsQueryKey = ["account", "events"] as const;

export function listSignInEvents(): Promise<SignInEventPage> {
  return callApi(accountApi.events);
}

/** Deletes the account and everything it holds; the password is absent for accounts without one. */
export async function deleteAccount(form: { password?: string; confirmation: string }): Promise<void> {
  await callApi(accountApi.deleteAccount, { body: form });
}

/** Asks the server to count this session as having just confirmed its password (five minutes). */
export function confirmPassword(password: string): Promise<PasswordConfirmation> {
  return callApi(accountApi.confirmPassword, { body: { password } });
}

/** The export's address: the whole file as a ZIP, streamed by the browser's own download. */
export function exportUrl(secrets: boolean): string {
  return operationUrl(portabilityApi.export, secrets ? { query: { secrets: "true" } } : {});
}

/** Restores an export's ZIP into the account's (empty) file; answers how many of each came in. */
export function importFile(file: File): Promise<ImportSummary> {
  const form = new FormData();
  form.append("file", file);
  return callApi(portabilityApi.import, { form });
}
