import "@mantine/core/styles/Progress.css";
import { ActionIcon, Button, FileButton, Group, Progress, Stack, Text } from "@mantine/core";
import { IconPaperclip, IconTrash, IconUpload } from "@tabler/icons-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { UPLOAD_ACCEPT } from "../../../domain/catalog/documents.ts";
import { LIMITS } from "../../../domain/limits.ts";
import { ReplaceFileDialog } from "../../components/dialogs/ConfirmDialog.tsx";
import { showToast } from "../../shell/toast.ts";

export interface UploadControlProps {
  /** The file the control holds (stored or chosen), or null. Only the last one is kept. */
  fileName: string | null;
  /** A file passed the checks (size, not the same name, replace confirmed). */
  onChoose: (file: File) => void;
  /** Clears the file; absent hides the remove icon (the Document Library). */
  onRemove?: () => void;
  uploading?: boolean;
  /** Upload progress 0-100 while uploading. */
  percent?: number | null;
  disabled?: boolean;
}

/**
 * The spec's file upload control: an "Upload File" button, the file it holds, progress while
 * uploading, and the spec's rules: files over 5 MB refused with a toast, a file of the same name
 * ignored, and "This will replace the existing file" asked before replacing.
 */
export function UploadControl({
  fileName,
  onChoose,
  onRemove,
  uploading = false,
  percent = null,
  disabled = false,
}: UploadControlProps) {
  const { t } = useTranslation("documents");
  const [pending, setPending] = useState<File | null>(null);

  const choose = (file: File | null) => {
    if (!file) return;
    if (file.size > LIMITS.uploadBytesMax) {
      showToast(t("upload.tooLarge"), "error");
      return;
    }
    if (file.name === fileName) return;
    if (fileName) setPending(file);
    else onChoose(file);
  };

  return (
    <Stack gap="xs">
      <FileButton onChange={choose} disabled={disabled || uploading} accept={UPLOAD_ACCEPT}>
        {(props) => (
          <Button
            {...props}
            variant="default"
            leftSection={<IconUpload size={18} aria-hidden="true" />}
            loading={uploading}
            style={{ alignSelf: "flex-start" }}
          >
            {t("upload.button")}
          </Button>
        )}
      </FileButton>
      {fileName && (
        <Group gap="xs" wrap="nowrap" aria-label={t("upload.fileList")} role="group">
          <IconPaperclip size={16} aria-hidden="true" />
          <Text size="sm" style={{ overflowWrap: "anywhere" }}>
            {fileName}
          </Text>
          {onRemove && !uploading && (
            <ActionIcon
              variant="subtle"
              color="red.8"
              aria-label={t("upload.remove", { name: fileName })}
              onClick={onRemove}
              disabled={disabled}
            >
              <IconTrash size={16} aria-hidden="true" />
            </ActionIcon>
          )}
        </Group>
      )}
      {uploading && percent !== null && (
        <Progress value={percent} aria-label={t("upload.progress")} size="sm" />
      )}
      <ReplaceFileDialog
        opened={pending !== null}
        onYes={() => {
          if (pending) onChoose(pending);
          setPending(null);
        }}
        onNo={() => setPending(null)}
      />
    </Stack>
  );
}
