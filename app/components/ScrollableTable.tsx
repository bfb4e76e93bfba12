import "@mantine/core/styles/Table.css";
import { Table } from "@mantine/core";
import type { ReactNode } from "react";

export interface ScrollableTableProps {
  /** Names the region a keyboard user scrolls ("Audit log entries"). */
  label: string;
  /** Below this width the table scrolls sideways inside its region, not the page. */
  minWidth: number;
  children: ReactNode;
}

/**
 * A wide table of plain text that scrolls sideways on a phone. With nothing in it to tab to, the
 * region itself takes the focus, so the keyboard can scroll it too (WCAG 2.1.1).
 */
export function ScrollableTable({ label, minWidth, children }: ScrollableTableProps) {
  return (
    <Table.ScrollContainer minWidth={minWidth} type="native" tabIndex={0} role="region" aria-label={label}>
      {children}
    </Table.ScrollContainer>
  );
}
