/**
 * Resolves once `condition` holds, asking again every few milliseconds, and answers how long that
 * took; fails after `withinMs`, saying what never happened. A wait on the event, not a fixed sleep.
 */
export async function until(
  condition: () => boolean | Promise<boolean>,
  what: string,
  withinMs = 5_000,
): Promise<number> {
  const started = Date.now();
  while (!(await condition())) {
    const waited = Date.now() - started;
    if (waited > withinMs) throw new Error(`${what}: not after ${waited} ms`);
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
  return Date.now() - started;
}
