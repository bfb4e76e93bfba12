import type { ShareScope } from "../../domain/schemas/share.ts";
import { FILE_KINDS } from "./kinds.ts";
import type { CoveredRows, KindCoverage, ScopeReadContext, ShareRule } from "./share-rule.ts";

/** What a scope covers of one owner's file, each kind worked out when first asked, once. */
export type ScopeCoverage = {
  rows(kind: string): Promise<CoveredRows>;
  covers(kind: string, id: string): Promise<boolean>;
  /** Every kind worked out, for a filter asked row by row (the nominee's binder). */
  settled(): Promise<(kind: string, id: string) => boolean>;
};

function holds(rows: CoveredRows, id: string): boolean {
  return rows === "all" || rows.has(id);
}

const NOTHING: KindCoverage = { rows: new Set() };

/**
 * The scopes of owners' files, read through each kind's sharing rule (`FILE_KINDS`): a kind
 * without one is never covered (comments are the owner's own). A rule is asked after the kinds it
 * comes after, and is told what their covered rows name of it.
 */
export function fileScopes(context: ScopeReadContext) {
  const rules = new Map<string, ShareRule>(
    FILE_KINDS.flatMap((kind) => (kind.sharing === undefined ? [] : [[kind.kind, kind.sharing(context)]])),
  );

  return {
    of(ownerId: string, scope: ShareScope): ScopeCoverage {
      const decided = new Map<string, Promise<KindCoverage>>();

      function coverage(kind: string, asking: readonly string[] = []): Promise<KindCoverage> {
        const known = decided.get(kind);
        if (known !== undefined) return known;
        if (asking.includes(kind))
          throw new Error(`sharing rules come after each other: ${asking.join(", ")}`);
        const rule = rules.get(kind);
        const found = rule === undefined ? Promise.resolve(NOTHING) : decide(rule, [...asking, kind]);
        decided.set(kind, found);
        return found;
      }

      function decide(rule: ShareRule, asking: readonly string[]): Promise<KindCoverage> {
        const kind = asking[asking.length - 1] ?? "";
        const after = rule.after ?? [];
        const before = (other: string) => {
          if (!after.includes(other)) throw new Error(`the sharing rule of ${kind} reads ${other} before it`);
          return coverage(other, asking);
        };
        return rule.covers(ownerId, scope, {
          async named() {
            const named = new Set<string>();
            for (const other of after)
              for (const id of (await before(other)).names?.get(kind) ?? []) named.add(id);
            return named;
          },
          rows: async (other) => (await before(other)).rows,
        });
      }

      return {
        rows: async (kind) => (await coverage(kind)).rows,
        covers: async (kind, id) => holds((await coverage(kind)).rows, id),
        async settled() {
          const all = new Map<string, CoveredRows>();
          for (const kind of rules.keys()) all.set(kind, (await coverage(kind)).rows);
          return (kind, id) => {
            const rows = all.get(kind);
            return rows !== undefined && holds(rows, id);
          };
        },
      };
    },
  };
}

export type FileScopes = ReturnType<typeof fileScopes>;
