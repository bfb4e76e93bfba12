import "@mantine/core/styles/AppShell.css";
import { AppShell, em } from "@mantine/core";
import { useDisclosure, useMediaQuery } from "@mantine/hooks";
import { lazy, Suspense, useEffect } from "react";
import { useTranslation } from "react-i18next";
import { Outlet, useLocation } from "react-router";
import { BREAKPOINTS_PX } from "../../domain/limits.ts";
import { AppHeader } from "./AppHeader.tsx";
import classes from "./DashboardLayout.module.css";
import { GO_TO_TOP_CLEARANCE_PX } from "./goToTopPlace.ts";
import { OpenFileBanner } from "./OpenFileBanner.tsx";
import { PageLoader } from "./PageLoader.tsx";
import { SideMenu } from "./SideMenu.tsx";
import { MAIN_CONTENT_ID, SkipLink } from "./SkipLink.tsx";
import { SIDE_MENU_ID } from "./sideMenuIds.ts";
import { UnsavedChangesGuard } from "./unsaved/UnsavedChangesGuard.tsx";
import { useAfterFirstPaint } from "./useAfterFirstPaint.ts";
import { useMenuLabels } from "./useMenuLabels.ts";

// Loaded once the frame is painted, so a nominee's request never delays the dashboard itself.
const PendingRequestBanner = lazy(() =>
  import("../features/shared-by-me/PendingRequestBanner.tsx").then((m) => ({
    default: m.PendingRequestBanner,
  })),
);

// The frame's dialogs, toasts and Go to Top, once it is painted (FrameAfterPaint.tsx says why).
const FrameAfterPaint = lazy(() =>
  import("./FrameAfterPaint.tsx").then((m) => ({ default: m.FrameAfterPaint })),
);

const NAVBAR_WIDTH = { labels: 300, icons: 72 } as const;

/**
 * Same query as AppShell's own for the navbar breakpoint (max-width in em), so the burger shows
 * exactly when the navbar turns into a drawer: at 991 px and below.
 */
const MOBILE_QUERY = `(max-width: ${em(BREAKPOINTS_PX.shellMobile)})`;

/** The signed-in frame: header, side menu, and the screen in the main region. */
export function DashboardLayout() {
  const { t } = useTranslation("common");
  const { pathname } = useLocation();
  const isMobile = useMediaQuery(MOBILE_QUERY, false, { getInitialValueInEffect: false }) ?? false;
  const [drawerOpened, drawer] = useDisclosure(false);
  const [labelsShown, toggleLabels] = useMenuLabels();
  const painted = useAfterFirstPaint();

  // The drawer closes once a link has taken the reader elsewhere.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on navigation, by design
  useEffect(() => drawer.close(), [pathname]);

  // The drawer always shows labels: it is full width and there is room.
  const showLabels = labelsShown || isMobile;

  return (
    <AppShell
      header={{ height: 60 }}
      navbar={{
        width: showLabels ? NAVBAR_WIDTH.labels : NAVBAR_WIDTH.icons,
        breakpoint: BREAKPOINTS_PX.shellMobile,
        collapsed: { mobile: !drawerOpened },
      }}
      padding="md"
    >
      <SkipLink />
      <AppShell.Header>
        <AppHeader burger={{ opened: drawerOpened, toggle: drawer.toggle }} />
      </AppShell.Header>
      <AppShell.Navbar
        id={SIDE_MENU_ID}
        aria-label={t("menu.label")}
        p={showLabels ? "md" : "xs"}
        className={classes.navbar}
        // A closed drawer is only moved off-screen: keep its links out of reach too.
        inert={isMobile && !drawerOpened}
        mod={{ "drawer-closed": isMobile && !drawerOpened }}
      >
        <AppShell.Section grow style={{ overflowY: "auto" }}>
          {/* A phone's closed drawer is drawn after the screen, off its first paint. */}
          {(!isMobile || painted || drawerOpened) && (
            <SideMenu labelsShown={showLabels} onToggleLabels={isMobile ? undefined : toggleLabels} />
          )}
        </AppShell.Section>
      </AppShell.Navbar>
      <AppShell.Main id={MAIN_CONTENT_ID} tabIndex={-1} pb={GO_TO_TOP_CLEARANCE_PX}>
        <OpenFileBanner />
        {painted && (
          <Suspense fallback={null}>
            <PendingRequestBanner />
          </Suspense>
        )}
        <Suspense fallback={<PageLoader />}>
          <Outlet />
        </Suspense>
      </AppShell.Main>
      <UnsavedChangesGuard />
      {painted && (
        <Suspense fallback={null}>
          <FrameAfterPaint />
        </Suspense>
      )}
    </AppShell>
  );
}
