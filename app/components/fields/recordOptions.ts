import { useQueries } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { categoryDef, isCategoryKey } from "../../../domain/sections/index.ts";
import { categoryLabelKey } from "../../../domain/sections/labels.ts";
import { useRecordSource } from "../../features/records/recordSource.tsx";
import { recordQueryKeys } from "../../features/records/recordsApi.ts";
import { useRecordTitle } from "../../features/records/recordTitle.ts";

/** The records of these categories (the user's, or on a shared file's view the shared ones), as options. */
export function useRecordOptions(categories: readonly string[]): { value: string; label: string }[] {
  const { t } = useTranslation("sections");
  const title = useRecordTitle();
  const source = useRecordSource();
  const keys = categories.filter(isCategoryKey);
  const lists = useQueries({
    queries: keys.map((key) => {
      const module = categoryDef(key).module;
      return {
        queryKey: source.queryKey(recordQueryKeys.list(module, key)),
        queryFn: () => source.list(module, key),
        staleTime: 30_000,
      };
    }),
  });
  return keys.flatMap((key, index) => {
    const label = t(categoryLabelKey(key));
    const category = categoryDef(key);
    // A record is named as on its own page (its declared title field), else by category and position.
    return (lists[index]?.data ?? []).map((item, position) => ({
      value: item.id,
      label: title(category, item) ?? `${label} ${position + 1}`,
    }));
  });
}
