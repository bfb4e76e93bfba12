import { describe, expect, it } from "vitest";
import { createTestI18n } from "../test/render.tsx";
import { ApiError, CLIENT_ERROR_CODES } from "./client.ts";
import { errorCode, errorMessage, fieldError, formError, isAboutFields } from "./errorMessages.ts";

const { t } = createTestI18n("en");
const fr = createTestI18n("fr").t;

const refusal = (code: string, message: string, fields: Record<string, string> = {}, details = {}) =>
  new ApiError(400, code, message, fields, null, details);

describe("the app's words for a failed call", () => {
  it("gives the server's message, or ours where we word the code, and follows the UI language", () => {
    expect(errorMessage(t, refusal("forbidden", "This needs a subscription or a company account."))).toBe(
      "This needs a subscription or a company account.",
    );
    const wrongPassword = refusal("unauthenticated", "Invalid", {}, { reason: "INVALID_EMAIL_OR_PASSWORD" });
    expect(errorCode(wrongPassword)).toBe("invalid_email_or_password");
    expect(errorMessage(t, wrongPassword)).toBe("The email or password is not correct.");
    expect(errorMessage(fr, wrongPassword)).not.toBe("The email or password is not correct.");
    const wait = new ApiError(429, "too_many_requests", "Too many", {}, 30);
    expect(errorMessage(t, wait)).toBe("Too many attempts. Please try again in 30 seconds.");
  });

  it("never shows a browser's own English: anything but an API answer is 'unexpected'", () => {
    expect(errorMessage(t, new TypeError("Failed to fetch"))).toBe(
      "Something went wrong. Please try again later.",
    );
    expect(errorCode(new TypeError("Failed to fetch"))).toBe(CLIENT_ERROR_CODES.unexpected);
    expect(errorMessage(t, refusal(CLIENT_ERROR_CODES.network, ""))).toBe(
      "Kinfile could not be reached. Check your connection and try again.",
    );
  });

  it("puts a field's message beside it, and keeps it out of the form's alert", () => {
    const taken = refusal("conflict", "Conflict", { name: "This nickname is taken." });
    expect(fieldError(t, taken, "name")).toBe("This nickname is taken.");
    expect(fieldError(t, taken, "email")).toBeUndefined();
    expect(isAboutFields(taken, ["email", "name"])).toBe(true);
    expect(formError(t, taken, ["name"])).toBeNull();
    expect(formError(t, taken)).toBe("Conflict");
    expect(formError(t, null, ["name"])).toBeNull();
  });
});
