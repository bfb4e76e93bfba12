import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { headerIdentity, sendAs } from "../../testing/header-identity.ts";
import { buildTestApp, type TestApp } from "../../testing/test-app.ts";
import { testDialects } from "../../testing/test-database.ts";

/**
 * Who may use the record sections (spec section 6): a subscriber or a company account member
 * (b2b); an account with neither keeps its Personal Network (and comments on its persons).
 */

const PASSWORD = "/api/records/passwordvault/password";

describe.each(testDialects())("records access on %s", (dialect) => {
  let test: TestApp;
  beforeAll(async () => {
    test = await buildTestApp(dialect, { identity: headerIdentity });
  });
  afterAll(() => test.close());

  const as = (userId: string, roles: string) => ({
    send: (method: "GET" | "POST" | "PUT" | "DELETE", url: string, payload?: object) =>
      sendAs(test, userId, roles, method, url, payload),
  });

  it("serves a company account member (b2b) like a subscriber, delete included", async () => {
    const member = as(randomUUID(), "b2b");
    const created = await member.send("POST", PASSWORD, {
      accountNickname: "Bank",
      password: "hunter2 hunter2",
    });
    expect(created.statusCode, created.body).toBe(200);
    const id = created.json();
    expect((await member.send("GET", PASSWORD)).json()).toHaveLength(1);
    expect((await member.send("GET", "/api/records/passwordvault/count")).json().password).toBe(1);
    expect(
      (await member.send("POST", `/api/comments/record/${id}`, { notes: "shared login" })).statusCode,
    ).toBe(200);
    expect((await member.send("DELETE", `${PASSWORD}/${id}`)).statusCode).toBe(204);
  });

  it("refuses every record route to an account with neither role (403), but not its persons' comments", async () => {
    const userId = randomUUID();
    const subscriber = as(userId, "subscriber");
    const id = (
      await subscriber.send("POST", PASSWORD, { accountNickname: "Mail", password: "p4ss w0rd" })
    ).json();
    const lapsed = as(userId, "");
    for (const [method, url] of [
      ["GET", PASSWORD],
      ["POST", PASSWORD],
      ["GET", `${PASSWORD}/${id}`],
      ["PUT", `${PASSWORD}/${id}`],
      ["DELETE", `${PASSWORD}/${id}`],
      ["GET", "/api/records/passwordvault/count"],
      ["GET", `/api/comments/record/${id}`],
    ] as const) {
      const response = await lapsed.send(method, url, method === "POST" || method === "PUT" ? {} : undefined);
      expect(response.statusCode, `${method} ${url}`).toBe(403);
      expect(response.json().error.message).toBe("This needs a subscription or a company account.");
    }
    const person = await lapsed.send("POST", "/api/pn/person", {
      group: "child",
      type: "son",
      mainDetails: { firstName: "Sam" },
    });
    expect(person.statusCode, person.body).toBe(200);
    const comment = await lapsed.send("POST", `/api/comments/person/${person.json()}`, {
      notes: "Allergies",
    });
    expect(comment.statusCode).toBe(200);
    expect((await subscriber.send("GET", `${PASSWORD}/${id}`)).statusCode).toBe(200);
  });
});
