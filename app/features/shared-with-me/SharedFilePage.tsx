import { Group, Stack, Text, Title } from "@mantine/core";
import { useQueries, useQuery } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { sharedCategories, sharedModules, sharesWholeNetwork } from "../../../domain/schemas/share.ts";
import { categoryDef } from "../../../domain/sections/index.ts";
import { moduleLabelKey } from "../../../domain/sections/labels.ts";
import { LinkCards } from "../../components/LinkCards.tsx";
import { BackArrow } from "../../shell/BackArrow.tsx";
import { PageLoader } from "../../shell/PageLoader.tsx";
import { usePageTitle } from "../../shell/usePageTitle.ts";
import { BinderAction } from "../binder/BinderAction.tsx";
import { personQueryKeys } from "../personal-network/queries.ts";
import { LIST_SECTIONS, PERSONAL_DETAILS_SEGMENT } from "../personal-network/sections.ts";
import { CategoryCards } from "../records/CategoryCards.tsx";
import { useRecordSource } from "../records/recordSource.tsx";
import { ownerName, useSharedFile } from "./sharedFile.tsx";
import { SHARED_WITH_ME_PATH } from "./sharedWithMeApi.ts";

/**
 * /dashboard/shared-data/shared-with-me/{nomineeId}: what the owner shares, drawn from the scope:
 * each shared record module with its shared categories and counts (as the owner's module pages),
 * and the Personal Network's groups when the whole network is shared.
 */
export function SharedFilePage() {
  const { t } = useTranslation(["shared-with-me", "sections", "binder"]);
  const { file } = useSharedFile();
  const owner = file ? ownerName(file) : "";
  const title = t("file.title", { owner });
  usePageTitle(title);
  if (!file) return <PageLoader />;
  const categories = sharedCategories(file.scope);
  const modules = sharedModules(file.scope);

  return (
    <Stack gap="xl">
      <BackArrow to={SHARED_WITH_ME_PATH} />
      <div>
        <Title order={1}>{title}</Title>
        <Text c="dimmed" mt={4}>
          {t("file.intro", { owner })}
        </Text>
      </div>
      <Group>
        <BinderAction
          source={{ kind: "nominee", nomineeId: file.nomineeId }}
          label={t("binder:app.nominee.label")}
          description={t("binder:app.nominee.description", { owner })}
        />
      </Group>
      {sharesWholeNetwork(file.scope) && <SharedNetwork />}
      {modules.map((module) => {
        const label = t(moduleLabelKey(module));
        return (
          <Stack key={module} gap="sm" component="section" aria-labelledby={`shared-module-${module}`}>
            <Title order={2} size="h3" id={`shared-module-${module}`}>
              {label}
            </Title>
            <CategoryCards
              module={module}
              categories={categories.map(categoryDef).filter((category) => category.module === module)}
              label={t("file.modulesLabel", { module: label })}
            />
          </Stack>
        );
      })}
      {modules.length === 0 && !sharesWholeNetwork(file.scope) && <Text>{t("file.nothing")}</Text>}
    </Stack>
  );
}

/** Personal details and the network's groups of the owner, each with its number of people. */
function SharedNetwork() {
  const { t } = useTranslation(["shared-with-me", "network"]);
  const source = useRecordSource();
  const base = `${source.basePath}/personal-network`;
  const me = useQuery({
    queryKey: source.queryKey(personQueryKeys.list("me")),
    queryFn: () => source.persons("me"),
  });
  const groups = useQueries({
    queries: LIST_SECTIONS.map((section) => ({
      queryKey: source.queryKey(personQueryKeys.list(section.group)),
      queryFn: () => source.persons(section.group),
    })),
  });
  const self = me.data?.[0];
  const entries = [
    ...(self
      ? [
          {
            segment: PERSONAL_DETAILS_SEGMENT,
            to: `${base}/${PERSONAL_DETAILS_SEGMENT}/view/${self.id}`,
            count: 1,
          },
        ]
      : []),
    ...LIST_SECTIONS.map((section, index) => ({
      segment: section.segment,
      to: `${base}/${section.segment}`,
      count: groups[index]?.data?.length,
    })),
  ];

  return (
    <Stack gap="sm" component="section" aria-labelledby="shared-network">
      <Title order={2} size="h3" id="shared-network">
        {t("file.network")}
      </Title>
      <LinkCards
        label={t("file.networkLabel")}
        cards={entries.map((entry) => ({
          key: entry.segment,
          to: entry.to,
          title: t(`network:section.${entry.segment}.title`),
          detail:
            entry.count === undefined ? t("file.peopleLoading") : t("file.people", { count: entry.count }),
        }))}
      />
    </Stack>
  );
}
