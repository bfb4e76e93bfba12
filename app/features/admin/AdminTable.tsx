import { useTranslation } from "react-i18next";
import { PagedTable, type PagedTableProps, type TableColumn } from "../../components/PagedTable.tsx";
import { ArchiveAction } from "./ArchiveAction.tsx";

/** The admin lists, each with its texts under its own key of the admin namespace. */
type AdminList = "users" | "companies" | "audit" | "products" | "codes" | "charities";

type AdminTableProps<Item> = Omit<PagedTableProps<Item>, "label" | "failure" | "empty" | "paging"> & {
  list: AdminList;
  paging?: { page: number; onChange: (page: number) => void };
};

/** An admin list as the shared table: named by its heading, with its empty, failure and pages texts. */
export function AdminTable<Item>({ list, paging, ...table }: AdminTableProps<Item>) {
  const { t } = useTranslation("admin");
  return (
    <PagedTable
      {...table}
      label={t(`${list}.heading`)}
      failure={t(`${list}.loadFailed`)}
      empty={t(`${list}.empty`)}
      {...(paging === undefined ? {} : { paging: { ...paging, label: t(`${list}.pages`) } })}
    />
  );
}

/**
 * A billing list's status (archived or not) and its row's Archive with the confirmation, which an
 * archived row no longer offers.
 */
export function useArchiveColumns<Item extends { archived: boolean }>(
  list: "products" | "codes" | "charities",
  nameOf: (item: Item) => string,
  archive: (item: Item) => Promise<unknown>,
): { status: TableColumn<Item>; archive: TableColumn<Item> } {
  const { t } = useTranslation("admin");
  return {
    status: {
      header: t("status.heading"),
      cell: (item) => (item.archived ? t("status.archived") : t("status.active")),
    },
    archive: {
      header: t("actions"),
      hideHeader: true,
      cell: (item) => {
        if (item.archived) return null;
        const name = nameOf(item);
        return (
          <ArchiveAction
            name={name}
            title={t(`${list}.archive.title`)}
            question={t(`${list}.archive.question`, { name, code: name })}
            done={t(`${list}.archive.done`, { name, code: name })}
            archive={() => archive(item)}
          />
        );
      },
    },
  };
}
