import { useMediaQuery } from "@mantine/hooks";
import { useId } from "react";
import { useTranslation } from "react-i18next";
import { relationshipGroupLabelKey } from "../../../domain/catalog/relationships.ts";
import type { FamilyTree as Tree } from "../../../domain/familyTree.ts";
import { BREAKPOINTS_PX } from "../../../domain/limits.ts";
import type { PersonListItem } from "../../../domain/schemas/person.ts";
import { ContactSummaryPopup } from "./ContactSummaryPopup.tsx";
import classes from "./FamilyTree.module.css";
import { PersonAvatar } from "./PersonAvatar.tsx";
import { useTypeLabel } from "./PersonCard.tsx";
import { fullName } from "./personDisplay.ts";

const STACKED_QUERY = `(max-width: ${BREAKPOINTS_PX.popover - 0.02}px)`;

type GenerationKey = "grandparents" | "parents" | "self" | "children" | "otherDependents";

export interface FamilyTreeProps {
  tree: Tree;
  /** The full view of one person ("More details" in the summary popup). */
  viewHrefOf: (person: PersonListItem) => string;
}

function TreeNode({ person, self, viewHref }: { person: PersonListItem; self: boolean; viewHref: string }) {
  const { t } = useTranslation(["network", "catalog"]);
  const typeLabel = useTypeLabel();
  const name = fullName(person.mainDetails);
  const relation = self
    ? t("tree.you")
    : (typeLabel(person.type) ?? t(`catalog:${relationshipGroupLabelKey(person.group)}`));
  const phone = person.contactDetails.phones[0] ?? null;
  return (
    <ContactSummaryPopup
      contact={{ name, phone, email: person.contactDetails.emails[0] ?? null }}
      moreHref={viewHref}
      trigger={
        <button type="button" className={self ? `${classes.node} ${classes.self}` : classes.node}>
          <PersonAvatar name={person.mainDetails} imageSrc={person.mainDetails.imageSrc} size={48} />
          <span className={classes.text}>
            <span className={classes.name}>{name}</span> <span className={classes.relation}>{relation}</span>
          </span>
        </button>
      }
    />
  );
}

function Generation({
  label,
  persons,
  self,
  viewHrefOf,
}: {
  label: string;
  persons: PersonListItem[];
  self: PersonListItem | null;
  viewHrefOf: (person: PersonListItem) => string;
}) {
  const headingId = useId();
  return (
    <section className={classes.generation} aria-labelledby={headingId}>
      <h2 id={headingId} className={classes.heading}>
        {label}
      </h2>
      <ul className={classes.row} aria-labelledby={headingId}>
        {persons.map((person) => (
          <li key={person.id} className={classes.member}>
            <TreeNode person={person} self={person === self} viewHref={viewHrefOf(person)} />
          </li>
        ))}
      </ul>
    </section>
  );
}

/**
 * The owner's immediate family drawn generation by generation, each a labelled list of buttons
 * that open the person's summary. Under 800 px the generations stack as plain lists.
 */
export function FamilyTree({ tree, viewHrefOf }: FamilyTreeProps) {
  const { t } = useTranslation("network");
  const stacked = useMediaQuery(STACKED_QUERY, false, { getInitialValueInEffect: false }) ?? false;
  const generations: { key: GenerationKey; persons: PersonListItem[] }[] = [
    { key: "grandparents", persons: tree.grandparents },
    { key: "parents", persons: tree.parents },
    { key: "self", persons: [...tree.siblings, ...(tree.me ? [tree.me] : []), ...tree.partners] },
    { key: "children", persons: tree.children },
    { key: "otherDependents", persons: tree.otherDependents },
  ];
  return (
    <div className={classes.tree} data-layout={stacked ? "stacked" : "tree"} data-testid="family-tree">
      {generations
        .filter((generation) => generation.persons.length > 0)
        .map((generation) => (
          <Generation
            key={generation.key}
            label={t(`tree.generation.${generation.key}`)}
            persons={generation.persons}
            self={tree.me}
            viewHrefOf={viewHrefOf}
          />
        ))}
    </div>
  );
}
