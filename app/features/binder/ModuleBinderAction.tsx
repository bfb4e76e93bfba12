import { useTranslation } from "react-i18next";
import { moduleLabelKey } from "../../../domain/sections/labels.ts";
import { BinderAction } from "./BinderAction.tsx";
import type { BinderModule } from "./binderApi.ts";

/** A module page's binder: that module of the owner's file. */
export function ModuleBinderAction({ module }: { module: BinderModule }) {
  const { t } = useTranslation(["binder", "sections"]);
  return (
    <BinderAction
      source={{ kind: "owner", module }}
      label={t("binder:app.module.label")}
      description={t("binder:app.module.description", { module: t(moduleLabelKey(module)) })}
    />
  );
}
