import type { ColumnType, Generated } from "kysely";
import type { ReleaseTiming } from "../../domain/catalog/releaseTimings.ts";
import type { SignInEventKind } from "../../domain/schemas/account.ts";
import type { CommentSubjectKind } from "../../domain/schemas/comment.ts";
import type { NomineeStatus } from "../../domain/schemas/share.ts";
import type {
  CodeKind,
  PlanInterval,
  SubscriptionProvider,
  SubscriptionStatus,
} from "../../domain/schemas/subscription.ts";

/**
 * The tables Kysely knows, one interface per table, written with the migration that creates the
 * table. app_meta is left out on purpose: only migrations touch it. schema.test.ts compares this
 * with the migrated database on both databases (tables, columns, nullability).
 */
export type DB = {
  job: JobTable;
  mail_outbox: MailOutboxTable;
  sign_in_event: SignInEventTable;
  account_key: AccountKeyTable;
  address: AddressTable;
  institution: InstitutionTable;
  person: PersonTable;
  person_link: PersonLinkTable;
  document: DocumentTable;
  blob_chunk: BlobChunkTable;
  record: RecordTable;
  comment: CommentTable;
  activity: ActivityTable;
  nominee: NomineeTable;
  product: ProductTable;
  billing_customer: BillingCustomerTable;
  subscription: SubscriptionTable;
  billing_code: BillingCodeTable;
  code_redemption: CodeRedemptionTable;
  code_attempt: CodeAttemptTable;
  provider_event: ProviderEventTable;
  invoice: InvoiceTable;
  entitlement: EntitlementTable;
  charity: CharityTable;
  donation_choice: DonationChoiceTable;
  audit_entry: AuditEntryTable;
  company: CompanyTable;
  company_member: CompanyMemberTable;
  account_comment: AccountCommentTable;
  spent_link: SpentLinkTable;
  rate_limit: RateLimitTable;
  import_run: ImportRunTable;
  search_term: SearchTermTable;
  password_confirmation: PasswordConfirmationTable;
  not_applicable: NotApplicableTable;
  collaborator: CollaboratorTable;
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
  /** What the job is about, for deletePendingJobsOf (server/jobs/queue.ts). */
  subject: string | null;
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
  /** Epoch ms until which one worker's send holds the mail (server/mail/delivery.ts); null when none does. */
  sending_until: number | null;
}

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

/** An account's data key wrapped under the master key named by key_version (server/crypto). */
export interface AccountKeyTable {
  user_id: string;
  wrapped_key: Uint8Array;
  key_version: string;
  created_at: number;
}

/** A saved address of the address picker (server/modules/addresses). Empty text is null. */
export interface AddressTable {
  id: string;
  owner_id: string;
  /** The nickname, as typed. */
  name: string;
  /** The nickname trimmed and lower-cased: unique per owner. */
  name_key: string;
  address_line1: string | null;
  address_line2: string | null;
  main_intersection: string | null;
  city: string | null;
  state: string | null;
  province: string | null;
  county: string | null;
  /** ISO 3166-1 alpha-2. */
  country: string | null;
  zip: string | null;
  created_at: number;
  updated_at: number;
  /** Raised by every save: the ETag a save's If-Match must name. */
  version: number;
  /** The account that saved it last (null for rows saved before it was kept). */
  updated_by: string | null;
}

/** A company or institution (server/modules/institutions). */
export interface InstitutionTable {
  id: string;
  owner_id: string;
  name: string;
  website: string | null;
  /** JSON array of normalised phones { code, number, type }. */
  phones: string;
  /** JSON array of email addresses. */
  emails: string;
  address_id: string | null;
  created_at: number;
  updated_at: number;
  /** Raised by every save: the ETag a save's If-Match must name. */
  version: number;
  /** The account that saved it last (null for rows saved before it was kept). */
  updated_by: string | null;
}

/** A person of the personal network (server/modules/persons). */
export interface PersonTable {
  id: string;
  owner_id: string;
  person_group: string;
  type: string | null;
  first_name: string;
  last_name: string | null;
  /** Epoch ms. */
  birthday: number | null;
  home_address_id: string | null;
  mailing_address_id: string | null;
  business_address_id: string | null;
  company_id: string | null;
  /** JSON: the rest of the person record (server/modules/persons/presenter.ts). */
  data: string;
  /** AES-256-GCM under the owner's data key (server/crypto). */
  social_number_enc: Uint8Array | null;
  photo_enc: Uint8Array | null;
  photo_thumb_enc: Uint8Array | null;
  created_at: number;
  updated_at: number;
  /** Raised by every save: the ETag a save's If-Match must name. */
  version: number;
  /** The account that saved it last (null for rows saved before it was kept). */
  updated_by: string | null;
}

export type PersonLinkKind = "ice" | "kin";

/** One emergency contact (ice) or next of kin (kin) of a person, in order. */
export interface PersonLinkTable {
  person_id: string;
  kind: PersonLinkKind;
  position: number;
  linked_person_id: string;
}

/** A document of the library or attached to a record (server/modules/documents); its file is a blob. */
export interface DocumentTable {
  id: string;
  owner_id: string;
  module: string;
  type: string;
  /**
   * The free text about a document, AES-256-GCM under the owner's data key, each bound to its
   * owner, document and field (server/modules/documents/metadata.ts).
   */
  file_name_enc: Uint8Array | null;
  description_enc: Uint8Array | null;
  last_name_enc: Uint8Array | null;
  /**
   * The same in clear, in rows saved before migration 0009 only: read when the encrypted column is
   * empty, emptied by the start-up job (documents/metadata-backfill.ts), never written otherwise.
   */
  file_name: string | null;
  description: string | null;
  last_name: string | null;
  /** Sniffed from the content at upload, never taken from the client. */
  content_type: string | null;
  /** The file's size in bytes (before encryption). */
  size: number | null;
  /** The encrypted file in the blob store (server/storage); null until a file is uploaded. */
  blob_id: string | null;
  assigned_module: string | null;
  assigned_type: string | null;
  assigned_custom_position: string | null;
  /** The record this document is attached to. */
  assigned_document: string | null;
  /**
   * Epoch ms of its upload from a record's form while that record is unsaved: listed nowhere until
   * the record's save links it (and empties this), deleted if the form is left or by the sweep.
   */
  pending_since: number | null;
  created_at: number;
  updated_at: number;
}

/** One piece of an encrypted blob (server/storage/database-blob-store.ts, BLOB_STORE=database). */
export interface BlobChunkTable {
  blob_id: string;
  owner_id: string;
  seq: number;
  bytes: Uint8Array;
  /** Epoch ms of the write (of the swap, once staged rows become the blob); null before migration 0015. */
  written_at: number | null;
}

/** A record of one category (server/modules/records): the body is one encrypted JSON document. */
export interface RecordTable {
  id: string;
  owner_id: string;
  module: string;
  category: string;
  /** AES-256-GCM of the body's JSON under the owner's data key (server/crypto). */
  body_enc: Uint8Array;
  /** The earliest `date R` value of the body, epoch ms. */
  reminder_date: number | null;
  created_at: number;
  updated_at: number;
  /** Raised by every save: the record's ETag, which a save's If-Match must name. */
  version: number;
  /** The account that saved it last (null for records saved before it was kept). */
  updated_by: string | null;
}

/** A comment on one of an owner's records or persons (server/modules/comments). */
export interface CommentTable {
  id: string;
  /** The file's owner: their data key encrypts the notes. */
  owner_id: string;
  author_id: string;
  subject_kind: CommentSubjectKind;
  subject_id: string;
  notes_enc: Uint8Array;
  created_at: number;
  updated_at: number;
}

export type ActivityKind = "reveal" | "copy" | "view" | "download" | "export" | "save" | "delete";

/** One entry of an account's activity log (server/modules/activity). */
export interface ActivityTable {
  id: string;
  owner_id: string;
  actor_id: string;
  kind: ActivityKind;
  subject_kind: string;
  subject_id: string;
  category: string | null;
  field: string | null;
  /** The nominee whose view, reveal or download this was; null for the owner's own. */
  nominee_id: string | null;
  created_at: number;
}

/** A person an owner shares parts of the file with (server/modules/sharing, domain/schemas/share.ts). */
export interface NomineeTable {
  id: string;
  owner_id: string;
  person_id: string | null;
  first_name: string;
  last_name: string;
  /** Lower-cased. */
  email: string;
  /** The nominee's account, once accepted. */
  user_id: string | null;
  /** JSON of ShareScope. */
  scope: string;
  release: ReleaseTiming;
  /** Stored statuses: NomineeStatus without "expired", which is computed. */
  status: Exclude<NomineeStatus, "expired">;
  invited_at: number;
  accepted_at: number | null;
  request_id: string | null;
  requested_at: number | null;
  release_at: number | null;
  released_at: number | null;
  access_ends_at: number | null;
  opened_at: number | null;
  /** When the owner last took access away (revoke, end date); null once they gave it back. */
  revoked_at: number | null;
  created_at: number;
  updated_at: number;
}

/** A plan on sale (server/modules/subscriptions). 0/1 for booleans. */
export interface ProductTable {
  id: string;
  name: string;
  currency: string;
  amount: number;
  interval: PlanInterval;
  is_b2b: number;
  provider_price_id: string | null;
  archived_at: number | null;
  created_at: number;
}

/** An account's customer at the payment provider. */
export interface BillingCustomerTable {
  user_id: string;
  provider_customer_id: string;
  created_at: number;
}

/** A subscription: paid through the provider, or granted by a code. */
export interface SubscriptionTable {
  id: string;
  user_id: string;
  provider: Exclude<SubscriptionProvider, "none">;
  product_id: string | null;
  provider_subscription_id: string | null;
  status: SubscriptionStatus;
  quantity: number;
  current_period_end: number | null;
  cancel_at_period_end: number;
  code_id: string | null;
  provider_event_at: number | null;
  reminded_period_end: number | null;
  /** The price Stripe bills each period (minor units, per seat), its currency and interval; null until Stripe says. */
  price_amount: ColumnType<number | null, number | null | undefined, number | null>;
  price_currency: ColumnType<string | null, string | null | undefined, string | null>;
  price_interval: ColumnType<PlanInterval | null, PlanInterval | null | undefined, PlanInterval | null>;
  created_at: number;
  updated_at: number;
}

/** A discount, eVoucher or unique subscription code, made by an admin. */
export interface BillingCodeTable {
  id: string;
  kind: CodeKind;
  code: string;
  percent_off: number | null;
  amount_off: number | null;
  currency: string | null;
  period_days: number | null;
  expires_at: number | null;
  max_uses: number | null;
  uses: number;
  provider_promotion_id: string | null;
  created_by: string;
  archived_at: number | null;
  created_at: number;
}

export interface CodeRedemptionTable {
  id: string;
  code_id: string;
  user_id: string;
  /** 1 while an activated discount waits for the next subscribe. */
  pending: number;
  created_at: number;
}

export interface CodeAttemptTable {
  id: string;
  key: string;
  created_at: number;
}

/** A provider webhook event already applied (idempotence). */
export interface ProviderEventTable {
  id: string;
  type: string;
  received_at: number;
}

export interface InvoiceTable {
  id: string;
  user_id: string;
  number: string | null;
  amount: number;
  currency: string;
  status: string;
  hosted_invoice_url: string | null;
  created_at: number;
}

/** Until when an account holds the subscriber role (server/auth/roles.ts). */
export interface EntitlementTable {
  user_id: string;
  subscriber_until: number | null;
  /** Until when the account holds the b2b role (an active member of a paid-for company). */
  b2b_until: number | null;
  /** 1 when the account is an admin of its company. */
  company_admin: Generated<number>;
  updated_at: number;
}

export interface CompanyTable {
  id: string;
  name: string;
  email: string;
  website: string | null;
  phones: string;
  address: string | null;
  seat_limit: number | null;
  billing_user_id: string;
  created_at: number;
  updated_at: number;
}

export interface CompanyMemberTable {
  id: string;
  company_id: string;
  user_id: string | null;
  email: string;
  first_name: string;
  last_name: string;
  language: string;
  status: "invited" | "active" | "deactivated";
  is_admin: number;
  code_hash: string | null;
  invited_at: number;
  activated_at: number | null;
  deactivated_at: number | null;
}

export interface CharityTable {
  id: string;
  full_name: string;
  archived_at: number | null;
  created_at: number;
}

export interface DonationChoiceTable {
  user_id: string;
  charity_id: string;
  chosen_at: number;
}

/** What an admin or company admin did (never record contents). */
export interface AuditEntryTable {
  id: string;
  actor_id: string;
  action: string;
  subject_kind: string;
  subject_id: string | null;
  detail: string | null;
  ip: string | null;
  created_at: number;
}

/** An admin's comment on an account (server/modules/admin); only its author edits or deletes it. */
/** A signed link already used (server/auth/spent-links.ts). */
export interface SpentLinkTable {
  /** SHA-256 of the link's token, hex. */
  token_hash: string;
  /** Epoch ms after which the link is refused anyway and the row may go. */
  expires_at: number;
}

/** A record category its owner said "I don't have this" about (server/modules/home). */
/** Migration 0026: people an owner lets work in the file now (domain/schemas/collaborator.ts). */
export interface CollaboratorTable {
  id: string;
  owner_id: string;
  email: string;
  first_name: string;
  last_name: string;
  /** JSON of CollaboratorScope. */
  scope: string;
  rights: string;
  status: string;
  account_id: string | null;
  invited_at: number;
  answered_at: number | null;
  updated_at: number;
}

export interface NotApplicableTable {
  owner_id: string;
  category: string;
  /** Epoch ms. */
  created_at: number;
}

/** A session whose password was just confirmed again (server/auth/fresh-password.ts). */
export interface PasswordConfirmationTable {
  /** SHA-256 of the session's token, hex. */
  token_hash: string;
  user_id: string;
  /** Epoch ms until which the confirmation holds. */
  expires_at: number;
}

/** The import running for an account (server/modules/portability/import-lock.ts). */
export interface ImportRunTable {
  owner_id: string;
  /** Which import holds the row: only it renews or releases it. */
  token: string;
  /** Epoch ms the hold lapses unless renewed (a server that stopped mid-import). */
  lease_ends_at: number;
}

/** One rate-limited key's count in its current window (server/http/rate-limit-store.ts). */
export interface RateLimitTable {
  /** The limit's namespace (its route) and what it counts (an address, an IP). */
  key: string;
  count: number;
  /** Epoch ms the window ends; the count starts again after. */
  window_ends_at: number;
}

/**
 * One word, or a prefix of one, of a searchable field (server/modules/search): a keyed hash under
 * the owner's search key, never the text nor the field.
 */
export interface SearchTermTable {
  owner_id: string;
  /** HMAC-SHA-256 of the normalised word under the owner's search key, base64url, truncated. */
  hash: string;
  subject_kind: string;
  subject_id: string;
}

export interface AccountCommentTable {
  id: string;
  /** The account commented on. */
  user_id: string;
  author_id: string;
  notes: string;
  created_at: number;
  updated_at: number;
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
  themeMode: string | null;
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
  /** An external provider's tokens; Kinfile keeps the id token only (OIDC sign-out). */
  accessToken: string | null;
  refreshToken: string | null;
  idToken: string | null;
  accessTokenExpiresAt: AuthDate | null;
  refreshTokenExpiresAt: AuthDate | null;
  scope: string | null;
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
  /** better-auth's own count of wrong codes, and the lock it sets after too many. */
  failedVerificationCount: number | null;
  lockedUntil: AuthDate | null;
}

export interface AuthVerificationTable {
  id: string;
  identifier: string;
  value: string;
  expiresAt: AuthDate;
  createdAt: AuthDate;
  updatedAt: AuthDate;
}

export type { CommentSubjectKind };
