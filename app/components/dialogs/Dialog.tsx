import type { DrawerProps, ModalProps } from "@mantine/core";
import { useEffect } from "react";
import { lazyModule, useLazyModule } from "../lazy/useLazyModule.ts";
import { useOpenedOnce } from "./useOpenedOnce.ts";

/** A dialog's title is its heading (h2): set like one, not like body text as Mantine does. */
const MODAL_STYLES = { title: { fontWeight: 700, fontSize: "var(--mantine-font-size-lg)" } };

const dialogsModule = lazyModule(() => import("./mantineDialogs.ts"));

/** Fetches the dialogs' code now rather than at a first opening. */
export function preloadDialogs(): Promise<unknown> {
  return dialogsModule.load();
}

let preloadArmed = false;

/** A dialog opens from a click or a key: the first of either on a page that holds one fetches its code. */
function preloadOnFirstInteraction() {
  if (preloadArmed || dialogsModule.loaded() !== null) return;
  preloadArmed = true;
  for (const type of ["pointerdown", "keydown"]) {
    window.addEventListener(type, () => void preloadDialogs(), { once: true, capture: true, passive: true });
  }
}

/**
 * Mantine's dialogs once `opened` has been true and their code has arrived; null before. Neither
 * their code nor their rendering comes with the page that holds them: the code follows the
 * reader's first click or key, the rendering the first opening.
 */
function useDialogs(opened: boolean) {
  const seen = useOpenedOnce(opened);
  const library = useLazyModule(dialogsModule, seen);
  useEffect(preloadOnFirstInteraction, []);
  return seen ? library : null;
}

/** Every dialog of the app: Mantine's Modal, with its title set as a heading. */
export function Dialog({ opened, styles = MODAL_STYLES, ...props }: ModalProps) {
  const library = useDialogs(opened);
  return library ? <library.Modal opened={opened} styles={styles} {...props} /> : null;
}

/** A sheet from the edge of a phone's screen: Mantine's Drawer, titled like a dialog. */
export function Sheet({ opened, styles = MODAL_STYLES, ...props }: DrawerProps) {
  const library = useDialogs(opened);
  return library ? <library.Drawer opened={opened} styles={styles} {...props} /> : null;
}
