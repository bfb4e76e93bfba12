import "@mantine/core/styles/SimpleGrid.css";
import { Alert, Card, SimpleGrid, Stack, Text, Title } from "@mantine/core";
import { useQuery } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { categoriesOf } from "../../../domain/sections/index.ts";
import { moduleLabelKey } from "../../../domain/sections/labels.ts";
import { useScreenTitleKey } from "../../shell/screenHandle.ts";
import { usePageTitle } from "../../shell/usePageTitle.ts";
import { categoryTitleKey, useRecordPlace } from "./recordPlace.ts";
import { fetchCounts, recordQueryKeys } from "./recordsApi.ts";

/** /dashboard/{module}: the module's categories, each with its number of records. */
export function ModulePage() {
  const { t } = useTranslation(["records", "sections"]);
  const { module } = useRecordPlace();
  // The menu's label of the module (the route's title), so heading, tab and menu read alike.
  const titleKey = useScreenTitleKey();
  const title = titleKey ? t(`common:${titleKey}`) : t(moduleLabelKey(module));
  usePageTitle(title);
  const counts = useQuery({ queryKey: recordQueryKeys.count(module), queryFn: () => fetchCounts(module) });

  return (
    <Stack gap="lg">
      <Title order={1}>{title}</Title>
      {counts.isError && (
        <Alert color="red" variant="light" role="alert">
          {t("module.countsFailed")}
        </Alert>
      )}
      <SimpleGrid
        component="ul"
        cols={{ base: 1, sm: 2, lg: 3 }}
        spacing="md"
        style={{ listStyle: "none", padding: 0, margin: 0 }}
      >
        {categoriesOf(module).map((category) => {
          const count = counts.data?.[category.key];
          return (
            <li key={category.key}>
              <Card
                component={Link}
                to={`/dashboard/${module}/${category.key}`}
                withBorder
                padding="md"
                h="100%"
              >
                <Text fw={700}>{t(categoryTitleKey(category))}</Text>
                <Text size="sm" c="dimmed">
                  {count === undefined ? t("module.countLoading") : t("module.count", { count })}
                </Text>
              </Card>
            </li>
          );
        })}
      </SimpleGrid>
    </Stack>
  );
}
