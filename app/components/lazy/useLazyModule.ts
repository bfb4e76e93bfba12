import { useEffect, useState } from "react";

/**
 * A module fetched on first use and kept: `load` is called at most once per loader, and every
 * component that asks gets the same module. Until it arrives the hook answers null.
 */
export function lazyModule<M>(importer: () => Promise<M>): {
  load: () => Promise<M>;
  loaded: () => M | null;
} {
  let promise: Promise<M> | null = null;
  let value: M | null = null;
  return {
    load: () => {
      promise ??= importer().then((module) => {
        value = module;
        return module;
      });
      return promise;
    },
    loaded: () => value,
  };
}

/** The module once loaded; `enabled` false holds the fetch back until the caller needs it. */
export function useLazyModule<M>(module: ReturnType<typeof lazyModule<M>>, enabled = true): M | null {
  const [value, setValue] = useState<M | null>(module.loaded);
  useEffect(() => {
    if (value !== null || !enabled) return;
    let live = true;
    module.load().then((loaded) => {
      if (live) setValue(() => loaded);
    });
    return () => {
      live = false;
    };
  }, [module, value, enabled]);
  return value;
}
