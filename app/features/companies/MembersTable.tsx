import "@mantine/core/styles/Badge.css";
import "@mantine/core/styles/Table.css";
import {
  ActionIcon,
  Badge,
  Group,
  Menu,
  Stack,
  Table,
  Text,
  Title,
  UnstyledButton,
  VisuallyHidden,
} from "@mantine/core";
import { IconArrowDown, IconArrowUp, IconDots, IconShieldCheck } from "@tabler/icons-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { formatDay } from "../../../domain/dates.ts";
import type { CompanyMember, MemberSortColumn, MemberStatus } from "../../../domain/schemas/company.ts";
import { formError } from "../../api/errorMessages.ts";
import { ConfirmDialog } from "../../components/dialogs/ConfirmDialog.tsx";
import { ListPagination } from "../../components/ListPagination.tsx";
import { Loaded } from "../../components/Loaded.tsx";
import { SearchField, usePagedSearch } from "../../components/SearchField.tsx";
import { currentLanguage } from "../../i18n/i18n.ts";
import { showToast } from "../../shell/toast.ts";
import { type MemberAction, type MemberListQuery, useMemberAction, useMembers } from "./companyApi.ts";

const PAGE_SIZE = 20;

/** The table's sortable columns, in order, with their heading's key. */
const SORTABLE_COLUMNS = [
  ["lastName", "name"],
  ["email", "email"],
  ["status", "status"],
  ["invitedAt", "invitedAt"],
  ["activatedAt", "activatedAt"],
] as const satisfies readonly (readonly [MemberSortColumn, string])[];

const STATUS_COLOR: Record<MemberStatus, string> = { invited: "blue", active: "green", deactivated: "gray" };

/** The actions a member's row offers, by status. */
function actionsFor(member: CompanyMember): MemberAction[] {
  if (member.status === "deactivated") return ["reactivate"];
  if (member.status === "invited") return ["deactivate"];
  return [member.isAdmin ? "removeAdmin" : "makeAdmin", "deactivate"];
}

/** The members: searched, sorted by a column header, a page at a time; each row's actions confirmed. */
export function MembersTable() {
  const { t } = useTranslation("company");
  const search = usePagedSearch();
  const [sort, setSort] = useState<Pick<MemberListQuery, "sortedColumn" | "descending">>({
    sortedColumn: "invitedAt",
    descending: true,
  });
  const query = { ...sort, page: search.page, size: PAGE_SIZE };
  const members = useMembers({ ...query, search: search.sent });
  const [pending, setPending] = useState<{ action: MemberAction; member: CompanyMember } | null>(null);

  const sortBy = (column: MemberSortColumn) => {
    setSort((current) => ({
      sortedColumn: column,
      descending: current.sortedColumn === column ? !current.descending : false,
    }));
    search.setPage(0);
  };

  return (
    <Stack gap="md">
      <Group justify="space-between" gap="sm">
        <Title order={2}>{t("members.heading")}</Title>
        <SearchField label={t("members.search")} value={search.text} onChange={search.setText} />
      </Group>
      <Loaded query={members} failure={t("members.loadFailed")}>
        {(page) =>
          page.content.length === 0 ? (
            <Text>{t("members.empty")}</Text>
          ) : (
            <>
              <Text size="sm" c="dimmed" role="status">
                {t("members.count", { count: page.totalElements })}
              </Text>
              <Table.ScrollContainer minWidth={720} type="native">
                <Table verticalSpacing="sm" highlightOnHover>
                  <Table.Thead>
                    <Table.Tr>
                      {SORTABLE_COLUMNS.map(([column, label]) => (
                        <SortableHeader
                          key={column}
                          column={column}
                          label={t(`members.columns.${label}`)}
                          query={query}
                          onSort={sortBy}
                        />
                      ))}
                      <Table.Th scope="col">
                        <VisuallyHidden>{t("members.columns.actions")}</VisuallyHidden>
                      </Table.Th>
                    </Table.Tr>
                  </Table.Thead>
                  <Table.Tbody>
                    {page.content.map((member) => (
                      <MemberRow
                        key={member.id}
                        member={member}
                        onAction={(action) => setPending({ action, member })}
                      />
                    ))}
                  </Table.Tbody>
                </Table>
              </Table.ScrollContainer>
              <ListPagination
                page={query.page}
                totalPages={page.totalPages}
                onChange={search.setPage}
                label={t("members.pages")}
              />
            </>
          )
        }
      </Loaded>
      {pending !== null ? <ConfirmAction {...pending} onClose={() => setPending(null)} /> : null}
    </Stack>
  );
}

function SortableHeader({
  column,
  label,
  query,
  onSort,
}: {
  column: MemberSortColumn;
  label: string;
  query: Pick<MemberListQuery, "sortedColumn" | "descending">;
  onSort: (column: MemberSortColumn) => void;
}) {
  const { t } = useTranslation("company");
  const sorted = query.sortedColumn === column;
  const Arrow = query.descending ? IconArrowDown : IconArrowUp;
  return (
    <Table.Th scope="col" aria-sort={sorted ? (query.descending ? "descending" : "ascending") : "none"}>
      <UnstyledButton
        onClick={() => onSort(column)}
        fw={700}
        fz="sm"
        title={t("members.sortBy", { column: label })}
      >
        <Group gap={4} wrap="nowrap" component="span">
          {label}
          {sorted ? <Arrow size={14} aria-hidden="true" /> : null}
        </Group>
      </UnstyledButton>
    </Table.Th>
  );
}

function MemberRow({
  member,
  onAction,
}: {
  member: CompanyMember;
  onAction: (action: MemberAction) => void;
}) {
  const { t, i18n } = useTranslation("company");
  const date = (moment: number) => formatDay(moment, currentLanguage(i18n));
  const name = `${member.firstName} ${member.lastName}`.trim();
  return (
    <Table.Tr>
      <Table.Td>
        <Group gap={6} wrap="nowrap">
          {name}
          {member.isAdmin ? <IconShieldCheck size={16} role="img" aria-label={t("members.admin")} /> : null}
        </Group>
      </Table.Td>
      <Table.Td style={{ overflowWrap: "anywhere" }}>{member.email}</Table.Td>
      <Table.Td>
        <Badge color={STATUS_COLOR[member.status]} variant="light">
          {t(`status.${member.status}`)}
        </Badge>
      </Table.Td>
      <Table.Td>{date(member.invitedAt)}</Table.Td>
      <Table.Td>{member.activatedAt === null ? "—" : date(member.activatedAt)}</Table.Td>
      <Table.Td>
        <Menu position="bottom-end" withinPortal>
          <Menu.Target>
            <ActionIcon variant="subtle" aria-label={t("actions.menu", { name })}>
              <IconDots size={18} aria-hidden="true" />
            </ActionIcon>
          </Menu.Target>
          <Menu.Dropdown>
            {actionsFor(member).map((action) => (
              <Menu.Item
                key={action}
                color={action === "deactivate" ? "red" : undefined}
                onClick={() => onAction(action)}
              >
                {t(`actions.${action}`)}
              </Menu.Item>
            ))}
          </Menu.Dropdown>
        </Menu>
      </Table.Td>
    </Table.Tr>
  );
}

function ConfirmAction({
  action,
  member,
  onClose,
}: {
  action: MemberAction;
  member: CompanyMember;
  onClose: () => void;
}) {
  const { t } = useTranslation("company");
  const act = useMemberAction();
  const name = `${member.firstName} ${member.lastName}`.trim() || member.email;
  return (
    <ConfirmDialog
      opened
      title={t(`actions.${action}`)}
      confirmLabel={t("actions.yes")}
      cancelLabel={t("actions.cancel")}
      destructive={action === "deactivate"}
      pending={act.isPending}
      error={formError(t, act.error)}
      onCancel={onClose}
      onConfirm={() =>
        act.mutate(
          { action, id: member.id },
          {
            onSuccess: () => {
              showToast(t(`actions.done.${action}`, { name }));
              onClose();
            },
          },
        )
      }
    >
      {t(`actions.confirm.${action}`, { name })}
    </ConfirmDialog>
  );
}
