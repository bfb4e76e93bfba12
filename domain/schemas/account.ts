import type { Language } from "../catalog/languages.ts";
import type { Accent, ThemeMode } from "../catalog/themes.ts";

/** The signed-in account as GET /api/account/account answers it (spec section 3, plus our fields). */
export type Account = {
  id: string;
  name: string;
  /** The spec's login: the sign-in email address. */
  login: string;
  email: string;
  emailVerified: boolean;
  lang: Language;
  /** The theme's accent colour (an old single-choice theme is read as its two choices). */
  themeColor: Accent;
  themeMode: ThemeMode;
  /** The spec's role names: "subscriber", "b2b", "admin"... */
  roles: string[];
  showSplashScreen: boolean;
  showMobileSplashScreen: boolean;
  twoFactorEnabled: boolean;
  hasPassword: boolean;
  /** "credential" for a password, "oidc" for the organization's provider. */
  providers: string[];
  createdAt: number;
};

/** What an account's security log records (the server's sign_in_event.kind). */
export const SIGN_IN_EVENT_KINDS = [
  "sign_in",
  "sign_in_failed",
  "sign_out",
  "password_reset",
  "two_factor_enabled",
  "two_factor_disabled",
  "passkey_added",
] as const;
export type SignInEventKind = (typeof SIGN_IN_EVENT_KINDS)[number];

/** A kind this build knows how to name (a newer server may log kinds an older app has not met). */
export function isSignInEventKind(value: string): value is SignInEventKind {
  return (SIGN_IN_EVENT_KINDS as readonly string[]).includes(value);
}

/** One entry of GET /api/account/events, newest first. */
export type SignInEventItem = {
  id: string;
  kind: SignInEventKind;
  ip: string | null;
  /** "Firefox on Linux", read from the user agent; null when it says nothing useful. */
  device: string | null;
  userAgent: string | null;
  /** Epoch ms. */
  createdAt: number;
};

/** GET /api/account/events: one page of the account's security log. */
export type SignInEventPage = { items: SignInEventItem[]; page: number; size: number; total: number };

/** What POST /api/account/confirm-password answers: until when (epoch ms) the session counts as confirmed. */
export type PasswordConfirmation = { confirmedUntil: number };
