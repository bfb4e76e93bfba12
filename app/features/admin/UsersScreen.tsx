import "@mantine/core/styles/Badge.css";
import { Anchor, Badge } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import type { AdminUser, UserStatus } from "../../../domain/schemas/admin.ts";
import { EmailText } from "../../components/EmailText.tsx";
import type { TableColumn } from "../../components/PagedTable.tsx";
import { SearchField, usePagedSearch } from "../../components/SearchField.tsx";
import { AdminScreen } from "./AdminScreen.tsx";
import { AdminTable } from "./AdminTable.tsx";
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
  const columns: TableColumn<AdminUser>[] = [
    {
      header: t("users.columns.email"),
      cell: (user) => (
        <Anchor component={Link} to={`${adminPath("users")}/${encodeURIComponent(user.id)}`}>
          <EmailText email={user.email} />
        </Anchor>
      ),
    },
    { header: t("users.columns.name"), cell: (user) => user.name },
    {
      header: t("users.columns.roles"),
      cell: (user) => user.roles.map((role) => t(`users.roles.${role}`)).join(", ") || "—",
    },
    {
      header: t("status.heading"),
      cell: (user) => (
        <Badge color={USER_STATUS_COLOR[user.status]} variant="light" styles={WHOLE_BADGE}>
          {t(`users.status.${user.status}`)}
        </Badge>
      ),
    },
    { header: t("users.columns.twoFactor"), cell: (user) => (user.twoFactor ? t("yes") : t("no")) },
    { header: t("users.columns.createdAt"), cell: (user) => formats.date(user.createdAt) },
    {
      header: t("users.columns.lastSignInAt"),
      cell: (user) => (user.lastSignInAt === null ? "—" : formats.date(user.lastSignInAt)),
    },
  ];
  return (
    <AdminScreen title={t("users.heading")}>
      <SearchField label={t("users.search")} value={search.text} onChange={search.setText} />
      <AdminTable
        list="users"
        query={users}
        columns={columns}
        rowKey={(user) => user.id}
        minWidth={760}
        paging={{ page: search.page, onChange: search.setPage }}
        count={(total) => t("users.count", { count: total })}
      />
    </AdminScreen>
  );
}
