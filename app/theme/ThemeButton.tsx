import { ActionIcon, type ActionIconProps } from "@mantine/core";
import { IconPalette } from "@tabler/icons-react";
import type { ComponentPropsWithRef } from "react";
import { useTranslation } from "react-i18next";
import { useThemePreference } from "./themePreference.ts";

/** The theme menu's button, naming the current theme; drawn alone until the menu's code arrives. */
export function ThemeButton(props: ActionIconProps & ComponentPropsWithRef<"button">) {
  const { t } = useTranslation("common");
  const [theme] = useThemePreference();
  return (
    <ActionIcon
      variant="default"
      size="lg"
      aria-label={t("theme.current", {
        mode: t(`theme.mode.${theme.mode}`),
        accent: t(`theme.accent.${theme.accent}`),
      })}
      {...props}
    >
      <IconPalette size={20} aria-hidden="true" />
    </ActionIcon>
  );
}
