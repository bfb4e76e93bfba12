import type { Identity } from "../auth/access.ts";
import type { AuthServices } from "../auth/better-auth.ts";
import type { Config } from "../config.ts";
import type { MasterKeyring } from "../crypto/master-keys.ts";
import type { Database } from "../db/database.ts";
import type { JobQueue } from "../jobs/runner.ts";
import type { MailOutbox } from "../mail/outbox.ts";
import type { AccountEraser } from "../modules/account/account-deletion.ts";
import type { CompanyJobs } from "../modules/companies/service.ts";
import type { ReminderJobs } from "../modules/reminders/schedule.ts";
import type { SharingJobs } from "../modules/sharing/schedule.ts";
import type { BillingJobs } from "../modules/subscriptions/renewal.ts";

export type BuildAppOptions = {
  config: Config;
  database: Database;
  /** false for silence (tests), an object for pino options; by default the config's log level. */
  logger?: boolean | object;
  /**
   * Accounts and sessions (server/auth/better-auth.ts createAuth): mounts /api/auth/* and the account
   * API, and resolves request.actor from the session cookie. Without it every caller is anonymous.
   */
  auth?: AuthServices;
  /** Overrides how requests prove who they are (tests of other modules pass a stand-in). */
  identity?: Identity;
  /** The master keys wrapping each account's data key; by default KINFILE_MASTER_KEY or DATA_DIR/master-key. */
  masterKeys?: MasterKeyring;
  /** Where saved records schedule their expiry reminder mail; without it none is scheduled. */
  reminderJobs?: JobQueue<ReminderJobs>;
  /**
   * Where the nominee lifecycle writes its mail and schedules its jobs (server/modules/sharing);
   * with auth, it mounts Shared by me and Shared with me. Without it only the shared reads are.
   */
  sharing?: { mail: MailOutbox; jobs: JobQueue<SharingJobs> };
  /**
   * Where subscriptions write their mails and schedule renewal reminders; with auth, it mounts
   * `/api/sbs/*`, the donation calls and the admin billing calls (server/modules/subscriptions).
   */
  billing?: { mail: MailOutbox; jobs: JobQueue<BillingJobs & CompanyJobs> };
  /** Epoch ms: the one clock of every time-dependent answer and job (reminders, sharing); tests move it. */
  clock: () => number;
  /**
   * How this app deletes an account; the app adds every module's part as it mounts it. main.ts
   * passes the one its purge job uses; by default a new one.
   */
  eraser?: AccountEraser;
};
