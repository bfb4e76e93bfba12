import { describe, expect, it } from "vitest";
import {
  isGuessablePassword,
  passwordChecks,
  passwordRefusal,
  passwordStrength,
} from "./passwordStrength.ts";

const ADA = { email: "ada.lovelace@example.com", name: "Ada Lovelace" };

describe("the password rule", () => {
  it("refuses by length first, then what is too easy to guess", () => {
    expect(passwordRefusal("Ab1!")).toBe("password_too_short");
    expect(passwordRefusal("x".repeat(129))).toBe("password_too_long");
    expect(passwordRefusal("Password123")).toBe("password_too_weak");
    expect(passwordRefusal("Analytical-Engine-1843")).toBeNull();
  });

  it("calls guessable the common passwords, runs, few characters, dressed words and the account's own name or email", () => {
    for (const guessable of ["qwertyuiop", "abcdefghijkl", "aaaaabbbbbcc", "Password!!2024", "Welcome!!12"]) {
      expect(isGuessablePassword(guessable), guessable).toBe(true);
    }
    expect(isGuessablePassword("AdaLovelace#1815", ADA)).toBe(true);
    expect(isGuessablePassword("my ada.lovelace 1815", ADA)).toBe(true);
    // Without the account, the same password is not the account's own.
    expect(isGuessablePassword("AdaLovelace#1815")).toBe(false);
    expect(isGuessablePassword("quiet lantern harbour 42", ADA)).toBe(false);
  });

  it("never rates a refused password above weak, however many classes it mixes", () => {
    for (const refused of ["Password123!", "Qwerty!!2024", "AdaLovelace#1815"]) {
      expect(passwordStrength(refused, ADA), refused).toBe("weak");
      expect(passwordChecks(refused, ADA)).toMatchObject({
        length: true,
        notGuessable: false,
        mixedCase: true,
        digit: true,
        symbol: true,
      });
    }
  });

  it("rates an accepted password by variety and length", () => {
    expect(passwordStrength("Ab1!")).toBe("tooShort");
    expect(passwordStrength("lowercaseonly")).toBe("weak");
    expect(passwordStrength("lowercase12")).toBe("fair");
    expect(passwordStrength("Lowercase12")).toBe("good");
    expect(passwordStrength("Analytical-Engine-1843", ADA)).toBe("strong");
    expect(passwordChecks("")).toMatchObject({ length: false, notGuessable: false });
  });
});
