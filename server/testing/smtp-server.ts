import type { AddressInfo } from "node:net";
import { SMTPServer } from "smtp-server";

/**
 * The mail server outage every delivery test rides out: an hour, in simulated time (the job
 * runner's clock), so the retries span their real schedule without the test waiting for it.
 */
export const SMTP_OUTAGE_MS = 60 * 60_000;

export type SmtpTestServer = {
  url: string;
  port: number;
  received: Buffer[];
  users: string[];
  close(): Promise<void>;
};

/**
 * A real SMTP server on a local port (a free one, or `port` to come back where a stopped one was)
 * that keeps what it accepts.
 */
export async function startSmtpServer(
  options: { login?: [string, string]; failFirstData?: boolean; port?: number } = {},
) {
  const received: Buffer[] = [];
  const users: string[] = [];
  let dataCommands = 0;
  const server = new SMTPServer({
    disabledCommands: options.login ? ["STARTTLS"] : ["STARTTLS", "AUTH"],
    authOptional: options.login === undefined,
    allowInsecureAuth: true,
    logger: false,
    onAuth(auth, _session, callback) {
      const [user, password] = options.login ?? [];
      if (auth.username === user && auth.password === password) {
        users.push(auth.username ?? "");
        callback(null, { user: auth.username });
      } else {
        callback(new Error("invalid credentials"));
      }
    },
    onData(stream, _session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (chunk: Buffer) => chunks.push(chunk));
      stream.on("end", () => {
        dataCommands += 1;
        if (options.failFirstData && dataCommands === 1) {
          callback(Object.assign(new Error("mailbox busy, try again later"), { responseCode: 451 }));
          return;
        }
        received.push(Buffer.concat(chunks));
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, "127.0.0.1", resolve));
  const { port } = server.server.address() as AddressInfo;
  const credentials = options.login ? `${options.login.map(encodeURIComponent).join(":")}@` : "";
  return {
    url: `smtp://${credentials}127.0.0.1:${port}`,
    port,
    received,
    users,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  } satisfies SmtpTestServer;
}
