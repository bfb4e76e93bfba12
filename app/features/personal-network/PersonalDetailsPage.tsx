import { Alert, Button, Group, Stack, Text, Title } from "@mantine/core";
import { IconPencil } from "@tabler/icons-react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { useCanEditFile } from "../../session/useOpenFile.ts";
import { PageLoader } from "../../shell/PageLoader.tsx";
import { editPath } from "../../shell/recordPaths.ts";
import { usePageTitle } from "../../shell/usePageTitle.ts";
import { PersonDetails } from "./PersonDetails.tsx";
import { useOwnPerson } from "./personData.ts";
import { fullName } from "./personDisplay.ts";
import { SectionNav } from "./SectionNav.tsx";
import { PERSONAL_DETAILS_SEGMENT, sectionPath } from "./sections.ts";

/**
 * /dashboard/personal-network/personal-details: the owner's own record, read-only, with Edit where
 * the file takes changes.
 */
export function PersonalDetailsPage() {
  const { t } = useTranslation("network");
  const title = t(`section.${PERSONAL_DETAILS_SEGMENT}.title`);
  usePageTitle(title);
  const me = useOwnPerson();
  const canEdit = useCanEditFile();

  return (
    <Stack gap="lg">
      <SectionNav />
      <Group justify="space-between" align="flex-end" gap="sm">
        <div>
          <Title order={1}>{title}</Title>
          {me.data && (
            <Text size="lg" mt={4}>
              {fullName(me.data.mainDetails)}
            </Text>
          )}
        </div>
        {me.data && canEdit && (
          <Button
            component={Link}
            to={editPath(sectionPath(PERSONAL_DETAILS_SEGMENT), me.data.id)}
            leftSection={<IconPencil size={18} aria-hidden="true" />}
          >
            {t("actions.edit")}
          </Button>
        )}
      </Group>
      {me.data ? (
        <PersonDetails person={me.data} />
      ) : me.isError ? (
        <Alert color="red" variant="light" role="alert">
          {t("view.loadFailed")}
        </Alert>
      ) : (
        <PageLoader />
      )}
    </Stack>
  );
}
