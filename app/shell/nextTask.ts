/**
 * Lets the browser run what waits (a tap, a paint) before the next step: the work after it is then
 * a task of its own rather than part of one long task in which the page cannot answer.
 */
export function nextTask(): Promise<void> {
  return new Promise((resume) => setTimeout(resume, 0));
}
