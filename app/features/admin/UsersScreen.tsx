import "@mantine/core/styles/Badge.css";
import "@mantine/core/styles/Table.css";
import { Anchor, Badge, Stack, Table, Text } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import type { UserStatus } from "../../../domain/schemas/admin.ts";
import { EmailText } from "../../components/EmailText.tsx";
import { ListPagination } from "../../components/ListPagination.tsx";
import { Loaded } from "../../components/Loaded.tsx";
import { SearchField, usePagedSearch } from "../../components/SearchField.tsx";
import { AdminScreen } from "./AdminScreen.tsx";
import { useAdminUsers } from "./adminApi.ts";
import { adminPath } from "./paths.ts";
import { useAdminFormats } from "./useAdminFormats.ts";

const PAGE_SIZE = 20;

export const USER_STATUS_COLOR: Record<UserStatus, string> = {
  active: "green",
  unverified: "yellow",
  disabled: "gray",
};

/** A status badge keeps its whole word where the table is tight ("ACTIVE", not "ACTI..."). */
const WHOLE_BADGE = { root: { overflow: "visible" }, label: { overflow: "visible", textOverflow: "clip" } };

/** /admin/users: every account, searched by email or name, newest first, a page at a time. */
export function UsersScreen() {
  const { t } = useTranslation("admin");
  const formats = useAdminFormats();
  const search = usePagedSearch();
  const users = useAdminUsers(search.sent, search.page, PAGE_SIZE);
  return (
    <AdminScreen title={t("users.heading")}>
      <SearchField label={t("users.search")} value={search.text} onChange={search.setText} />
      <Loaded query={users} failure={t("users.loadFailed")}>
        {(result) =>
          result.content.length === 0 ? (
            <Text>{t("users.empty")}</Text>
          ) : (
            <Stack gap="sm">
              <Text size="sm" c="dimmed" role="status">
                {t("users.count", { count: result.totalElements })}
              </Text>
              <Table.ScrollContainer minWidth={760} type="native">
                <Table verticalSpacing="sm">
                  <Table.Thead>
                    <Table.Tr>
                      <Table.Th scope="col">{t("users.columns.email")}</Table.Th>
                      <Table.Th scope="col">{t("users.columns.name")}</Table.Th>
                      <Table.Th scope="col">{t("users.columns.roles")}</Table.Th>
                      <Table.Th scope="col">{t("status.heading")}</Table.Th>
                      <Table.Th scope="col">{t("users.columns.twoFactor")}</Table.Th>
                      <Table.Th scope="col">{t("users.columns.createdAt")}</Table.Th>
                      <Table.Th scope="col">{t("users.columns.lastSignInAt")}</Table.Th>
                    </Table.Tr>
                  </Table.Thead>
                  <Table.Tbody>
                    {result.content.map((user) => (
                      <Table.Tr key={user.id}>
                        <Table.Td>
                          <Anchor
                            component={Link}
                            to={`${adminPath("users")}/${encodeURIComponent(user.id)}`}
                          >
                            <EmailText email={user.email} />
                          </Anchor>
                        </Table.Td>
                        <Table.Td>{user.name}</Table.Td>
                        <Table.Td>
                          {user.roles.map((role) => t(`users.roles.${role}`)).join(", ") || "—"}
                        </Table.Td>
                        <Table.Td>
                          <Badge color={USER_STATUS_COLOR[user.status]} variant="light" styles={WHOLE_BADGE}>
                            {t(`users.status.${user.status}`)}
                          </Badge>
                        </Table.Td>
                        <Table.Td>{user.twoFactor ? t("yes") : t("no")}</Table.Td>
                        <Table.Td>{formats.date(user.createdAt)}</Table.Td>
                        <Table.Td>
                          {user.lastSignInAt === null ? "—" : formats.date(user.lastSignInAt)}
                        </Table.Td>
                      </Table.Tr>
                    ))}
                  </Table.Tbody>
                </Table>
              </Table.ScrollContainer>
              <ListPagination
                page={search.page}
                totalPages={result.totalPages}
                onChange={search.setPage}
                label={t("users.pages")}
              />
            </Stack>
          )
        }
      </Loaded>
    </AdminScreen>
  );
}
