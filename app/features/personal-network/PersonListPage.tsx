import { Alert, Button, Group, Paper, Stack, Text, Title } from "@mantine/core";
import { IconPlus } from "@tabler/icons-react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { useCanEditFile } from "../../session/useOpenFile.ts";
import { BackArrow } from "../../shell/BackArrow.tsx";
import { PageLoader } from "../../shell/PageLoader.tsx";
import { addPath, viewPath } from "../../shell/recordPaths.ts";
import { usePageTitle } from "../../shell/usePageTitle.ts";
import { isReadOnlySource, useRecordSource } from "../records/recordSource.tsx";
import { NetworkExchangeActions } from "./NetworkExchangeActions.tsx";
import { useNetworkPlace } from "./networkSection.ts";
import classes from "./PersonCard.module.css";
import { PersonCard } from "./PersonCard.tsx";
import { PersonRows } from "./PersonRows.tsx";
import { usePersonList } from "./personData.ts";
import { SectionNav } from "./SectionNav.tsx";
import { type ListSection, sectionPath } from "./sections.ts";

/**
 * One group of the Personal Network: its people as cards or rows, each opening its view. On a
 * file shared with me: the owner's people of that group, read-only (no Add, no section tabs); with
 * view rights, no Add or import.
 */
export function PersonListPage() {
  const place = useNetworkPlace();
  if (place.kind !== "list") throw new Error("PersonListPage is routed outside a list section.");
  return <PersonList section={place.section} />;
}

function AddButton({ listPath }: { listPath: string }) {
  const { t } = useTranslation("network");
  return (
    <Button component={Link} to={addPath(listPath)} leftSection={<IconPlus size={18} aria-hidden="true" />}>
      {t("actions.add")}
    </Button>
  );
}

function PersonList({ section }: { section: ListSection }) {
  const { t } = useTranslation(["network", "shared-with-me"]);
  const title = t(`section.${section.segment}.title`);
  usePageTitle(title);
  const persons = usePersonList(section.group);
  const source = useRecordSource();
  const readOnly = isReadOnlySource(source);
  const canEdit = useCanEditFile() && !readOnly;
  const listPath = readOnly
    ? `${source.basePath}/personal-network/${section.segment}`
    : sectionPath(section.segment);
  const empty = persons.data?.length === 0;

  return (
    <Stack gap="lg">
      {readOnly ? <BackArrow to={source.basePath} /> : <SectionNav />}
      <Group justify="space-between" align="flex-end" gap="sm">
        <div>
          <Title order={1}>{title}</Title>
          <Text c="dimmed" mt={4}>
            {t(`section.${section.segment}.intro`)}
          </Text>
        </div>
        {!empty && canEdit && <AddButton listPath={listPath} />}
      </Group>
      {!readOnly && <NetworkExchangeActions group={section.group} />}
      {persons.isPending ? (
        <PageLoader />
      ) : persons.isError ? (
        <Alert color="red" variant="light" role="alert">
          {t("list.loadFailed")}
        </Alert>
      ) : empty && readOnly ? (
        <Paper withBorder p="xl">
          <Text>{t("shared-with-me:file.emptyGroup")}</Text>
        </Paper>
      ) : empty ? (
        <Paper withBorder p="xl">
          <Stack align="flex-start" gap="md">
            <Text>{t(`section.${section.segment}.empty`)}</Text>
            {canEdit && <AddButton listPath={listPath} />}
          </Stack>
        </Paper>
      ) : section.layout === "rows" ? (
        <PersonRows
          persons={persons.data}
          hrefOf={(person) => viewPath(listPath, person.id)}
          caption={title}
          birthday={section.group === "relative"}
        />
      ) : (
        <ul className={classes.grid} aria-label={title}>
          {persons.data.map((person) => (
            <li key={person.id}>
              <PersonCard person={person} href={viewPath(listPath, person.id)} avatar={section.avatar} />
            </li>
          ))}
        </ul>
      )}
    </Stack>
  );
}
