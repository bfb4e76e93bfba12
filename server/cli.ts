import { loadConfig } from "./config.ts";
import { openDatabase } from "./db/database.ts";
import { migrateToLatest } from "./db/migrate.ts";
import { describeStartupError, ensureDataDir } from "./startup.ts";

type Command = { summary: string; run(args: string[]): Promise<void> };

const COMMANDS: Record<string, Command> = {
  migrate: {
    summary: "apply the database migrations not yet applied (the server also does this at start)",
    async run() {
      const config = loadConfig(process.env);
      ensureDataDir(config.dataDir);
      const database = await openDatabase({ dataDir: config.dataDir, databaseUrl: config.databaseUrl });
      try {
        const applied = await migrateToLatest(database);
        process.stdout.write(
          applied.length === 0 ? "The database is up to date.\n" : `Applied ${applied.join(", ")}.\n`,
        );
      } finally {
        await database.close();
      }
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
    process.stderr.write(`kinfile: ${describeStartupError(error)}\n`);
    return 1;
  }
}

process.exitCode = await main(process.argv.slice(2));
