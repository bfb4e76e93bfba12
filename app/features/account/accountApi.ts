import { accountApi } from "../../../domain/api/account.ts";
import { authApi } from "../../../domain/api/auth.ts";
import type { AnswerOf } from "../../../domain/api/contract.ts";
import { portabilityApi } from "../../../domain/api/portability.ts";
import type { Language } from "../../../domain/catalog/languages.ts";
import type { Accent, ThemeMode } from "../../../domain/catalog/themes.ts";
import type { Account, PasswordConfirmation, SignInEventPage } from "../../../domain/schemas/account.ts";
import type { ImportSummary } from "../../../domain/schemas/file-export.ts";
import { callApi, operationUrl } from "../../api/client.ts";

/** The calls of My Account: ours under /api/account, better-auth's under /api/auth. */

/** Where the email-change link brings the reader back to. */
const MY_ACCOUNT_RETURN_PATH = "/dashboard/manage-account";

export type AccountChanges = { name?: string; lang?: Language; themeColor?: Accent; themeMode?: ThemeMode };

export function saveAccount(changes: AccountChanges): Promise<Account> {
  return callApi(accountApi.save, { body: changes });
}

export async function requestEmailChange(newEmail: string): Promise<void> {
  await callApi(authApi.changeEmail, { body: { newEmail, callbackURL: MY_ACCOUNT_RETURN_PATH } });
}

export async function changePassword(form: {
  currentPassword: string;
  newPassword: string;
  revokeOtherSessions: boolean;
}): Promise<void> {
  await callApi(authApi.changePassword, { body: form });
}

/** better-auth sends dates as ISO strings; our API as epoch ms. */
export type DateValue = string | number;

/** One signed-in session, as better-auth lists them. */
export type SignedInSession = AnswerOf<typeof authApi.listSessions>[number];

export const sessionsQueryKey = ["account", "sessions"] as const;

export function listSessions(): Promise<SignedInSession[]> {
  return callApi(authApi.listSessions);
}

/** The token of this browser's own session, to mark "this device". */
export async function currentSessionToken(): Promise<string | null> {
  const answer = await callApi(authApi.getSession);
  return answer?.session.token ?? null;
}

export const currentSessionQueryKey = ["account", "current-session"] as const;

export async function revokeSession(token: string): Promise<void> {
  await callApi(authApi.revokeSession, { body: { token } });
}

export async function revokeOtherSessions(): Promise<void> {
  await callApi(authApi.revokeOtherSessions, { body: {} });
}

/** POST /two-factor/enable: the authenticator URI (with the secret) and the backup codes. */
export type TwoFactorSetup = AnswerOf<typeof authApi.enableTwoFactor>;

export function startTwoFactor(password: string): Promise<TwoFactorSetup> {
  return callApi(authApi.enableTwoFactor, { body: { password } });
}

/** Confirms the authenticator: two-factor is on from this call. */
export async function confirmTwoFactor(code: string): Promise<void> {
  await callApi(authApi.verifyTotp, { body: { code } });
}

export async function disableTwoFactor(password: string): Promise<void> {
  await callApi(authApi.disableTwoFactor, { body: { password } });
}

export async function regenerateBackupCodes(password: string): Promise<string[]> {
  const { backupCodes } = await callApi(authApi.generateBackupCodes, { body: { password } });
  return backupCodes;
}

export type Passkey = AnswerOf<typeof authApi.listPasskeys>[number];

export const passkeysQueryKey = ["account", "passkeys"] as const;

export function listPasskeys(): Promise<Passkey[]> {
  return callApi(authApi.listPasskeys);
}

export async function renamePasskey(id: string, name: string): Promise<void> {
  await callApi(authApi.updatePasskey, { body: { id, name } });
}

export async function deletePasskey(id: string): Promise<void> {
  await callApi(authApi.deletePasskey, { body: { id } });
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
