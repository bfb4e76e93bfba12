import type { z } from "zod";
import { lazyModule } from "../lazy/useLazyModule.ts";

/**
 * A domain schema the app fetches when a form first needs it (zod and what the schema checks
 * with, libphonenumber-js for phones, are too heavy to travel with every form screen). The API
 * imports the same schema module directly: the rules are still defined once.
 */
export type LazySchema<S extends z.ZodType = z.ZodType> = {
  load: () => Promise<S>;
  /** The schema once fetched, else null. */
  loaded: () => S | null;
};

/** `pick` names the schema in the module `importer` fetches; the module is fetched once. */
export function lazySchemaModule<M>(
  importer: () => Promise<M>,
): <S extends z.ZodType>(pick: (module: M) => S) => LazySchema<S> {
  const module = lazyModule(importer);
  return <S extends z.ZodType>(pick: (module: M) => S): LazySchema<S> => ({
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
