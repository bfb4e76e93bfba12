import { expect } from "vitest";
import type { CollaboratorView } from "../../domain/schemas/collaborator.ts";
import type { TestUser } from "./identity.ts";
import { call } from "./person-photos.ts";
import type { TestApp } from "./test-app.ts";

/** The owner invites `who` with this scope and these rights, and `who` accepts: the collaboration's id. */
export async function collaborate(
  test: TestApp,
  owner: TestUser,
  who: TestUser,
  scope: object,
  rights: "view" | "edit" = "view",
): Promise<string> {
  const invited = await call(test, owner, "POST", "/api/collaborators", {
    email: who.email,
    firstName: "Sam",
    lastName: "Haddad",
    scope,
    rights,
  });
  expect(invited.statusCode, invited.body).toBe(201);
  const { id } = invited.json() as CollaboratorView;
  expect((await call(test, who, "POST", `/api/collaborating/${id}/accept`)).statusCode).toBe(200);
  return id;
}
