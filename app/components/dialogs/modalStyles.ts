/** A modal's title is its heading (h2): set like one, not like body text as Mantine does. */
export const MODAL_STYLES = { title: { fontWeight: 700, fontSize: "var(--mantine-font-size-lg)" } };
