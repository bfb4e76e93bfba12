import { readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { render } from "@testing-library/react";
import { Profiler } from "react";
import { describe, expect, it } from "vitest";
import { stableMantineIds } from "../../web/stable-ids-plugin.ts";
import { useStableId } from "./stableId.ts";

function Named({ id }: { id?: string }) {
  return <span data-testid="named">{useStableId(id)}</span>;
}

/** Mantine's useId module, as the app's build finds it. */
const mantineUseId = join(
  dirname(fileURLToPath(import.meta.resolve("@mantine/hooks"))),
  "use-id",
  "use-id.mjs",
);

describe("the ids Mantine's components give themselves", () => {
  it("are React's own, a passed id first, drawn in one commit", () => {
    const commits: string[] = [];
    const { getAllByTestId } = render(
      <Profiler id="ids" onRender={(_id, phase) => commits.push(phase)}>
        <Named />
        <Named id="chosen" />
      </Profiler>,
    );
    const [own, chosen] = getAllByTestId("named").map((element) => element.textContent);
    expect(own).toMatch(/^mantine-\S+$/);
    expect(chosen).toBe("chosen");
    expect(commits).toEqual(["mount"]);
  });

  it("replace @mantine/hooks' useId in the build, and only that module", () => {
    const plugin = stableMantineIds();
    const load = plugin.load as (id: string) => string | null;
    expect(load.call({}, mantineUseId)).toMatch(/export \{ useStableId as useId \} from ".*stableId\.ts";/);
    expect(
      load.call({}, join(dirname(mantineUseId), "..", "use-disclosure", "use-disclosure.mjs")),
    ).toBeNull();
  });

  it("are needed while Mantine's own useId still sets a new id in an effect after mounting", () => {
    // When Mantine keeps React's id itself, web/stable-ids-plugin.ts can go.
    expect(readFileSync(mantineUseId, "utf8")).toMatch(/useIsomorphicEffect\([\s\S]*setUuid\(randomId\(\)\)/);
  });
});
