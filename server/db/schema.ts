import type { Generated } from "kysely";

/**
 * The tables Kysely knows, one interface per table, added by the issue that creates the table in a
 * migration. app_meta is left out on purpose: only migrations touch it.
 */
export type DB = {
  job: JobTable;
  mail_outbox: MailOutboxTable;
  sign_in_event: SignInEventTable;
  user: AuthUserTable;
  session: AuthSessionTable;
  account: AuthAccountTable;
  passkey: AuthPasskeyTable;
  twoFactor: AuthTwoFactorTable;
  verification: AuthVerificationTable;
};

/** A durable job (server/jobs). Times are epoch milliseconds. */
export interface JobTable {
  id: string;
  kind: string;
  /** JSON. */
  payload: string;
  run_at: number;
  attempts: Generated<number>;
  max_attempts: number;
  locked_by: string | null;
  locked_until: number | null;
  last_error: string | null;
  done_at: number | null;
  failed_at: number | null;
  created_at: number;
  unique_key: string | null;
}

export type MailStatus = "queued" | "sent" | "failed";

/** A rendered email waiting for, or done with, delivery (server/mail). */
export interface MailOutboxTable {
  id: string;
  to_address: string;
  subject: string;
  text_body: string;
  html_body: string;
  /** JSON object of extra headers, such as List-Unsubscribe. */
  headers: string;
  lng: string;
  template: string;
  status: MailStatus;
  attempts: Generated<number>;
  last_error: string | null;
  created_at: number;
  sent_at: number | null;
}

export type SignInEventKind =
  | "sign_in"
  | "sign_in_failed"
  | "sign_out"
  | "password_reset"
  | "two_factor_enabled"
  | "two_factor_disabled"
  | "passkey_added";

/** One entry of an account's security log (server/auth/sign-in-events.ts). */
export interface SignInEventTable {
  id: string;
  user_id: string | null;
  /** HMAC of the lowercased email, so failed attempts group without storing the address. */
  email_hash: string | null;
  kind: SignInEventKind;
  ip: string | null;
  user_agent: string | null;
  created_at: number;
}

/*
 * better-auth's tables, created by its own migrations (server/auth/auth-schema.ts) with its
 * camelCase columns. On SQLite it stores dates as ISO text and booleans as 0/1; on PostgreSQL as
 * timestamptz and boolean: read them with authDate / authBoolean (server/auth/auth-values.ts).
 * Write through better-auth's internal adapter where it can, so its hooks run.
 */
type AuthDate = string | Date;
type AuthBoolean = number | boolean;

export interface AuthUserTable {
  id: string;
  name: string;
  email: string;
  emailVerified: AuthBoolean;
  image: string | null;
  createdAt: AuthDate;
  updatedAt: AuthDate;
  twoFactorEnabled: AuthBoolean | null;
  role: string | null;
  banned: AuthBoolean | null;
  banReason: string | null;
  banExpires: AuthDate | null;
  lang: string | null;
  themeColor: string | null;
  showSplashScreen: AuthBoolean | null;
  showMobileSplashScreen: AuthBoolean | null;
  emailNotifications: AuthBoolean | null;
}

export interface AuthSessionTable {
  id: string;
  token: string;
  userId: string;
  expiresAt: AuthDate;
  createdAt: AuthDate;
  updatedAt: AuthDate;
  ipAddress: string | null;
  userAgent: string | null;
  impersonatedBy: string | null;
}

export interface AuthAccountTable {
  id: string;
  accountId: string;
  providerId: string;
  userId: string;
  idToken: string | null;
  password: string | null;
  createdAt: AuthDate;
  updatedAt: AuthDate;
}

export interface AuthPasskeyTable {
  id: string;
  name: string | null;
  publicKey: string;
  userId: string;
  credentialID: string;
  counter: number;
  deviceType: string;
  backedUp: AuthBoolean;
  transports: string | null;
  createdAt: AuthDate | null;
  aaguid: string | null;
}

export interface AuthTwoFactorTable {
  id: string;
  secret: string;
  backupCodes: string;
  userId: string;
  verified: AuthBoolean | null;
}

export interface AuthVerificationTable {
  id: string;
  identifier: string;
  value: string;
  expiresAt: AuthDate;
}
