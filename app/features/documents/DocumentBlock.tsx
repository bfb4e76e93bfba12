import "@mantine/core/styles/Card.css";
import { Button, Card, Group, Stack, Text } from "@mantine/core";
import {
  IconDownload,
  IconEye,
  IconFile,
  IconFileOff,
  IconFileText,
  IconFileTypePdf,
  IconPhoto,
  IconTrash,
  type TablerIcon,
} from "@tabler/icons-react";
import { type ReactNode, useId } from "react";
import { useTranslation } from "react-i18next";
import { formatDate } from "../../../domain/dates.ts";
import { type Fact, FactList } from "../../components/FactList.tsx";
import { useRecordSource } from "../records/recordSource.tsx";
import { type DocumentItem, isPdf } from "./api.ts";
import { assignedModuleKey, assignedTypeKey } from "./format.ts";
import { type FileFormat, fileFormat, formatFileSize } from "./libraryView.ts";

const KIND_ICONS: Record<FileFormat, TablerIcon> = {
  pdf: IconFileTypePdf,
  image: IconPhoto,
  text: IconFileText,
  other: IconFile,
  none: IconFileOff,
};

export interface DocumentBlockProps {
  document: DocumentItem;
  /** Shows Delete; it is disabled (with the reason said) when `canDelete` is false. */
  onDelete?: () => void;
  canDelete?: boolean;
  /** Wraps the title in a link (the library's edit page). */
  renderLink?: (children: ReactNode) => ReactNode;
}

/**
 * The spec's document row: file name, last name, description, assigned module and type, date,
 * Download, View for PDFs only (the browser's viewer in a new tab), and Delete.
 */
export function DocumentBlock({ document, onDelete, canDelete = true, renderLink }: DocumentBlockProps) {
  const { t, i18n } = useTranslation(["documents", "sections"]);
  // The owner's file routes, or the shared download route on a nominee's read-only view.
  const { fileUrl } = useRecordSource();
  const noteId = useId();
  const moduleKey = assignedModuleKey(document.assignedModule);
  const typeKey = assignedTypeKey(document.assignedType);
  const fileName = document.fileName;
  const title = fileName ?? t("documents:block.noFile");

  const facts: Fact[] = [
    [t("documents:field.lastName"), document.lastName],
    [t("documents:field.description"), document.description],
    [t("documents:field.assignedModule"), moduleKey ? t(moduleKey) : document.assignedModule],
    [t("documents:field.assignedType"), typeKey ? t(typeKey) : document.assignedType],
    [t("documents:field.date"), formatDate(document.date, i18n.language)],
    [t("documents:field.size"), document.size === null ? null : formatFileSize(document.size, i18n.language)],
  ];
  const kind = fileFormat(document);
  const KindIcon = KIND_ICONS[kind];

  return (
    <Card withBorder padding="md" component="article" aria-label={title}>
      <Stack gap="xs">
        <Group gap="xs" wrap="nowrap" align="flex-start">
          <KindIcon size={22} aria-hidden="true" style={{ flexShrink: 0 }} />
          <Text fw={700} style={{ overflowWrap: "anywhere" }}>
            {renderLink ? renderLink(title) : title}
          </Text>
          <Text size="sm" c="dimmed" style={{ marginInlineStart: "auto", flexShrink: 0 }}>
            {t(`documents:kind.${kind}`)}
          </Text>
        </Group>
        <FactList facts={facts} />
        <Group gap="sm">
          {fileName && (
            <Button
              component="a"
              href={fileUrl(document, fileName)}
              download={fileName}
              size="xs"
              variant="default"
              leftSection={<IconDownload size={16} aria-hidden="true" />}
              aria-label={t("documents:block.downloadFile", { name: fileName })}
            >
              {t("documents:block.download")}
            </Button>
          )}
          {fileName && isPdf(document) && (
            <Button
              component="a"
              href={fileUrl(document, fileName, true)}
              target="_blank"
              rel="noopener noreferrer"
              size="xs"
              variant="default"
              leftSection={<IconEye size={16} aria-hidden="true" />}
              aria-label={t("documents:block.viewFile", { name: fileName })}
            >
              {t("documents:block.view")}
            </Button>
          )}
          {onDelete && (
            <Button
              size="xs"
              color="red.8"
              variant="outline"
              leftSection={<IconTrash size={16} aria-hidden="true" />}
              disabled={!canDelete}
              aria-describedby={canDelete ? undefined : noteId}
              aria-label={t("documents:block.deleteFile", { name: title })}
              onClick={onDelete}
            >
              {t("documents:block.delete")}
            </Button>
          )}
        </Group>
        {onDelete && !canDelete && (
          <Text id={noteId} size="sm" c="dimmed">
            {t("documents:block.deleteNeedsSubscription")}
          </Text>
        )}
      </Stack>
    </Card>
  );
}
