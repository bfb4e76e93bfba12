import "@mantine/core/styles/Card.css";
import "@mantine/core/styles/SimpleGrid.css";
import "@mantine/core/styles/ThemeIcon.css";
import { Alert, Anchor, Button, Card, Group, SimpleGrid, Stack, Text, ThemeIcon } from "@mantine/core";
import { IconCircleOff, IconPlus } from "@tabler/icons-react";
import { useQuery } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { categoryDescriptionKey } from "../../../domain/sections/labels.ts";
import type { RecordModule } from "../../../domain/sections/modules.ts";
import type { CategoryDef } from "../../../domain/sections/types.ts";
import { useCanEditFile } from "../../session/useOpenFile.ts";
import { addPath } from "../../shell/recordPaths.ts";
import { useHome, useNotApplicable } from "../home/homeApi.ts";
import { categoryIcon } from "./categoryIcons.ts";
import { categoryTitleKey } from "./recordPlace.ts";
import { isReadOnlySource, useRecordSource } from "./recordSource.tsx";
import { recordQueryKeys } from "./recordsApi.ts";

export interface CategoryCardsProps {
  module: RecordModule;
  categories: readonly CategoryDef[];
  /** Names the list for assistive technologies when several modules share a page. */
  label?: string;
}

/** The owner's "I don't have this" marks of a module's categories, and the way to set them. */
function useMarks(module: RecordModule, enabled: boolean) {
  const home = useHome(enabled);
  const change = useNotApplicable();
  const marked = new Set(
    home.data?.modules
      .find((entry) => entry.module === module)
      ?.categories.filter((category) => category.notApplicable)
      .map((category) => category.key),
  );
  return {
    isMarked: (key: string) => marked.has(key),
    /** The category whose mark is being changed, so only its button shows it is busy. */
    busy: change.isPending ? change.variables?.category : undefined,
    set: (category: string, notApplicable: boolean) => change.mutate({ module, category, notApplicable }),
  };
}

/**
 * A module's categories, each a card with its icon, what belongs there, a link to its list and
 * its number of records: the owner's module page, and each shared module of a file shared with me
 * or opened with view rights (nothing to add there). An owner's empty category teaches what to put in it, with
 * Add and "I don't have this" (a mark undone in one click).
 */
export function CategoryCards({ module, categories, label }: CategoryCardsProps) {
  const { t } = useTranslation(["records", "sections"]);
  const source = useRecordSource();
  const counts = useQuery({
    queryKey: source.queryKey(recordQueryKeys.count(module)),
    queryFn: () => source.counts(module),
  });
  const canEdit = useCanEditFile() && !isReadOnlySource(source);
  const marks = useMarks(module, canEdit);

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
          const listPath = `${source.basePath}/${module}/${category.key}`;
          const title = t(categoryTitleKey(category));
          const Icon = categoryIcon(category.key);
          const teaches = canEdit && count === 0;
          const marked = marks.isMarked(category.key);
          return (
            <li key={category.key} data-testid={`category-card-${category.key}`}>
              <Card withBorder padding="md" h="100%">
                <Stack gap="xs" h="100%">
                  <Group gap="sm" wrap="nowrap" align="flex-start">
                    <ThemeIcon variant="light" size="lg" radius="md" aria-hidden="true">
                      <Icon size={22} stroke={1.6} />
                    </ThemeIcon>
                    <div style={{ minWidth: 0 }}>
                      <Anchor component={Link} to={listPath} fw={700} style={{ overflowWrap: "anywhere" }}>
                        {title}
                      </Anchor>
                      <Text size="sm" c="dimmed">
                        {count === undefined ? t("module.countLoading") : t("module.count", { count })}
                      </Text>
                    </div>
                  </Group>
                  <Text size="sm">{t(categoryDescriptionKey(category.key))}</Text>
                  {teaches &&
                    (marked ? (
                      <Group gap="xs" mt="auto" justify="space-between">
                        <Group gap={4} wrap="nowrap">
                          <IconCircleOff size={16} aria-hidden="true" />
                          <Text size="sm">{t("module.notApplicable.marked")}</Text>
                        </Group>
                        <Button
                          size="compact-sm"
                          variant="subtle"
                          loading={marks.busy === category.key}
                          onClick={() => marks.set(category.key, false)}
                          aria-label={t("module.notApplicable.undoFor", { category: title })}
                        >
                          {t("module.notApplicable.undo")}
                        </Button>
                      </Group>
                    ) : (
                      <Stack gap="xs" mt="auto">
                        <Text size="sm" c="dimmed">
                          {t("module.empty")}
                        </Text>
                        <Group gap="xs">
                          <Button
                            component={Link}
                            to={addPath(listPath)}
                            size="compact-sm"
                            leftSection={<IconPlus size={14} aria-hidden="true" />}
                            aria-label={t("module.addTo", { category: title })}
                          >
                            {t("module.add")}
                          </Button>
                          <Button
                            size="compact-sm"
                            variant="default"
                            loading={marks.busy === category.key}
                            onClick={() => marks.set(category.key, true)}
                            aria-label={t("module.notApplicable.markFor", { category: title })}
                          >
                            {t("module.notApplicable.mark")}
                          </Button>
                        </Group>
                      </Stack>
                    ))}
                </Stack>
              </Card>
            </li>
          );
        })}
      </SimpleGrid>
    </>
  );
}
