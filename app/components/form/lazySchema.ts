import type { z } from "zod";
import { lazyModule } from "../lazy/useLazyModule.ts";

/**
 * A domain schema the app fetches when a form first needs it (zod and what the schema checks
 * with, libphonenumber-js for phones, are too heavy to travel with every form screen). The API
 * imports the same schema module directly: the rules are still defined once.
 */
export type LazySchema = {
  load: () => Promise<z.ZodType>;
  /** The schema once fetched, else null. */
  loaded: () => z.ZodType | null;
};

/** `pick` names the schema in the module `importer` fetches; the module is fetched once. */
export function lazySchemaModule<M>(
  importer: () => Promise<M>,
): (pick: (module: M) => z.ZodType) => LazySchema {
  const module = lazyModule(importer);
  return (pick) => ({
    load: () => module.load().then(pick),
    loaded: () => {
      const loaded = module.loaded();
      return loaded === null ? null : pick(loaded);
    },
  });
}

export function isLazySchema(schema: z.ZodType | LazySchema): schema is LazySchema {
  return typeof (schema as LazySchema).loaded === "function";
}
