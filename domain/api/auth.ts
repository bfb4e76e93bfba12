import type { authTypes } from "./auth.types.ts";
import { defineOperations } from "./contract.ts";

/**
 * Identity, served by better-auth at /api/auth: the endpoints the app calls, each declared, and
 * the rest under one catch-all that answers better-auth's JSON or redirects. All are "anonymous"
 * to the access rules: better-auth checks the session of those that need one itself.
 */
export const authApi = defineOperations<typeof authTypes>()({
  signInEmail: { method: "POST", path: "/api/auth/sign-in/email", access: "anonymous" },
  signUpEmail: { method: "POST", path: "/api/auth/sign-up/email", access: "anonymous" },
  requestPasswordReset: { method: "POST", path: "/api/auth/request-password-reset", access: "anonymous" },
  sendVerificationEmail: { method: "POST", path: "/api/auth/send-verification-email", access: "anonymous" },
  verifyTotp: { method: "POST", path: "/api/auth/two-factor/verify-totp", access: "anonymous" },
  verifyBackupCode: { method: "POST", path: "/api/auth/two-factor/verify-backup-code", access: "anonymous" },
  verifyOtp: { method: "POST", path: "/api/auth/two-factor/verify-otp", access: "anonymous" },
  unlockSignIn: { method: "POST", path: "/api/auth/unlock-sign-in", access: "anonymous" },
  resetPassword: { method: "POST", path: "/api/auth/reset-password", access: "anonymous" },
  signInSocial: { method: "POST", path: "/api/auth/sign-in/social", access: "anonymous" },
  signOut: { method: "POST", path: "/api/auth/sign-out", access: "anonymous" },
  verifyEmail: { method: "GET", path: "/api/auth/verify-email", access: "anonymous", redirects: true },
  getSession: { method: "GET", path: "/api/auth/get-session", access: "anonymous" },
  listSessions: { method: "GET", path: "/api/auth/list-sessions", access: "anonymous" },
  revokeSession: { method: "POST", path: "/api/auth/revoke-session", access: "anonymous" },
  revokeOtherSessions: { method: "POST", path: "/api/auth/revoke-other-sessions", access: "anonymous" },
  changeEmail: { method: "POST", path: "/api/auth/change-email", access: "anonymous" },
  changePassword: { method: "POST", path: "/api/auth/change-password", access: "anonymous" },
  enableTwoFactor: { method: "POST", path: "/api/auth/two-factor/enable", access: "anonymous" },
  disableTwoFactor: { method: "POST", path: "/api/auth/two-factor/disable", access: "anonymous" },
  generateBackupCodes: {
    method: "POST",
    path: "/api/auth/two-factor/generate-backup-codes",
    access: "anonymous",
  },
  listPasskeys: { method: "GET", path: "/api/auth/passkey/list-user-passkeys", access: "anonymous" },
  updatePasskey: { method: "POST", path: "/api/auth/passkey/update-passkey", access: "anonymous" },
  deletePasskey: { method: "POST", path: "/api/auth/passkey/delete-passkey", access: "anonymous" },
  providerCallback: {
    method: "GET",
    path: "/api/auth/oauth2/callback/:providerId",
    access: "anonymous",
    status: 302,
  },
  resetPasswordLink: {
    method: "GET",
    path: "/api/auth/reset-password/:token",
    access: "anonymous",
    status: 302,
  },
  otherRead: { method: "GET", path: "/api/auth/*", access: "anonymous", redirects: true },
  otherWrite: { method: "POST", path: "/api/auth/*", access: "anonymous", redirects: true },
});
