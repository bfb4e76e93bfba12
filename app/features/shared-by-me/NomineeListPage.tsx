import "@mantine/core/styles/Table.css";
import { Alert, Button, Group, Stack, Table, Text, Title, VisuallyHidden } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { Link, useLocation } from "react-router";
import { releaseTimingLabelKey, shareStatusLabelKey } from "../../../domain/catalog/releaseTimings.ts";
import { hasFullAccess } from "../../../domain/roles.ts";
import { LinkedRow } from "../../components/LinkedRow.tsx";
import { useAccount } from "../../session/account.ts";
import { BackArrow } from "../../shell/BackArrow.tsx";
import { PageLoader } from "../../shell/PageLoader.tsx";
import { addPath, listPathOf, viewPath } from "../../shell/recordPaths.ts";
import { usePageTitle } from "../../shell/usePageTitle.ts";
import { fullName } from "../personal-network/personDisplay.ts";
import { scopeLines } from "./scopeDisplay.ts";
import { useNominees } from "./useNominee.ts";

/** /dashboard/shared-data/shared-by-me: the owner's nominees with CATALOG section 6's columns. */
export function NomineeListPage() {
  const { t } = useTranslation(["sharing", "catalog", "sections"]);
  const { pathname } = useLocation();
  const listPath = listPathOf(pathname);
  const title = t("list.title");
  usePageTitle(title);
  const canShare = hasFullAccess(useAccount().data?.roles ?? []);
  const nominees = useNominees();

  return (
    <Stack gap="lg">
      <BackArrow to="/dashboard/shared-data" label={t("sections:module.shared-data")} />
      <Group justify="space-between" align="center" gap="sm">
        <Title order={1}>{title}</Title>
        {canShare && (
          <Button component={Link} to={addPath(listPath)} data-testid="nominee-add">
            {t("list.add")}
          </Button>
        )}
      </Group>
      {!canShare && <Text>{t("landing.byMe.needsSubscription")}</Text>}
      {nominees.isError ? (
        <Alert color="red" variant="light" role="alert">
          {t("list.loadFailed")}
        </Alert>
      ) : !nominees.data ? (
        <PageLoader />
      ) : nominees.data.length === 0 ? (
        <Text>{t("list.empty")}</Text>
      ) : (
        <Table.ScrollContainer minWidth={320} type="native">
          <Table highlightOnHover verticalSpacing="sm" data-testid="nominee-list">
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">{t("columns.nominee")}</Table.Th>
                <Table.Th scope="col" visibleFrom="sm">
                  {t("columns.modules")}
                </Table.Th>
                <Table.Th scope="col" visibleFrom="sm">
                  {t("columns.release")}
                </Table.Th>
                <Table.Th scope="col">{t("columns.status")}</Table.Th>
                <Table.Th scope="col">
                  <VisuallyHidden>{t("list.view")}</VisuallyHidden>
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {nominees.data.map((nominee) => {
                const to = viewPath(listPath, nominee.id);
                const name = fullName(nominee);
                const lines = scopeLines(nominee.scope, t);
                const release = t(`catalog:${releaseTimingLabelKey(nominee.release)}`);
                return (
                  <LinkedRow
                    key={nominee.id}
                    to={to}
                    label={t("list.view")}
                    hiddenLabel={t("list.viewWhich", { name })}
                    data-testid={`nominee-row-${nominee.id}`}
                  >
                    <Table.Td>
                      <Text fw={600} size="sm">
                        {name}
                      </Text>
                      <Text size="xs" c="dimmed" style={{ overflowWrap: "anywhere" }}>
                        {nominee.email}
                      </Text>
                      {/* Narrow screens: the two hidden columns, under the name. */}
                      <Stack gap={2} mt={4} hiddenFrom="sm">
                        {[...lines, release].map((line) => (
                          <Text key={line} size="xs">
                            {line}
                          </Text>
                        ))}
                      </Stack>
                    </Table.Td>
                    <Table.Td visibleFrom="sm">
                      {lines.map((line) => (
                        <Text key={line} size="sm">
                          {line}
                        </Text>
                      ))}
                    </Table.Td>
                    <Table.Td visibleFrom="sm">{release}</Table.Td>
                    <Table.Td data-testid="nominee-status">
                      {t(`catalog:${shareStatusLabelKey(nominee.status)}`)}
                    </Table.Td>
                  </LinkedRow>
                );
              })}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Stack>
  );
}
