import { Anchor } from "@mantine/core";
import { OWN_GROUP } from "../../../domain/catalog/relationships.ts";
import type { PersonListItem } from "../../../domain/schemas/person.ts";
import { viewPath } from "../../shell/recordPaths.ts";
import { ContactSummaryPopup } from "./ContactSummaryPopup.tsx";
import { fullName } from "./personDisplay.ts";
import { PERSONAL_DETAILS_SEGMENT, sectionPath } from "./sections.ts";

/** A person's full view: the personal details page for the user's own record, else their group's view. */
export function personViewHref(person: Pick<PersonListItem, "id" | "group">): string {
  return person.group === OWN_GROUP
    ? sectionPath(PERSONAL_DETAILS_SEGMENT)
    : viewPath(sectionPath(person.group), person.id);
}

/**
 * A person named where something refers to them (a record's field, an emergency contact, a list
 * cell): a button with the name, or `label` when given, opening the spec's contact summary.
 */
export function PersonReference({ person, label }: { person: PersonListItem; label?: string }) {
  return (
    <ContactSummaryPopup
      contact={{
        name: fullName(person.mainDetails),
        phone: person.contactDetails.phones[0] ?? null,
        email: person.contactDetails.emails[0] ?? null,
      }}
      moreHref={personViewHref(person)}
      trigger={
        // Drawn as the app's links (their colours pass contrast in both themes), but a button.
        <Anchor
          component="button"
          type="button"
          aria-haspopup="dialog"
          underline="always"
          fz="inherit"
          style={{ overflowWrap: "anywhere", textAlign: "start" }}
        >
          {label ?? fullName(person.mainDetails)}
        </Anchor>
      }
    />
  );
}
