import { Container, Paper } from "@mantine/core";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { LanguageSwitch } from "../../i18n/LanguageSwitch.tsx";
import { LOGIN_PATH } from "../../session/homeRoute.ts";
import { ProductName } from "../../shell/ProductName.tsx";
import { MAIN_CONTENT_ID, SkipLink } from "../../shell/SkipLink.tsx";
import classes from "./AuthLayout.module.css";
import { LoginSlideshow } from "./LoginSlideshow.tsx";
import { MarketingNav } from "./MarketingNav.tsx";

/**
 * Frame of sign-in, registration and password pages (spec /login): the marketing header, the
 * background slideshow, and the page's card in the main region.
 */
export function AuthLayout({ children }: { children: ReactNode }) {
  const { t } = useTranslation("common");
  return (
    <div className={classes.page}>
      <SkipLink />
      <header className={classes.header}>
        <Container size="lg" className={classes.headerInner}>
          <ProductName to={LOGIN_PATH} label={t("header.home")} />
          <MarketingNav />
          <LanguageSwitch />
        </Container>
      </header>
      <div className={classes.stage}>
        <main id={MAIN_CONTENT_ID} tabIndex={-1} className={classes.main}>
          <Paper className={classes.card} withBorder shadow="md" radius="lg" p={{ base: "lg", xs: "xl" }}>
            {children}
          </Paper>
          {/* After the card: its pause button comes after the form in the reading order. */}
          <LoginSlideshow />
        </main>
      </div>
    </div>
  );
}
