import { ActionIcon, type ActionIconProps } from "@mantine/core";
import { IconUserCircle } from "@tabler/icons-react";
import type { ComponentPropsWithRef } from "react";
import { useTranslation } from "react-i18next";

/** The account menu's button, drawn alone until the menu's code arrives (DeferredMenu). */
export function AccountButton(props: ActionIconProps & ComponentPropsWithRef<"button">) {
  const { t } = useTranslation("common");
  return (
    <ActionIcon variant="default" size="lg" aria-label={t("header.account")} {...props}>
      <IconUserCircle size={20} aria-hidden="true" />
    </ActionIcon>
  );
}
