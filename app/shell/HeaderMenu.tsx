import "@mantine/core/styles/Menu.css";
import { Menu } from "@mantine/core";
import { type ReactElement, type ReactNode, useEffect, useId, useState } from "react";

export interface HeaderMenuProps {
  /** The button that opens it (Mantine's Menu.Target gives it its menu-button attributes). */
  button: ReactElement;
  /** Opens as soon as it is drawn: its button was pressed before its code was there (DeferredMenu). */
  openAtMount?: boolean;
  /** The dropdown's labels and items. */
  children: ReactNode;
}

/** A menu of the header (the theme's, the account's): under its button, aligned to its right edge. */
export function HeaderMenu({ button, openAtMount = false, children }: HeaderMenuProps) {
  // Mantine names the menu's button by the menu's id.
  const id = useId();
  const [opened, setOpened] = useState(false);
  // The press that asked for it was on a button now gone: this one takes the focus before the
  // menu opens, so that closing it gives the focus back here, as after any later press.
  useEffect(() => {
    if (!openAtMount) return;
    document.getElementById(id)?.focus();
    setOpened(true);
  }, [openAtMount, id]);
  return (
    <Menu
      id={id}
      opened={opened}
      onChange={setOpened}
      position="bottom-end"
      withinPortal
      withInitialFocusPlaceholder={false}
    >
      <Menu.Target>{button}</Menu.Target>
      <Menu.Dropdown>{children}</Menu.Dropdown>
    </Menu>
  );
}
