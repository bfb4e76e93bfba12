import { Alert } from "@mantine/core";
import { useQuery } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import type { RecordModule } from "../../../domain/sections/modules.ts";
import type { CategoryDef } from "../../../domain/sections/types.ts";
import { LinkCards } from "../../components/LinkCards.tsx";
import { categoryTitleKey } from "./recordPlace.ts";
import { isReadOnlySource, useRecordSource } from "./recordSource.tsx";
import { recordQueryKeys } from "./recordsApi.ts";

export interface CategoryCardsProps {
  module: RecordModule;
  categories: readonly CategoryDef[];
  /** Names the list for assistive technologies when several modules share a page. */
  label?: string;
}

/**
 * A module's categories, each a link to its list with its number of records: the owner's module
 * page, and each shared module of a file shared with me (short labels there).
 */
export function CategoryCards({ module, categories, label }: CategoryCardsProps) {
  const { t } = useTranslation(["records", "sections"]);
  const source = useRecordSource();
  const short = isReadOnlySource(source);
  const counts = useQuery({
    queryKey: source.queryKey(recordQueryKeys.count(module)),
    queryFn: () => source.counts(module),
  });

  return (
    <>
      {counts.isError && (
        <Alert color="red" variant="light" role="alert">
          {t("module.countsFailed")}
        </Alert>
      )}
      <LinkCards
        label={label}
        cards={categories.map((category) => {
          const count = counts.data?.[category.key];
          return {
            key: category.key,
            to: `${source.basePath}/${module}/${category.key}`,
            title: t(categoryTitleKey(category, short)),
            detail: count === undefined ? t("module.countLoading") : t("module.count", { count }),
          };
        })}
      />
    </>
  );
}
