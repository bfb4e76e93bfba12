import "@mantine/core/styles/Pagination.css";
import { Pagination } from "@mantine/core";
import { useTranslation } from "react-i18next";

export interface ListPaginationProps {
  /** Pages count from 0, as the API's paged lists do. */
  page: number;
  totalPages: number;
  onChange: (page: number) => void;
  /** What the pages are of ("Member pages"), for the navigation's name. */
  label: string;
}

/** A paged list's page links in a navigation landmark, each named; nothing when there is one page. */
export function ListPagination({ page, totalPages, onChange, label }: ListPaginationProps) {
  const { t } = useTranslation("common");
  if (totalPages <= 1) return null;
  return (
    <nav aria-label={label}>
      <Pagination
        total={totalPages}
        value={page + 1}
        onChange={(value) => onChange(value - 1)}
        getControlProps={(control) => ({ "aria-label": t(`pagination.${control}`) })}
        getItemProps={(value) => ({ "aria-label": t("pagination.page", { page: value }) })}
      />
    </nav>
  );
}
