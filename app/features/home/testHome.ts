import type { Home } from "../../../domain/schemas/home.ts";
import { categoriesOf } from "../../../domain/sections/index.ts";
import { RECORD_MODULES } from "../../../domain/sections/modules.ts";

/**
 * GET /api/home as the server answers it for a file holding `counts` (records per category) with
 * `marked` categories said "I don't have this"; the rest as given.
 */
export function homeAnswer({
  counts = {},
  marked = [],
  ...rest
}: Partial<Home> & { counts?: Record<string, number>; marked?: readonly string[] } = {}): Home {
  return {
    modules: RECORD_MODULES.map((module) => {
      const categories = categoriesOf(module).map((category) => ({
        key: category.key,
        count: counts[category.key] ?? 0,
        notApplicable: marked.includes(category.key),
      }));
      return {
        module,
        filled: categories.filter((category) => category.count > 0).length,
        total: categories.filter((category) => category.count > 0 || !category.notApplicable).length,
        categories,
      };
    }),
    next: [],
    reminders: [],
    nominees: { total: 0, accepted: 0, released: 0 },
    binder: { lastMadeAt: null },
    ...rest,
  };
}
