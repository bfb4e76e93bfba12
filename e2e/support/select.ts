import type { Locator, Page } from "playwright-core";

/**
 * Picks an option of a native select, or of a Mantine select whose options open in a portal
 * (typed into first when it is searchable), the combobox found by its exact label within `scope`.
 */
export async function choose(scope: Locator | Page, label: string, option: string | RegExp): Promise<void> {
  const box = scope.getByRole("combobox", { name: label, exact: true });
  if ((await box.evaluate((element) => element.tagName)) === "SELECT") {
    if (typeof option !== "string") throw new Error("a native select takes an exact label");
    await box.selectOption({ label: option });
    return;
  }
  await box.click();
  const search = typeof option === "string" ? option : "";
  if ((await box.getAttribute("readonly")) === null && search !== "") await box.fill(search);
  await box
    .page()
    .getByRole("option", { name: option, exact: typeof option === "string" })
    .filter({ visible: true })
    .click();
}
