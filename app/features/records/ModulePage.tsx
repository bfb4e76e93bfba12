import { Group, Stack } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { categoriesOf } from "../../../domain/sections/index.ts";
import { moduleLabelKey } from "../../../domain/sections/labels.ts";
import { TitleWithHelp } from "../../components/HelpHint.tsx";
import { useScreenTitleKey } from "../../shell/screenHandle.ts";
import { usePageTitle } from "../../shell/usePageTitle.ts";
import { ModuleBinderAction } from "../binder/ModuleBinderAction.tsx";
import { CategoryCards } from "./CategoryCards.tsx";
import { useRecordPlace } from "./recordPlace.ts";

/** /dashboard/{module}: the module's categories, each with its number of records. */
export function ModulePage() {
  const { t } = useTranslation(["records", "sections"]);
  const { module } = useRecordPlace();
  // The menu's label of the module (the route's title), so heading, tab and menu read alike.
  const titleKey = useScreenTitleKey();
  const title = titleKey ? t(`common:${titleKey}`) : t(moduleLabelKey(module));
  usePageTitle(title);

  return (
    <Stack gap="lg">
      <TitleWithHelp title={title} hint={t(`common:help.module.${module}`)} />
      <CategoryCards module={module} categories={categoriesOf(module)} />
      <Group>
        <ModuleBinderAction module={module} />
      </Group>
    </Stack>
  );
}
