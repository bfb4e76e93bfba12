import "@mantine/core/styles/Menu.css";
import { Menu } from "@mantine/core";
import type { ReactElement, ReactNode } from "react";

export interface HeaderMenuProps {
  /** The button that opens it (Mantine's Menu.Target gives it its menu-button attributes). */
  button: ReactElement;
  /** Opened as it mounts: its button was pressed before its code was there (DeferredMenu). */
  defaultOpened?: boolean;
  /** The dropdown's labels and items. */
  children: ReactNode;
}

/** A menu of the header (the theme's, the account's): under its button, aligned to its right edge. */
export function HeaderMenu({ button, defaultOpened = false, children }: HeaderMenuProps) {
  return (
    <Menu
      position="bottom-end"
      withinPortal
      withInitialFocusPlaceholder={false}
      defaultOpened={defaultOpened}
    >
      <Menu.Target>{button}</Menu.Target>
      <Menu.Dropdown>{children}</Menu.Dropdown>
    </Menu>
  );
}
