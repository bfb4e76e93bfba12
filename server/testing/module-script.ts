import { execFile } from "node:child_process";
import { promisify } from "node:util";

/**
 * Runs an ES module's source in a Node process of its own, as a script or a CLI command runs: no
 * handle of the test runner keeps it alive, so a promise that never settles ends it (exit 13) and
 * fails the call, where inside the runner it would pass unseen. Answers what it printed.
 */
export async function runModuleScript(source: string): Promise<string> {
  const { stdout } = await promisify(execFile)(process.execPath, ["--input-type=module", "--eval", source]);
  return stdout;
}
