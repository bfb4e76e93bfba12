import { describe, expect, it, vi } from "vitest";
import {
  CHARACTER_CLASSES,
  type CharacterClass,
  GENERATOR_LENGTH,
  generatePassword,
} from "./passwordGenerator.ts";

const ALL: CharacterClass[] = ["upper", "lower", "digits", "symbols"];

describe("the password generator", () => {
  it("uses only the chosen kinds of character, each at least once, at the chosen length", () => {
    for (let round = 0; round < 200; round++) {
      const classes = ALL.filter((_, index) => (round >> index) % 2 === 1 || index === round % 4);
      const password = generatePassword(8, classes);
      expect(password).toHaveLength(8);
      for (const name of ALL) {
        const used = [...password].some((character) => CHARACTER_CLASSES[name].includes(character));
        expect(used, `${name} in ${password}`).toBe(classes.includes(name));
      }
    }
  });

  it("keeps the length within its bounds and draws from crypto.getRandomValues", () => {
    const spy = vi.spyOn(crypto, "getRandomValues");
    expect(generatePassword(3, ["lower"])).toHaveLength(GENERATOR_LENGTH.min);
    expect(generatePassword(500, ["digits"])).toHaveLength(GENERATOR_LENGTH.max);
    expect(spy).toHaveBeenCalled();
    spy.mockRestore();
    expect(() => generatePassword(12, [])).toThrow(RangeError);
  });
});
