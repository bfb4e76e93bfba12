import "@mantine/core/styles/SimpleGrid.css";
import { Alert, Card, SimpleGrid, Text } from "@mantine/core";
import { useQuery } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import type { CategoryDef, RecordModule } from "../../../domain/sections/types.ts";
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
      <SimpleGrid
        component="ul"
        aria-label={label}
        cols={{ base: 1, sm: 2, lg: 3 }}
        spacing="md"
        style={{ listStyle: "none", padding: 0, margin: 0 }}
      >
        {categories.map((category) => {
          const count = counts.data?.[category.key];
          return (
            <li key={category.key}>
              <Card
                component={Link}
                to={`${source.basePath}/${module}/${category.key}`}
                withBorder
                padding="md"
                h="100%"
              >
                <Text fw={700}>{t(categoryTitleKey(category, short))}</Text>
                <Text size="sm" c="dimmed">
                  {count === undefined ? t("module.countLoading") : t("module.count", { count })}
                </Text>
              </Card>
            </li>
          );
        })}
      </SimpleGrid>
    </>
  );
}
