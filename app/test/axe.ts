import axe from "axe-core";

// jsdom has no layout: contrast is checked in the browser journeys; regions belong to the shell.
const AXE_OPTIONS: axe.RunOptions = {
  rules: { "color-contrast": { enabled: false }, region: { enabled: false } },
};

/** axe's violations under `root`, one line each (rule id and the offending elements), for `toEqual([])`. */
export async function axeViolations(root: Element): Promise<string[]> {
  const result = await axe.run(root, AXE_OPTIONS);
  return result.violations.map(
    (violation) => `${violation.id}: ${violation.nodes.map((node) => node.html).join(" | ")}`,
  );
}
