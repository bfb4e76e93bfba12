import { parseArgs } from "node:util";
import { type AuthServices, createAuth } from "./auth/better-auth.ts";
import { createVerifiedUser, disableUser, enableUser, UserAdminError } from "./auth/user-admin.ts";
import { type BackupManifest, KEYS_WARNING } from "./backup/archive-layout.ts";
import { BackupError, createBackup } from "./backup/backup.ts";
import { restoreBackup } from "./backup/restore.ts";
import { type Config, loadConfig } from "./config.ts";
import { rotateMasterKey } from "./crypto/rotate-master-key.ts";
import { type Database, openDatabase } from "./db/database.ts";
import { migrateToLatest } from "./db/migrate.ts";
import { createJobRunner } from "./jobs/runner.ts";
import type { MailJobs } from "./mail/delivery.ts";
import { createMailOutbox } from "./mail/outbox.ts";
import { describeStartupError, ensureDataDir } from "./startup.ts";

type Command = { summary: string; run(args: string[]): Promise<void> };

/** A mistake in the command line: printed as one line, exit code 2. */
class UsageError extends Error {
  override name = "UsageError";
}

const STDERR_LOGGER = {
  warn: (message: string) => process.stderr.write(`kinfile: warning: ${message}\n`),
  error: (_object: object, message: string) => process.stderr.write(`kinfile: ${message}\n`),
};

/**
 * Runs work against the configured database, closed afterwards. DATA_DIR is first made and checked
 * writable, as the server does, unless `createDataDir` is false (a backup reads the one there is).
 */
async function withDatabase(
  work: (database: Database, config: Config) => Promise<void>,
  { createDataDir = true } = {},
): Promise<void> {
  const config = loadConfig(process.env);
  if (createDataDir) ensureDataDir(config.dataDir);
  const database = await openDatabase({ dataDir: config.dataDir, databaseUrl: config.databaseUrl });
  try {
    await work(database, config);
  } finally {
    await database.close();
  }
}

/**
 * Runs work against the migrated database with identity set up. Mail the work queues (none for these
 * commands) waits in the outbox for the server's job runner.
 */
async function withIdentity(work: (services: AuthServices) => Promise<void>): Promise<void> {
  await withDatabase(async (database, config) => {
    await migrateToLatest(database);
    const jobs = createJobRunner<MailJobs>({ database, handlers: { "mail.deliver": async () => {} } });
    const services = createAuth({
      config,
      database,
      mail: createMailOutbox({ database, jobs }),
      logger: STDERR_LOGGER,
    });
    try {
      await work(services);
    } finally {
      // The running servers hear of the sessions this command ended before its connections close.
      await services.sessions.close();
      await services.changes.close();
    }
  });
}

/** What a backup archive holds, as the backup and the restore report it. */
function archiveContents(manifest: BackupManifest): string {
  const what = manifest.database === "sqlite" ? "the SQLite database and " : "";
  return `${what}${manifest.blobs} stored files`;
}

function options<const Names extends string>(
  args: string[],
  strings: readonly Names[],
  flags: readonly string[] = [],
) {
  try {
    const { values } = parseArgs({
      args,
      options: Object.fromEntries([
        ...strings.map((name) => [name, { type: "string" as const }]),
        ...flags.map((name) => [name, { type: "boolean" as const }]),
      ]),
      strict: true,
      allowPositionals: false,
    });
    return values as Partial<Record<Names, string>> & Record<string, string | boolean | undefined>;
  } catch (error) {
    throw new UsageError((error as Error).message);
  }
}

function required(value: string | undefined, flag: string): string {
  if (value === undefined || value === "") throw new UsageError(`${flag} is required.`);
  return value;
}

const COMMANDS: Record<string, Command> = {
  migrate: {
    summary: "apply the database migrations not yet applied (the server also does this at start)",
    async run() {
      await withDatabase(async (database) => {
        const applied = await migrateToLatest(database);
        process.stdout.write(
          applied.length === 0 ? "The database is up to date.\n" : `Applied ${applied.join(", ")}.\n`,
        );
      });
    },
  },
  "user:create": {
    summary:
      "--email E --password P [--name N] [--admin]: create an account with a verified email (--admin: a platform admin)",
    async run(args) {
      const values = options(args, ["email", "password", "name"], ["admin"]);
      const email = required(values.email, "--email");
      const password = required(values.password, "--password");
      await withIdentity(async (services) => {
        const user = await createVerifiedUser(services, {
          email,
          password,
          ...(values.name === undefined ? {} : { name: values.name }),
          admin: values.admin === true,
        });
        process.stdout.write(`Created ${values.admin === true ? "admin " : ""}account ${user.email}.\n`);
      });
    },
  },
  "user:disable": {
    summary: "--email E: disable an account and end its sessions",
    async run(args) {
      const email = required(options(args, ["email"]).email, "--email");
      await withIdentity(async (services) => {
        await disableUser(services, email);
        process.stdout.write(`Disabled ${email.trim().toLowerCase()}; its sessions are ended.\n`);
      });
    },
  },
  "user:enable": {
    summary: "--email E: enable a disabled account again",
    async run(args) {
      const email = required(options(args, ["email"]).email, "--email");
      await withIdentity(async (services) => {
        await enableUser(services, email);
        process.stdout.write(`Enabled ${email.trim().toLowerCase()}.\n`);
      });
    },
  },
  "rotate-keys": {
    summary:
      "re-wrap every account's data key under a new master key (NEW_KINFILE_MASTER_KEY, or one generated into DATA_DIR/master-key.new) while the server runs",
    async run() {
      await withDatabase(async (database, config) => {
        await migrateToLatest(database);
        const result = await rotateMasterKey({
          config,
          db: database.db,
          logger: STDERR_LOGGER,
          onBatch: (count) => process.stderr.write(`kinfile: re-wrapped ${count} data keys so far\n`),
        });
        process.stdout.write(
          `Re-wrapped ${result.rewrapped} data keys under master key ${result.newKeyId}.\n`,
        );
        process.stdout.write(
          result.promoted
            ? `${result.newKeySource} now holds the new master key: back it up now. The old one stays readable in ${result.newKeySource}.previous until you delete it (keep it while you keep backups made before today).\n`
            : `Now set KINFILE_MASTER_KEY to the new key (from ${result.newKeySource}) on every server, unset NEW_KINFILE_MASTER_KEY, and restart them one at a time.\n`,
        );
      });
    },
  },
  backup: {
    summary:
      "--to FILE [--keys-to KEYFILE]: the SQLite database (copied online) and the stored files into one archive; the master key and session secret only into KEYFILE, to keep apart (PostgreSQL: the files; dump the database with pg_dump, see the README)",
    async run(args) {
      const values = options(args, ["to", "keys-to"]);
      const to = required(values.to, "--to");
      const keysTo = values["keys-to"];
      await withDatabase(
        async (database, config) => {
          const { manifest } = await createBackup({
            config,
            database,
            to,
            ...(keysTo === undefined ? {} : { keysTo }),
          });
          process.stdout.write(`Backed up ${archiveContents(manifest)} to ${to}.\n`);
          if (manifest.database === "postgres")
            process.stdout.write(
              'The PostgreSQL database is not in it: run pg_dump --format=custom --file=kinfile.pgdump "$DATABASE_URL" now, and keep the dump with the archive.\n',
            );
          if (keysTo === undefined) process.stderr.write(`kinfile: warning: ${KEYS_WARNING}\n`);
          else
            process.stdout.write(
              `The keys are in ${keysTo}: keep it apart from the backup and safe; without it the backup cannot be read, and whoever holds both can read everything.\n`,
            );
        },
        { createDataDir: false },
      );
    },
  },
  restore: {
    summary:
      "--from FILE [--keys-from KEYFILE]: a backup into an empty DATA_DIR (PostgreSQL: the files; restore the database with pg_restore, see the README)",
    async run(args) {
      const values = options(args, ["from", "keys-from"]);
      const from = required(values.from, "--from");
      const keysFrom = values["keys-from"];
      const config = loadConfig(process.env);
      const { manifest } = await restoreBackup({
        from,
        dataDir: config.dataDir,
        ...(keysFrom === undefined ? {} : { keysFrom }),
      });
      process.stdout.write(`Restored ${archiveContents(manifest)} into ${config.dataDir}.\n`);
      if (manifest.database === "postgres")
        process.stdout.write(
          'Now restore the database into an empty one: pg_restore --no-owner --dbname="$DATABASE_URL" kinfile.pgdump\n',
        );
      if (keysFrom === undefined)
        process.stdout.write(
          `Now put the master key back: DATA_DIR/master-key (from the keys file) or KINFILE_MASTER_KEY. The server refuses to start without the key this data was encrypted with.\n`,
        );
    },
  },
  help: {
    summary: "show this help",
    async run() {
      process.stdout.write(usage());
    },
  },
};

function usage(): string {
  const width = Math.max(...Object.keys(COMMANDS).map((name) => name.length));
  const lines = Object.entries(COMMANDS).map(
    ([name, command]) => `  ${name.padEnd(width)}  ${command.summary}`,
  );
  return [
    "Usage: npm run kinfile -- <command>",
    "",
    "Commands:",
    ...lines,
    "",
    "Settings come from the same environment variables as the server (DATA_DIR, DATABASE_URL, ...).",
    "",
  ].join("\n");
}

async function main(argv: string[]): Promise<number> {
  const [name = "help", ...args] = argv;
  const command = COMMANDS[name];
  if (command === undefined) {
    process.stderr.write(`kinfile: unknown command "${name}"\n\n${usage()}`);
    return 2;
  }
  try {
    await command.run(args);
    return 0;
  } catch (error) {
    if (error instanceof UsageError) {
      process.stderr.write(`kinfile ${name}: ${error.message}\n`);
      return 2;
    }
    if (error instanceof UserAdminError || error instanceof BackupError) {
      process.stderr.write(`kinfile ${name}: ${error.message}\n`);
      return 1;
    }
    process.stderr.write(`kinfile: ${describeStartupError(error)}\n`);
    return 1;
  }
}

process.exitCode = await main(process.argv.slice(2));
