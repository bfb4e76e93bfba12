import "@mantine/core/styles/ModalBase.css";
import "@mantine/core/styles/Modal.css";
import "@mantine/core/styles/Overlay.css";
import { Modal, type ModalProps } from "@mantine/core";
import { MODAL_STYLES } from "./modalStyles.ts";
import { useOpenedOnce } from "./useOpenedOnce.ts";

/**
 * Every dialog of the app: Mantine's Modal, with its title set as a heading, mounted from its first
 * opening rather than with the page that holds it.
 */
export function Dialog({ opened, styles = MODAL_STYLES, ...props }: ModalProps) {
  const seen = useOpenedOnce(opened);
  return seen ? <Modal opened={opened} styles={styles} {...props} /> : null;
}
