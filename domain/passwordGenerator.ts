/**
 * The vault's password generator: a password of the chosen length drawn from the chosen kinds of
 * character, with at least one of each, from the platform's cryptographic random source.
 */

export const CHARACTER_CLASSES = {
  upper: "ABCDEFGHJKLMNPQRSTUVWXYZ",
  lower: "abcdefghijkmnopqrstuvwxyz",
  digits: "23456789",
  symbols: "!#$%&*+-=?@^_~",
} as const;

export type CharacterClass = keyof typeof CHARACTER_CLASSES;

export const GENERATOR_LENGTH = { min: 8, max: 64, initial: 20 } as const;

/** Fills an array with random numbers: `crypto.getRandomValues` unless a test passes its own. */
export type RandomSource = (array: Uint32Array<ArrayBuffer>) => Uint32Array<ArrayBuffer>;

const cryptoRandom: RandomSource = (array) => crypto.getRandomValues(array);

/** A uniform integer in [0, bound): draws above the largest multiple of `bound` are drawn again. */
function randomBelow(bound: number, random: RandomSource): number {
  const limit = 2 ** 32 - (2 ** 32 % bound);
  const draw = new Uint32Array(1);
  for (;;) {
    const value = random(draw)[0] ?? 0;
    if (value < limit) return value % bound;
  }
}

function pick(characters: string, random: RandomSource): string {
  return characters[randomBelow(characters.length, random)] ?? "";
}

/**
 * A password of `length` characters (kept within the generator's bounds) using only `classes`,
 * each at least once; look-alike characters (0 O, 1 l I) are left out so it can be read aloud.
 */
export function generatePassword(
  length: number,
  classes: readonly CharacterClass[],
  random: RandomSource = cryptoRandom,
): string {
  if (classes.length === 0) throw new RangeError("choose at least one kind of character");
  const size = Math.min(GENERATOR_LENGTH.max, Math.max(GENERATOR_LENGTH.min, Math.round(length)));
  const all = classes.map((name) => CHARACTER_CLASSES[name]).join("");
  const characters = classes.map((name) => pick(CHARACTER_CLASSES[name], random));
  while (characters.length < size) characters.push(pick(all, random));
  // Fisher-Yates, so the guaranteed characters are not always first.
  for (let index = characters.length - 1; index > 0; index--) {
    const other = randomBelow(index + 1, random);
    [characters[index], characters[other]] = [characters[other] ?? "", characters[index] ?? ""];
  }
  return characters.join("");
}
