import { Alert, Group, Stack, Text, Title } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { buildFamilyTree } from "../../../domain/familyTree.ts";
import { useCanEditFile } from "../../session/useOpenFile.ts";
import { PageLoader } from "../../shell/PageLoader.tsx";
import { viewPath } from "../../shell/recordPaths.ts";
import { usePageTitle } from "../../shell/usePageTitle.ts";
import { AddFamilyMember } from "./AddFamilyMember.tsx";
import { FamilyTree } from "./FamilyTree.tsx";
import { SectionNav } from "./SectionNav.tsx";
import { FAMILY_TREE_SEGMENT, sectionPath } from "./sections.ts";
import { useFamilyTreePersons } from "./useFamilyTreePersons.ts";

const TREE_PATH = sectionPath(FAMILY_TREE_SEGMENT);

/** /dashboard/personal-network/immediate-family-tree */
export function FamilyTreePage() {
  const { t } = useTranslation("network");
  const title = t(`section.${FAMILY_TREE_SEGMENT}.title`);
  usePageTitle(title);
  const { persons, isPending, isError } = useFamilyTreePersons();
  const canEdit = useCanEditFile();

  return (
    <Stack gap="lg">
      <SectionNav />
      <Group justify="space-between" align="flex-end" gap="sm">
        <div>
          <Title order={1}>{title}</Title>
          <Text c="dimmed" mt={4}>
            {t(`section.${FAMILY_TREE_SEGMENT}.intro`)}
          </Text>
        </div>
        {canEdit && <AddFamilyMember />}
      </Group>
      {isError ? (
        <Alert color="red" variant="light" role="alert">
          {t("list.loadFailed")}
        </Alert>
      ) : isPending ? (
        <PageLoader />
      ) : (
        <FamilyTree tree={buildFamilyTree(persons)} viewHrefOf={(person) => viewPath(TREE_PATH, person.id)} />
      )}
    </Stack>
  );
}
