import { Stack } from "@mantine/core";
import type { ComponentType } from "react";
import type { CategoryDef } from "../../../domain/sections/types.ts";
import { BackArrow } from "../../shell/BackArrow.tsx";
import { RecordNotFound } from "./RecordNotFound.tsx";
import { useRecordPlace } from "./recordPlace.ts";

/**
 * A page of one record category (its list, view or form): the screen for the category the path
 * names, or "not found" for a path that names none. The screen is keyed by the category, so moving
 * to another category's page starts it afresh.
 */
export function categoryPage(Screen: ComponentType<{ category: CategoryDef }>): ComponentType {
  return function CategoryPage() {
    const { category } = useRecordPlace();
    if (!category) {
      return (
        <Stack gap="lg">
          <BackArrow />
          <RecordNotFound />
        </Stack>
      );
    }
    return <Screen key={category.key} category={category} />;
  };
}
