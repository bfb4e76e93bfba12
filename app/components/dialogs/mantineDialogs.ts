import "@mantine/core/styles/ModalBase.css";
import "@mantine/core/styles/Modal.css";
import "@mantine/core/styles/Drawer.css";
import "@mantine/core/styles/Overlay.css";

/** Mantine's Modal and Drawer with their styles, a chunk of their own that Dialog and Sheet fetch. */
export { Drawer, Modal } from "@mantine/core";
