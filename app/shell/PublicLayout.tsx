import { Box, Container, Group } from "@mantine/core";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { LanguageSwitch } from "../i18n/LanguageSwitch.tsx";
import { ProductName } from "./ProductName.tsx";
import classes from "./PublicLayout.module.css";
import { MAIN_CONTENT_ID, SkipLink } from "./SkipLink.tsx";

/** Frame of the pages seen without signing in: sign-in, legal pages, links from emails. */
export function PublicLayout({ children, size = "sm" }: { children: ReactNode; size?: "xs" | "sm" | "md" }) {
  const { t } = useTranslation("common");
  return (
    <>
      <SkipLink />
      <Box component="header" className={classes.header}>
        <Container size="lg">
          <Group justify="space-between" h={60} wrap="nowrap">
            <ProductName to="/login" label={t("header.home")} />
            <LanguageSwitch />
          </Group>
        </Container>
      </Box>
      <Container component="main" id={MAIN_CONTENT_ID} tabIndex={-1} size={size} py="xl">
        {children}
      </Container>
    </>
  );
}
