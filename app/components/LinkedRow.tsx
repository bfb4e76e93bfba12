import { Table, VisuallyHidden } from "@mantine/core";
import type { ReactNode } from "react";
import { Link, useNavigate } from "react-router";

export interface LinkedRowProps {
  /** Where the row leads (the spec: the current path plus /view/{id}). */
  to: string;
  /** The link's shown text ("View"). */
  label: string;
  /** Said after it to screen readers, to tell the rows' links apart ("record 2"). */
  hiddenLabel: string;
  children: ReactNode;
  "data-testid"?: string;
}

/**
 * A list row that opens its detail when clicked, ending with the row's one link for keyboard and
 * screen-reader users (the row's click is for the mouse and does not double it).
 */
export function LinkedRow({ to, label, hiddenLabel, children, "data-testid": testId }: LinkedRowProps) {
  const navigate = useNavigate();
  return (
    <Table.Tr onClick={() => navigate(to)} style={{ cursor: "pointer" }} data-testid={testId}>
      {children}
      <Table.Td>
        <Link to={to} onClick={(event) => event.stopPropagation()}>
          {label} <VisuallyHidden>{hiddenLabel}</VisuallyHidden>
        </Link>
      </Table.Td>
    </Table.Tr>
  );
}
