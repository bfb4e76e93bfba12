import "@mantine/dropzone/styles.css";
import { Alert, Button, Group, Stack, Text } from "@mantine/core";
import { Dropzone } from "@mantine/dropzone";
import { IconUpload } from "@tabler/icons-react";
import { useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import { LIMITS } from "../../../domain/limits.ts";
import { LIBRARY_PATH } from "./queries.ts";
import { DROPPED_FILE_STATE } from "./SharedFileNotice.tsx";

const MEGABYTES = LIMITS.uploadBytesMax / (1024 * 1024);

/**
 * A file dropped on the library (or chosen with its button, the keyboard's way) opens the add page with the file chosen, so it is saved by the same path as any
 * other upload.
 */
export function LibraryDropZone() {
  const { t } = useTranslation("documents");
  const navigate = useNavigate();
  const [refused, setRefused] = useState(false);
  const openRef = useRef<() => void>(null);
  return (
    <Stack gap="xs">
      <Dropzone
        onDrop={([file]: File[]) => {
          if (file) void navigate(`${LIBRARY_PATH}/add`, { state: { [DROPPED_FILE_STATE]: file } });
        }}
        onReject={() => setRefused(true)}
        maxSize={LIMITS.uploadBytesMax}
        multiple={false}
        // The area only takes drops; its button is the keyboard's and the pointer's way in.
        activateOnClick={false}
        activateOnKeyboard={false}
        enablePointerEvents
        openRef={openRef}
        p="md"
      >
        <Group gap="sm" justify="center" wrap="wrap">
          <IconUpload size={28} aria-hidden="true" style={{ flexShrink: 0 }} />
          <div>
            <Text>{t("library.drop")}</Text>
            <Text size="sm" c="dimmed">
              {t("library.dropHint", { megabytes: MEGABYTES })}
            </Text>
          </div>
          <Button variant="default" onClick={() => openRef.current?.()}>
            {t("library.choose")}
          </Button>
        </Group>
      </Dropzone>
      {refused && (
        <Alert color="red.8" variant="light" role="alert">
          {t("library.dropRefused", { megabytes: MEGABYTES })}
        </Alert>
      )}
    </Stack>
  );
}
