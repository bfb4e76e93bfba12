import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Home } from "../../../domain/schemas/home.ts";
import { collaborate } from "../../testing/collaborators.ts";
import { createSignedInUser, type TestUser } from "../../testing/identity.ts";
import { call } from "../../testing/person-photos.ts";
import { buildTestApp, type TestApp } from "../../testing/test-app.ts";
import { testDialects } from "../../testing/test-database.ts";

const SCOPE = { modules: ["personal-network"], categories: ["will"] };

describe.each(testDialects())("a collaborator's home by their rights on %s", (dialect) => {
  let test: TestApp;
  let owner: TestUser;
  let partner: TestUser;
  let collaborationId: string;

  beforeAll(async () => {
    test = await buildTestApp(dialect);
    owner = await createSignedInUser(test, { name: "Noor Haddad" });
    partner = await createSignedInUser(test, { name: "Sam Haddad" });
    collaborationId = await collaborate(test, owner, partner, SCOPE, "edit");
  });
  afterAll(() => test.close());

  async function partnersHome(): Promise<Home> {
    const home = await call(test, partner, "GET", `/api/files/${owner.id}/home`);
    expect(home.statusCode, home.body).toBe(200);
    return home.json() as Home;
  }

  it("offers the scope's next steps with edit rights, and none (each a write) with view rights", async () => {
    const editing = await partnersHome();
    expect(editing.next.map((step) => step.category ?? step.kind)).toEqual([
      "personalDetails",
      "will",
      "emergencyContact",
    ]);

    const changed = await call(test, owner, "PUT", `/api/collaborators/${collaborationId}`, {
      scope: SCOPE,
      rights: "view",
    });
    expect(changed.statusCode, changed.body).toBe(200);
    const viewing = await partnersHome();
    expect(viewing.next).toEqual([]);
    // The rest of the home still reads the scope as before.
    expect(viewing.modules).toEqual(editing.modules);
  });
});
