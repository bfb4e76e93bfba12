import { Stack, Title } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { useParams } from "react-router";
import { BackArrow } from "../../shell/BackArrow.tsx";
import { PageLoader } from "../../shell/PageLoader.tsx";
import { editableFileOnly } from "../../shell/ReadOnlyFileNotice.tsx";
import { useFormExits } from "../../shell/unsaved/useFormExits.ts";
import { usePageTitle } from "../../shell/usePageTitle.ts";
import { ContactForm } from "./contact-form/ContactForm.tsx";
import { type NetworkPlace, useNetworkPlace } from "./networkSection.ts";
import { fullName } from "./personDisplay.ts";
import { FAMILY_TREE_SEGMENT, PERSONAL_DETAILS_SEGMENT } from "./sections.ts";
import { usePersonDirectory } from "./usePersonDirectory.ts";
import { usePersonGroup } from "./usePersonGroup.ts";

function segmentOf(place: NetworkPlace): string {
  if (place.kind === "list") return place.section.segment;
  return place.kind === "me" ? PERSONAL_DETAILS_SEGMENT : FAMILY_TREE_SEGMENT;
}

/**
 * .../add and .../edit/{id}: the Edit Contact form. After a save, the spec's rule: from add to the
 * new record's view, from edit to the view. Cancel goes back to where the form was opened from.
 */
export const PersonFormPage = editableFileOnly(PersonForm);

function PersonForm() {
  const { t } = useTranslation("network");
  const place = useNetworkPlace();
  const { id } = useParams();
  const exits = useFormExits(id);
  const { group, missing } = usePersonGroup(place, id ?? "");
  const directory = usePersonDirectory();
  const found = id ? directory.get(id) : undefined;
  const name = found ? fullName(found.mainDetails) : undefined;
  const title = id
    ? t("form.editTitle", { name: name ?? t("view.title") })
    : t("form.addTitle", { section: t(`section.${segmentOf(place)}.title`) });
  usePageTitle(title);
  const waitingForGroup = id !== undefined && group === undefined && !missing;

  return (
    <Stack gap="lg" maw={960}>
      <BackArrow to={exits.backTo} />
      <Title order={1}>{title}</Title>
      {waitingForGroup ? (
        <PageLoader />
      ) : (
        <ContactForm
          personId={id}
          group={group}
          familyTree={place.kind === "tree"}
          onSaved={exits.onSaved}
          onCancel={exits.onCancel}
          onDeleted={() => exits.leave(exits.listPath)}
        />
      )}
    </Stack>
  );
}
