import { Group } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { AccountSection } from "../account/AccountSection.tsx";
import { BinderAction } from "./BinderAction.tsx";

/** My Account's "Emergency binder": the whole file as one PDF. */
export function BinderSection() {
  const { t } = useTranslation("binder");
  return (
    <AccountSection title={t("app.section.heading")} description={t("app.section.intro")}>
      <Group>
        <BinderAction
          source={{ kind: "owner" }}
          label={t("app.whole.label")}
          description={t("app.whole.description")}
        />
      </Group>
    </AccountSection>
  );
}
