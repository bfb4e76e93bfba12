import "@mantine/core/styles/Table.css";
import { Stack, Table, Text, VisuallyHidden } from "@mantine/core";
import type { UseQueryResult } from "@tanstack/react-query";
import type { ReactNode } from "react";
import type { Page } from "../../domain/schemas/page.ts";
import { ListPagination } from "./ListPagination.tsx";
import { Loaded } from "./Loaded.tsx";
import { ScrollableTable } from "./ScrollableTable.tsx";

/** One column: its heading and what each row shows in it. */
export interface TableColumn<Item> {
  /** Names the column; kept for screen readers only when `hideHeader` (a column of actions). */
  header: string;
  hideHeader?: boolean;
  cell: (item: Item) => ReactNode;
  /** Amounts line up on their last digit. */
  alignEnd?: boolean;
  /** Long values without spaces (ids, codes) wrap rather than widen the table. */
  breakAnywhere?: boolean;
}

export interface PagedTableProps<Item> {
  /** A page of the server's paged list, or a whole list read at once. */
  query: UseQueryResult<Page<Item> | Item[]>;
  columns: TableColumn<Item>[];
  rowKey: (item: Item) => string;
  /** Names the table and the region a keyboard user scrolls it in. */
  label: string;
  /** Below this width the table scrolls sideways inside its region, not the page. */
  minWidth: number;
  /** Said when the call failed, above Try again. */
  failure: string;
  /** Said when there is nothing to list. */
  empty: string;
  /** A paged list's page and its links' name; the page is counted from 0. */
  paging?: { page: number; onChange: (page: number) => void; label: string };
  /** How many there are in all ("3 accounts"), said above the table. */
  count?: (total: number) => string;
}

/**
 * A list as a table, a page at a time: a loader until the first answer, its failure with Try
 * again, a sentence when it is empty, and the page links under it. While another page loads the
 * one shown stays, marked busy.
 */
export function PagedTable<Item>(props: PagedTableProps<Item>) {
  const { query, columns, rowKey, label, minWidth, failure, empty, paging, count } = props;
  return (
    <Loaded query={query} failure={failure}>
      {(data) => {
        const items = Array.isArray(data) ? data : data.content;
        if (items.length === 0) return <Text>{empty}</Text>;
        const total = Array.isArray(data) ? data.length : data.totalElements;
        return (
          <Stack gap="sm">
            {count ? (
              <Text size="sm" c="dimmed" role="status">
                {count(total)}
              </Text>
            ) : null}
            <ScrollableTable label={label} minWidth={minWidth}>
              <Table verticalSpacing="sm" aria-label={label} aria-busy={query.isPlaceholderData}>
                <Table.Thead>
                  <Table.Tr>
                    {columns.map((column) => (
                      <Table.Th key={column.header} scope="col" ta={column.alignEnd ? "end" : undefined}>
                        {column.hideHeader ? <VisuallyHidden>{column.header}</VisuallyHidden> : column.header}
                      </Table.Th>
                    ))}
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {items.map((item) => (
                    <Table.Tr key={rowKey(item)}>
                      {columns.map((column) => (
                        <Table.Td
                          key={column.header}
                          ta={column.alignEnd ? "end" : undefined}
                          style={column.breakAnywhere ? { overflowWrap: "anywhere" } : undefined}
                        >
                          {column.cell(item)}
                        </Table.Td>
                      ))}
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </ScrollableTable>
            {paging && !Array.isArray(data) ? (
              <ListPagination
                page={paging.page}
                totalPages={data.totalPages}
                onChange={paging.onChange}
                label={paging.label}
              />
            ) : null}
          </Stack>
        );
      }}
    </Loaded>
  );
}
