import "@mantine/core/styles/Kbd.css";
import { ActionIcon, Button, Kbd } from "@mantine/core";
import { useHotkeys } from "@mantine/hooks";
import { IconSearch } from "@tabler/icons-react";
import { lazy, Suspense, useState } from "react";
import { useTranslation } from "react-i18next";

/** How the shortcut reads on this keyboard: ⌘ on Apple's, Ctrl elsewhere (useHotkeys' "mod"). */
const SHORTCUT = /Mac|iPhone|iPad|iPod/.test(globalThis.navigator?.userAgent ?? "") ? "⌘ K" : "Ctrl K";

/** The spotlight and its CSS load on first use: the header itself stays light. */
const SearchSpotlight = lazy(() =>
  import("./SearchSpotlight.tsx").then((m) => ({ default: m.SearchSpotlight })),
);

/**
 * The header's search: a button (an icon on narrow screens), Ctrl/Cmd+K and "/" anywhere outside
 * a text field. Each opens the search spotlight (SearchSpotlight.tsx).
 */
export function SearchButton() {
  const { t } = useTranslation("common");
  // Each request to open counts: the spotlight opens on every new one, whatever closed it last.
  const [openings, setOpenings] = useState(0);
  const open = () => setOpenings((count) => count + 1);
  useHotkeys([
    ["mod+K", open],
    ["/", open],
  ]);
  const label = t("header.search");
  return (
    <>
      <Button
        variant="default"
        visibleFrom="sm"
        leftSection={<IconSearch size={16} aria-hidden="true" />}
        rightSection={<Kbd size="xs">{SHORTCUT}</Kbd>}
        onClick={open}
        aria-keyshortcuts="Control+K Meta+K /"
      >
        {label}
      </Button>
      <ActionIcon
        variant="default"
        size="lg"
        hiddenFrom="sm"
        onClick={open}
        aria-label={label}
        aria-keyshortcuts="Control+K Meta+K /"
      >
        <IconSearch size={20} aria-hidden="true" />
      </ActionIcon>
      {openings > 0 && (
        <Suspense fallback={null}>
          <SearchSpotlight openings={openings} />
        </Suspense>
      )}
    </>
  );
}
