import type { ReactNode } from "react";

/** Mantine's form errors (its type is not reachable from the package entry under TypeScript 7). */
export type FormErrors = Record<string, ReactNode>;

/** The errors without those of `prefix` and of the fields under it ("a.b" drops "a.b" and "a.b.0"). */
export function withoutErrorsUnder(errors: FormErrors, prefix: string): FormErrors {
  return Object.fromEntries(
    Object.entries(errors).filter(([path]) => path !== prefix && !path.startsWith(`${prefix}.`)),
  );
}

/** True when `path` is `prefix` or lies under it. */
export function isUnder(path: string, prefix: string): boolean {
  return path === prefix || path.startsWith(`${prefix}.`);
}
