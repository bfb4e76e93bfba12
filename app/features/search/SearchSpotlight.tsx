import "@mantine/core/styles/ModalBase.css";
import "@mantine/core/styles/Modal.css";
import "@mantine/core/styles/Overlay.css";
import "@mantine/core/styles/ScrollArea.css";
import "@mantine/core/styles/Mark.css";
import "@mantine/spotlight/styles.css";
import { Loader, Mark, Text } from "@mantine/core";
import { useDebouncedValue } from "@mantine/hooks";
import { createSpotlight, Spotlight } from "@mantine/spotlight";
import {
  IconAddressBook,
  IconBuilding,
  IconFileText,
  IconFolder,
  IconSearch,
  IconUser,
} from "@tabler/icons-react";
import { type ReactNode, useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import { LIMITS } from "../../../domain/limits.ts";
import type { OpenableResult, SearchKind } from "../../../domain/schemas/search.ts";
import { isAssignedType } from "../../../domain/sections/assignedTypes.ts";
import { categoryOneKey, fieldLabelKey, moduleLabelKey } from "../../../domain/sections/labels.ts";
import { MODULES, type ModuleKey } from "../../../domain/sections/modules.ts";
import { errorMessage } from "../../api/errorMessages.ts";
import { resultPath } from "./resultPaths.ts";
import { isSearchable, useSearchResults } from "./searchApi.ts";

/*
 * The shell's search (issue 15): Mantine's Spotlight over GET /api/search. Results come grouped
 * by module (and by shared file, for a nominee), the matched words marked; arrows and Enter move
 * and open, as Spotlight does. Loaded on first use, with its CSS, so no other screen carries it.
 */

const [store, spotlight] = createSpotlight();

function isModuleKey(value: string): value is ModuleKey {
  return (MODULES as readonly string[]).includes(value);
}

const ICONS: Record<SearchKind, typeof IconUser> = {
  person: IconUser,
  address: IconAddressBook,
  institution: IconBuilding,
  record: IconFolder,
  document: IconFileText,
};

/** The text with the matched ranges marked. */
function Highlighted({ text, ranges }: { text: string; ranges: readonly [number, number][] }) {
  const parts: ReactNode[] = [];
  let at = 0;
  for (const [start, end] of ranges) {
    if (start < at) continue;
    if (start > at) parts.push(text.slice(at, start));
    parts.push(<Mark key={start}>{text.slice(start, end)}</Mark>);
    at = end;
  }
  parts.push(text.slice(at));
  return <>{parts}</>;
}

type Group = { key: string; label: string; results: OpenableResult[] };

/** `openings` counts the requests to open (SearchButton): each new one opens the spotlight. */
export function SearchSpotlight({ openings }: { openings: number }) {
  const { t } = useTranslation(["search", "sections"]);
  const navigate = useNavigate();
  const [query, setQuery] = useState("");
  const [debounced] = useDebouncedValue(query, 150);
  const search = useSearchResults(debounced);

  useEffect(() => {
    if (openings > 0) spotlight.open();
  }, [openings]);

  const categoryLabel = (category: string) =>
    isAssignedType(category) ? t(categoryOneKey(category)) : category;
  const moduleLabel = (module: string) =>
    isModuleKey(module) ? t(moduleLabelKey(module)) : t("search:group.personal-network");
  const fieldLabel = (result: OpenableResult) => {
    const { field } = result.match;
    if (result.kind === "record" && field !== "category") return t(fieldLabelKey(result.category, field));
    return t(`search:field.${field}`, { defaultValue: field });
  };

  const groups: Group[] = [];
  for (const result of search.data?.results ?? []) {
    const key = `${result.nomineeId ?? ""}:${result.module}`;
    let group = groups.find((candidate) => candidate.key === key);
    if (group === undefined) {
      const label = moduleLabel(result.module);
      group = {
        key,
        label: result.nomineeId === null ? label : t("search:group.shared", { module: label }),
        results: [],
      };
      groups.push(group);
    }
    group.results.push(result);
  }

  let status: ReactNode = null;
  if (!isSearchable(query)) status = t("search:hint", { count: LIMITS.searchWordMin });
  else if (search.isError) status = t("search:error", { message: errorMessage(t, search.error) });
  else if (search.data === undefined || (search.isFetching && debounced !== query))
    status = (
      <>
        <Loader size="xs" mr="xs" aria-hidden="true" />
        {t("search:loading")}
      </>
    );
  else if (search.data.results.length === 0) status = t("search:empty", { query: debounced.trim() });

  return (
    <Spotlight.Root
      store={store}
      query={query}
      onQueryChange={setQuery}
      shortcut={null}
      scrollable
      maxHeight="min(480px, 70vh)"
      title={t("search:title")}
    >
      <Spotlight.Search
        placeholder={t("search:placeholder")}
        aria-label={t("search:title")}
        maxLength={LIMITS.searchQueryMax}
        leftSection={<IconSearch size={18} aria-hidden="true" />}
      />
      <Spotlight.ActionsList aria-label={t("search:title")}>
        {status !== null && (
          <Text role="status" size="sm" p="sm" c="dimmed" display="flex" style={{ alignItems: "center" }}>
            {status}
          </Text>
        )}
        {status === null &&
          groups.map((group) => (
            // Spotlight's own group draws its label with CSS, which screen readers may not read: a heading does.
            <div key={group.key}>
              <Text component="h3" size="xs" fw={700} c="dimmed" px="sm" pt="sm" pb={4} m={0}>
                {group.label}
              </Text>
              {group.results.map((result) => {
                const Icon = ICONS[result.kind];
                const title = result.title ?? categoryLabel(result.category);
                return (
                  <Spotlight.Action
                    key={`${result.nomineeId ?? ""}:${result.kind}:${result.id}`}
                    onClick={() => navigate(resultPath(result))}
                    leftSection={<Icon size={20} aria-hidden="true" />}
                    // Dimmed text on a hovered or selected row falls below AA contrast in the dark theme.
                    dimmedSections={false}
                    rightSection={
                      <Text size="xs" visibleFrom="xs">
                        {result.kind === "record" || result.kind === "document"
                          ? categoryLabel(result.category)
                          : t(`search:kind.${result.kind}`)}
                      </Text>
                    }
                  >
                    <div style={{ minWidth: 0, flex: 1 }}>
                      <Text size="sm" fw={500} truncate>
                        {title}
                      </Text>
                      <Text size="xs" truncate>
                        {fieldLabel(result)}:{" "}
                        <Highlighted text={result.match.text} ranges={result.match.ranges} />
                      </Text>
                    </div>
                  </Spotlight.Action>
                );
              })}
            </div>
          ))}
        {status === null && search.data?.truncated && (
          <Text size="xs" p="sm" c="dimmed">
            {t("search:truncated")}
          </Text>
        )}
      </Spotlight.ActionsList>
    </Spotlight.Root>
  );
}
